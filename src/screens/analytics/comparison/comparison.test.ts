import { describeIgnored } from '../../../runtime/index.ts';
import { describe, expect, it } from 'vitest';
import type { Catalog, SpreadResult } from '../../../data/index.ts';
import { readComparison } from './groups.ts';
import { COMPARED_KPIS, compareGroup, compareKpi, type GroupData } from './kpi-set.ts';
import { formatDifference, formatInterval, formatP } from './format.ts';

const catalog = {
  vendors: [
    { id: 'vendor-01', name: 'Northwind' },
    { id: 'vendor-02', name: 'Contoso' },
    { id: 'vendor-03', name: 'Fabrikam' },
  ],
  teams: ['Billing A', 'Billing B'],
  queues: ['Sales'],
  brands: ['Acme'],
} as unknown as Catalog;
const info = { range: { from: '2026-01-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' } };
const base = { from: '2026-03-02', to: '2026-04-01' };
const read = (query: string) =>
  readComparison({ params: new URLSearchParams(query), catalog, info, base });

describe('groups from the address', () => {
  it('compares the first two vendors by default', () => {
    const c = read('');
    expect(c.by).toBe('vendor');
    expect(c.groups.map((g) => g.filters)).toEqual([
      { ...base, vendorId: 'vendor-01' },
      { ...base, vendorId: 'vendor-02' },
    ]);
    expect(c.problems).toEqual([]);
  });

  it('keeps the chosen order (baseline first) and names what it ignores', () => {
    const c = read('by=team&groups=Billing%20B,Nope,Billing%20A');
    expect(c.groups.map((g) => g.key)).toEqual(['Billing B', 'Billing A']);
    expect(c.problems.map(describeIgnored)).toEqual([
      'groups: “Nope” was ignored (not one of the teams; left out).',
    ]);
    const bad = read('by=planet&groups=vendor-03');
    expect(bad.by).toBe('vendor');
    expect(bad.groups.map((g) => g.key)).toEqual(['vendor-01', 'vendor-02']);
    // The unknown `by` is named by the shell's check of the declared enum; here only the group.
    expect(bad.problems.map((p) => p.param)).toEqual(['groups']);
  });

  it('splits before and after the change day, the same number of days each side', () => {
    const c = read('by=period&change=2026-03-15&days=7&vendor=vendor-02');
    expect(c.groups.map((g) => [g.key, g.filters.from, g.filters.to])).toEqual([
      ['before', '2026-03-08', '2026-03-15'],
      ['after', '2026-03-15', '2026-03-22'],
    ]);
    const late = read('by=period&change=2027-01-01&days=500');
    expect(late.problems).toHaveLength(2);
    // Defaults: 14 days, "after" ends with the data.
    expect(late.groups[1]!.filters).toMatchObject({ from: '2026-03-18', to: '2026-04-01' });
  });
});

const moments = (n: number, sum: number, sumSquares: number) => ({ n, sum, sumSquares });
const group = (
  analysed: number,
  escalated: number,
  aht: ReturnType<typeof moments>,
): GroupData => ({
  kpis: { analysedCalls: analysed, escalatedCalls: escalated } as GroupData['kpis'],
  spread: { ahtMs: aht } as SpreadResult,
});

describe('cells of the matrix', () => {
  it('tests rates with the z-test and averages with Welch, group against baseline', () => {
    const a = group(100, 45, moments(5, 15, 55));
    const b = group(100, 30, moments(4, 20, 120));
    const escalation = COMPARED_KPIS.find((k) => k.metric === 'escalationRate')!;
    const aht = COMPARED_KPIS.find((k) => k.metric === 'ahtMs')!;
    const calls = COMPARED_KPIS.find((k) => k.metric === 'analysedCalls')!;
    expect(compareKpi(escalation, a, b)).toMatchObject({ test: 'two-proportion z' });
    expect(compareKpi(escalation, a, b)!.p).toBeCloseTo(0.02846, 4);
    expect(compareKpi(aht, a, b)).toMatchObject({ test: 'Welch t', difference: 2 });
    expect(compareKpi(calls, a, b)).toBeNull();
  });

  it('tests a skewed average by the bootstrap, a symmetric one by Welch', () => {
    const skewed = [1, 1, 1, 1, 1, 1, 1, 1, 1, 30];
    const a: GroupData = {
      kpis: {} as GroupData['kpis'],
      spread: { ahtMs: { ...moments(10, 39, 909), values: skewed } } as SpreadResult,
    };
    const b: GroupData = {
      kpis: {} as GroupData['kpis'],
      spread: { ahtMs: { ...moments(3, 6, 14), values: [1, 2, 3] } } as SpreadResult,
    };
    const aht = COMPARED_KPIS.find((k) => k.metric === 'ahtMs')!;
    const test = compareKpi(aht, a, b)!;
    expect(test.test).toBe('bootstrap');
    expect(test.difference).toBeCloseTo(2 - 3.9, 12);
    const symmetric: GroupData = {
      kpis: {} as GroupData['kpis'],
      spread: { ahtMs: { ...moments(3, 6, 14), values: [1, 2, 3] } } as SpreadResult,
    };
    // Skewness of 1, 2, 3 is 0 in both groups: Welch's t-test, on the moments.
    expect(compareKpi(aht, symmetric, b)).toMatchObject({ test: 'Welch t', difference: 0 });
  });

  it('corrects a group’s tests together (Holm) and decides significance on the adjusted p', () => {
    // Escalation p ≈ 0.0285 alone is below 0.05; with AHT's Welch test in the family it is
    // multiplied by 2 (the smaller of two p-values), so it is no longer larger than chance.
    const a = group(100, 45, moments(5, 15, 55));
    const b = group(100, 30, moments(4, 20, 120));
    const kpis = COMPARED_KPIS.filter((k) => k.metric === 'escalationRate' || k.metric === 'ahtMs');
    const [aht, escalation] = compareGroup(kpis, a, b);
    expect(escalation!.p).toBeCloseTo(0.02846, 4);
    expect(aht!.p).toBeGreaterThan(escalation!.p);
    expect(escalation!.adjustedP).toBeCloseTo(2 * escalation!.p, 10);
    expect(escalation!.significant).toBe(false);
    expect(aht!.adjustedP).toBe(Math.max(aht!.p, escalation!.adjustedP));
  });

  it('writes differences in the metric’s unit', () => {
    expect(formatDifference('fcr', -0.0214, 'USD')).toBe('−2.1 pp');
    expect(formatDifference('ahtMs', 12_400, 'USD')).toBe('+12 s');
    expect(formatInterval('customerSentiment', [-0.1, 0.25], 'USD')).toBe('−0.10 to +0.25');
    expect(formatDifference('costPerAnalysedCall', -0.00042, 'USD')).toBe('−$0.0004');
    expect(formatP(0.0004)).toBe('p < 0.001');
    expect(formatP(0.2351)).toBe('p = 0.235');
  });
});
