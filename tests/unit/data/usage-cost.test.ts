/** Usage & Cost: per-day and per-vendor sums, the month projection and alerts (hand-computed). */
import { beforeAll, describe, expect, it } from 'vitest';
import { daysInMonthOf, vendorDailyBudget } from '../../../src/data/engine/usage-figures.ts';
import { projectMonth, usageByDay, usageByVendor } from '../../../src/data/engine/usage-cost.ts';
import type { UsageRecord } from '../../../src/data/index.ts';
import { smallSource } from './shared-corpus.ts';

beforeAll(() => void smallSource(), 120_000);

const record = (day: string, vendorId: string, calls: number, cost: number): UsageRecord => ({
  day,
  vendorId,
  calls,
  analysedCalls: calls - 1,
  audioMinutes: calls * 5,
  asrMinutes: (calls - 1) * 5,
  storageGb: calls * 0.01,
  cost,
  budget: 10,
});

describe('budget', () => {
  it('spreads the cap over the month’s days and the vendors', () => {
    expect(daysInMonthOf('2026-02-10')).toBe(28);
    expect(daysInMonthOf('2024-02-10')).toBe(29);
    expect(daysInMonthOf('2026-03-31')).toBe(31);
    // 3100 / 31 days / 4 vendors = 25
    expect(vendorDailyBudget(3100, '2026-03-05', 4)).toBe(25);
  });
});

describe('usageByDay and usageByVendor', () => {
  const records = [
    record('2026-03-01', 'v1', 4, 2),
    record('2026-03-01', 'v2', 2, 1),
    record('2026-03-03', 'v1', 3, 1.5),
  ];

  it('has every day of the period, empty ones included, with the day’s budget', () => {
    const days = usageByDay(
      records,
      { fromMs: Date.parse('2026-03-01'), toMs: Date.parse('2026-03-04') },
      () => 7,
    );
    expect(days.map((d) => [d.day, d.calls, d.analysedCalls, d.cost, d.budget])).toEqual([
      ['2026-03-01', 6, 4, 3, 7],
      ['2026-03-02', 0, 0, 0, 7],
      ['2026-03-03', 3, 2, 1.5, 7],
    ]);
  });

  it('sums per vendor with cost per analysed call, most expensive first', () => {
    const vendors = usageByVendor(records, new Map([['v1', 'One']]));
    expect(vendors.map((v) => [v.vendorId, v.vendorName, v.calls, v.cost])).toEqual([
      ['v1', 'One', 7, 3.5],
      ['v2', 'v2', 2, 1],
    ]);
    // v1: 3.5 / (3 + 2) analysed calls = 0.7
    expect(vendors[0]!.costPerAnalysedCall).toBeCloseTo(0.7, 10);
  });
});

describe('projectMonth', () => {
  const days = (costs: number[]) =>
    costs.map((cost, k) => ({ day: `2026-04-${String(k + 1).padStart(2, '0')}`, cost }));

  it('projects the month at the pace so far and dates the alerts', () => {
    // 10 days of April (30 days) at 20 a day: spent 200, pace 20, projected 200 + 20 x 20 = 600.
    const p = projectMonth({
      dailyCosts: days(Array(10).fill(20)),
      daysInMonth: 30,
      cap: 500,
      alertAtShares: [1, 0.3, 0.8],
    });
    expect(p.month).toBe('2026-04');
    expect(p.asOf).toBe('2026-04-10');
    expect(p.spentToDate).toBe(200);
    expect(p.dailyRunRate).toBe(20);
    expect(p.projected).toBe(600);
    expect(p.cumulative.map((d) => d.total).slice(0, 3)).toEqual([20, 40, 60]);
    expect(p.alerts).toEqual([
      // 0.3 x 500 = 150: reached on day 8 (cumulative 160).
      { share: 0.3, threshold: 150, status: 'fired', day: '2026-04-08' },
      // 400: 200 more at 20 a day = 10 days after the 10th.
      { share: 0.8, threshold: 400, status: 'will-fire', day: '2026-04-20' },
      // 500: 300 more = 15 days after the 10th.
      { share: 1, threshold: 500, status: 'will-fire', day: '2026-04-25' },
    ]);
  });

  it('does not expect an alert the pace never reaches', () => {
    const p = projectMonth({
      dailyCosts: days([5, 15]),
      daysInMonth: 30,
      cap: 1000,
      alertAtShares: [0.8],
    });
    // spent 20, pace 10, projected 20 + 10 x 28 = 300 < 800
    expect(p.projected).toBe(300);
    expect(p.alerts).toEqual([{ share: 0.8, threshold: 800, status: 'not-expected', day: null }]);
  });
});

describe('usageCost agrees with the KPIs', { timeout: 60_000 }, () => {
  it('calls, analysed calls and cost per call equal the dashboard’s for the same period and vendor', async () => {
    const source = smallSource();
    const catalog = await source.catalog();
    const vendorId = catalog.vendors[1]!.id;
    for (const q of [
      { from: '2026-03-01', to: '2026-04-01' },
      { from: '2026-02-10', to: '2026-03-15', vendorId },
    ]) {
      const [usage, kpis] = await Promise.all([source.usageCost(q), source.kpis({ filters: q })]);
      expect(usage.totals.calls).toBe(kpis.current.calls);
      expect(usage.totals.analysedCalls).toBe(kpis.current.analysedCalls);
      expect(usage.totals.cost).toBeCloseTo(kpis.current.totalCost, 6);
      expect(usage.totals.costPerAnalysedCall).toBeCloseTo(kpis.current.costPerAnalysedCall!, 10);
      expect(usage.vendors.reduce((n, v) => n + v.calls, 0)).toBe(kpis.current.calls);
      expect(usage.days.reduce((n, d) => n + d.calls, 0)).toBe(kpis.current.calls);
    }
  });

  it('projects the month of the period’s last day over every vendor', async () => {
    const source = smallSource();
    const usage = await source.usageCost({ from: '2026-03-01', to: '2026-03-11' });
    expect(usage.month.month).toBe('2026-03');
    expect(usage.month.asOf).toBe('2026-03-10');
    expect(usage.month.daysElapsed).toBe(10);
    const kpis = await source.kpis({ filters: { from: '2026-03-01', to: '2026-03-11' } });
    expect(usage.month.spentToDate).toBeCloseTo(kpis.current.totalCost, 6);
    expect(usage.month.projected).toBeCloseTo((kpis.current.totalCost / 10) * 31, 6);
    const settings = await source.settings();
    expect(usage.month.cap).toBe(settings.costControl.monthlyCap);
    expect(usage.month.alerts.map((a) => a.share)).toEqual(
      [...settings.costControl.alertAtShares].sort((a, b) => a - b),
    );
  });

  it('rejects a period that ends before it starts', async () => {
    await expect(
      smallSource().usageCost({ from: '2026-03-10', to: '2026-03-01' }),
    ).rejects.toMatchObject({ code: 'invalid-query' });
  });
});
