import { describe, expect, it } from 'vitest';
import type { AggregateResult, CallKpis } from '../../../data/index.ts';
import { groupConcerns } from './concerns.ts';

const kpis = (analysedCalls: number) => ({ calls: analysedCalls, analysedCalls }) as CallKpis;
const topics = (total: number, rows: [string, number][], brand?: string): AggregateResult => ({
  by: 'topic',
  partition: false,
  total: kpis(total),
  rows: rows.map(([key, n]) => ({
    key,
    label: key,
    metrics: kpis(n),
    filters: { ...(brand ? { brand } : {}), topic: key },
  })),
});

describe('what sets each brand apart', () => {
  // 300 analysed calls: brand A 100 of them, brand B 200.
  const all = topics(300, [
    ['Billing', 90],
    ['Cancel', 30],
    ['Info', 180],
  ]);
  const a = topics(
    100,
    [
      ['Billing', 50],
      ['Cancel', 5],
      ['Info', 45],
    ],
    'A',
  );
  const b = topics(
    200,
    [
      ['Billing', 40],
      ['Cancel', 25],
      ['Info', 135],
    ],
    'B',
  );

  it('ranks the topics a brand’s calls are about more often than the other brands’', () => {
    const [ga, gb] = groupConcerns(
      [
        { key: 'A', label: 'A', topics: a },
        { key: 'B', label: 'B', topics: b },
      ],
      all,
    );
    // A: Billing 50% vs 40/200 = 20% at B: +30 pp, lift 2.5. Cancel has 5 calls: too few.
    expect(ga!.concerns.map((c) => c.topic)).toEqual(['Billing']);
    expect(ga!.concerns[0]!.groupRate).toBe(0.5);
    expect(ga!.concerns[0]!.restRate).toBe(0.2);
    expect(ga!.concerns[0]!.lift).toBeCloseTo(2.5, 10);
    expect(ga!.concerns[0]!.filters).toEqual({ brand: 'A', topic: 'Billing' });
    // B: Info 67.5% vs 45% (+22.5 pp), Cancel 12.5% vs 5% (+7.5 pp); Billing is under A's.
    expect(gb!.concerns.map((c) => c.topic)).toEqual(['Info', 'Cancel']);
    expect(gb!.concerns[0]!.difference).toBeCloseTo(0.225, 10);
    expect(gb!.concerns[1]!.difference).toBeCloseTo(0.075, 10);
    expect(gb!.calls).toBe(200);
  });

  it('leaves out differences within the noise (under two standard errors)', () => {
    // 51% against 49% on 1,000 calls each: z ≈ 0.9.
    const everyone = topics(2000, [['X', 1000]]);
    const c = topics(1000, [['X', 510]], 'C');
    expect(groupConcerns([{ key: 'C', label: 'C', topics: c }], everyone)[0]!.concerns).toEqual([]);
  });

  it('leaves out groups without calls', () => {
    expect(groupConcerns([{ key: 'C', label: 'C', topics: topics(0, []) }], all)).toEqual([]);
  });
});
