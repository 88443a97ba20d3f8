import { describe, expect, it } from 'vitest';
import type { AggregateResult, CallKpis } from '../../../data/index.ts';
import { rankDrivers } from './drivers.ts';

/** KPIs with only the counts the drivers read. */
const kpis = (analysedCalls: number, churnRiskCalls: number) =>
  ({ calls: analysedCalls, analysedCalls, churnRiskCalls }) as unknown as CallKpis;

const result = (
  by: 'category' | 'topic',
  total: [number, number],
  rows: [string, number, number][],
): AggregateResult => ({
  by,
  partition: false,
  total: kpis(...total),
  rows: rows.map(([key, n, hits]) => ({
    key,
    label: key.toUpperCase(),
    metrics: kpis(n, hits),
    filters: { from: '2026-03-01', [by]: key },
  })),
});

const outcome = { count: 'churnRiskCalls' as const, filters: { churnRisk: 'high' as const } };

describe('top drivers', () => {
  // 200 analysed calls, 20 at high churn risk (10%).
  const categories = result(
    'category',
    [200, 20],
    [
      ['cancel', 40, 12], // 30% vs 8/160 = 5%: +25 pp, lift 6
      ['billing', 50, 8], // 16% vs 12/150 = 8%: +8 pp but z = 0.08 / 0.049 = 1.6: noise, left out
      ['dispute', 100, 16], // 16% vs 4/100 = 4%: +12 pp, lift 4, z = 0.12 / 0.042 = 2.8
      ['greeting', 150, 10], // 6.7% vs 10/50 = 20%: negative, left out
      ['tiny', 5, 5], // under the minimum size, left out
    ],
  );
  const topics = result(
    'topic',
    [200, 20],
    [
      ['Competitor offer', 20, 4], // 20% vs 16/180 = 8.9%: +11.1 pp but z = 1.6: left out
      ['Price', 30, 9], // 30% vs 11/170 = 6.5%: +23.5 pp, z = 4.0
    ],
  );

  it('ranks categories and topics by rate difference against the rest', () => {
    const rows = rankDrivers(
      [
        { kind: 'category', result: categories },
        { kind: 'topic', result: topics },
      ],
      outcome,
    );
    expect(rows.map((r) => r.key)).toEqual(['cancel', 'Price', 'dispute']);
    const [cancel, price, dispute] = rows;
    expect(cancel!.groupRate).toBe(0.3);
    expect(cancel!.restRate).toBe(0.05);
    expect(cancel!.difference).toBeCloseTo(0.25, 10);
    expect(cancel!.lift).toBeCloseTo(6, 10);
    expect(dispute!.difference).toBeCloseTo(0.12, 10);
    expect(dispute!.lift).toBeCloseTo(4, 10);
    expect(price!.kind).toBe('topic');
    expect(price!.difference).toBeCloseTo(0.3 - 11 / 170, 10);
  });

  it('links each driver to its calls with the outcome, and keeps the counts', () => {
    const [cancel] = rankDrivers([{ kind: 'category', result: categories }], outcome);
    expect(cancel!.filters).toEqual({ from: '2026-03-01', category: 'cancel', churnRisk: 'high' });
    expect(cancel!.calls).toBe(40);
    expect(cancel!.outcome).toBe(12);
  });

  it('keeps the top N', () => {
    expect(rankDrivers([{ kind: 'category', result: categories }], outcome, 1)).toHaveLength(1);
  });
});
