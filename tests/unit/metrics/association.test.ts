import { describe, expect, it } from 'vitest';
import { associationZ, outcomeAssociation, peerPercentile } from '../../../src/metrics/index.ts';

describe('driver measure (outcome association)', () => {
  it('compares the group with the rest of the selection', () => {
    // 40 calls with the category, 10 of them at risk; 160 others, 8 at risk.
    const a = outcomeAssociation({
      groupCalls: 40,
      groupOutcome: 10,
      totalCalls: 200,
      totalOutcome: 18,
    });
    expect(a.groupRate).toBe(0.25);
    expect(a.restRate).toBe(0.05);
    expect(a.difference).toBeCloseTo(0.2, 10);
    expect(a.lift).toBeCloseTo(5, 10);
  });

  it('is negative for a group with fewer outcomes than the rest', () => {
    const a = outcomeAssociation({
      groupCalls: 50,
      groupOutcome: 1,
      totalCalls: 100,
      totalOutcome: 11,
    });
    expect(a.groupRate).toBe(0.02);
    expect(a.restRate).toBe(0.2);
    expect(a.difference).toBeCloseTo(-0.18, 10);
    expect(a.lift).toBeCloseTo(0.1, 10);
  });

  it('has no rest rate when the group is the whole selection, and no lift without rest outcomes', () => {
    expect(
      outcomeAssociation({ groupCalls: 10, groupOutcome: 2, totalCalls: 10, totalOutcome: 2 }),
    ).toEqual({ groupRate: 0.2, restRate: null, difference: null, lift: null });
    const none = outcomeAssociation({
      groupCalls: 10,
      groupOutcome: 2,
      totalCalls: 30,
      totalOutcome: 2,
    });
    expect(none.restRate).toBe(0);
    expect(none.difference).toBe(0.2);
    expect(none.lift).toBeNull();
  });
});

describe('peer percentile', () => {
  it('counts the peers a value beats, ties as half', () => {
    expect(peerPercentile(0.8, [0.5, 0.6, 0.8, 0.9], 'higher')).toBe(62.5);
    // Lower is better (AHT): 300 beats 400 and 500, ties 300, loses to 200.
    expect(peerPercentile(300, [200, 300, 400, 500], 'lower')).toBe(62.5);
  });

  it('ignores peers without a value and has no percentile without peers or value', () => {
    expect(peerPercentile(1, [null, 0, 2], 'higher')).toBe(50);
    expect(peerPercentile(1, [null], 'higher')).toBeNull();
    expect(peerPercentile(null, [1, 2], 'higher')).toBeNull();
  });
});

describe('association z (two-proportion test)', () => {
  it('is the rate difference over its pooled standard error', () => {
    // 40 with the category, 10 at risk (25%); 160 others, 8 at risk (5%); pooled 9%.
    const z = associationZ({ groupCalls: 40, groupOutcome: 10, totalCalls: 200, totalOutcome: 18 });
    const se = Math.sqrt(0.09 * 0.91 * (1 / 40 + 1 / 160));
    expect(z).toBeCloseTo(0.2 / se, 10);
    expect(z!).toBeGreaterThan(3.9);
  });

  it('is null without a rest or without any spread', () => {
    expect(
      associationZ({ groupCalls: 10, groupOutcome: 2, totalCalls: 10, totalOutcome: 2 }),
    ).toBeNull();
    expect(
      associationZ({ groupCalls: 10, groupOutcome: 0, totalCalls: 30, totalOutcome: 0 }),
    ).toBeNull();
  });
});
