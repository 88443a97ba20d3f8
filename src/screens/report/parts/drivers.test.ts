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
      ['billing', 50, 8], // 16% vs 12/150 = 8%: +8 pp, lift 2
      ['greeting', 150, 10], // 6.7% vs 10/50 = 20%: negative, left out
      ['tiny', 5, 5], // under the minimum size, left out
    ],
  );
  const topics = result(
    'topic',
    [200, 20],
    [
      ['Competitor offer', 20, 4], // 20% vs 16/180 = 8.9%: +11.1 pp
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
    expect(rows.map((r) => r.key)).toEqual(['cancel', 'Competitor offer', 'billing']);
    const [cancel, competitor, billing] = rows;
    expect(cancel!.groupRate).toBe(0.3);
    expect(cancel!.restRate).toBe(0.05);
    expect(cancel!.difference).toBeCloseTo(0.25, 10);
    expect(cancel!.lift).toBeCloseTo(6, 10);
    expect(billing!.difference).toBeCloseTo(0.16 - 0.08, 10);
    expect(billing!.lift).toBeCloseTo(2, 10);
    expect(competitor!.kind).toBe('topic');
    expect(competitor!.difference).toBeCloseTo(0.2 - 16 / 180, 10);
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
