import { describe, expect, it } from 'vitest';
import {
  bootstrapMeanDifference,
  holmAdjust,
  quantile,
  seededRandom,
  skewness,
} from './bootstrap.ts';

describe('holmAdjust', () => {
  it('multiplies the k-th smallest of m p-values by m − k + 1, monotone, capped at 1', () => {
    // Sorted: 0.01 (×4 = 0.04), 0.02 (×3 = 0.06), 0.03 (×2 = 0.06), 0.5 (×1, 0.5).
    expect(holmAdjust([0.03, 0.5, 0.01, 0.02])).toEqual([0.06, 0.5, 0.04, 0.06]);
    // 0.04 × 2 = 0.08; 0.041 × 1 = 0.041 is raised to 0.08 (never below the one before).
    expect(holmAdjust([0.04, 0.041])).toEqual([0.08, 0.08]);
    expect(holmAdjust([0.9, 0.8])).toEqual([1, 1]);
  });

  it('leaves untested KPIs out of the count', () => {
    expect(holmAdjust([null, 0.01, null, 0.04])).toEqual([null, 0.02, null, 0.04]);
  });
});

describe('skewness', () => {
  it('is zero for a symmetric sample and positive for a long right tail', () => {
    expect(skewness([1, 2, 3])).toBe(0);
    // Mean 1, deviations −1,−1,−1,3: m2 = 3, m3 = (−1−1−1+27)/4 = 6, g1 = 6 / 3^1.5.
    expect(skewness([0, 0, 0, 4])).toBeCloseTo(6 / 3 ** 1.5, 12);
    expect(skewness([5, 5, 5])).toBeNull();
    expect(skewness([1, 2])).toBeNull();
  });
});

describe('quantile', () => {
  it('interpolates between order statistics', () => {
    expect(quantile([0, 10, 20, 30, 40], 0.5)).toBe(20);
    expect(quantile([0, 10], 0.25)).toBe(2.5);
  });
});

describe('bootstrapMeanDifference', () => {
  it('is deterministic for a seed, and differs with another seed', () => {
    const a = { values: [1, 2, 3, 4, 50] };
    const b = { values: [2, 3, 4, 5, 80] };
    const one = bootstrapMeanDifference(a, b, { seed: 7 });
    expect(bootstrapMeanDifference(a, b, { seed: 7 })).toEqual(one);
    expect(bootstrapMeanDifference(a, b, { seed: 8 })!.interval).not.toEqual(one!.interval);
    expect(one!.test).toBe('bootstrap');
    expect(one!.difference).toBe(18.8 - 12);
  });

  it('gives a point interval and p = 1 for constant groups with equal means', () => {
    const r = bootstrapMeanDifference({ values: [3, 3] }, { values: [3, 3, 3] })!;
    expect(r.interval).toEqual([0, 0]);
    expect(r.p).toBe(1);
    expect(r.significant).toBe(false);
  });

  it('gives the smallest p of its resamples when every resampled difference is above zero', () => {
    // Every value of B exceeds every value of A: every resample differs by more than 0.
    const r = bootstrapMeanDifference(
      { values: [1, 2, 3] },
      { values: [10, 11, 12] },
      { resamples: 99 },
    )!;
    expect(r.p).toBeCloseTo(2 / 100, 12);
    expect(r.significant).toBe(true);
    expect(r.interval[0]).toBeGreaterThanOrEqual(7);
    expect(r.interval[1]).toBeLessThanOrEqual(11);
  });

  it('draws the group’s number of calls from an even spread of its values', () => {
    // Drawing 10,000 from the values gives a much narrower interval than drawing 4.
    const a = { values: [0, 0, 10, 10] };
    const b = { values: [0, 0, 10, 10] };
    const small = bootstrapMeanDifference(a, b)!;
    const large = bootstrapMeanDifference({ ...a, n: 10_000 }, { ...b, n: 10_000 })!;
    expect(large.interval[1] - large.interval[0]).toBeLessThan(
      (small.interval[1] - small.interval[0]) / 10,
    );
  });

  it('uses a uniform stream in [0, 1)', () => {
    const r = seededRandom(1);
    const xs = Array.from({ length: 1000 }, r);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(xs.reduce((s, x) => s + x, 0) / 1000).toBeCloseTo(0.5, 1);
  });
});
