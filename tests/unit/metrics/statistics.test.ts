import { describe, expect, it } from 'vitest';
import {
  normalCdf,
  studentQuantile975,
  studentTwoSidedP,
  summariseMoments,
  twoProportionTest,
  welchTest,
} from '../../../src/metrics/index.ts';

describe('two-proportion z-test', () => {
  it('matches the hand computation for 45/100 against 30/100', () => {
    // Pooled p = 75/200 = 0.375; SE = sqrt(0.375 x 0.625 x (1/100 + 1/100)) = 0.0684653;
    // z = (0.30 - 0.45) / 0.0684653 = -2.19089; two-sided p = 0.028460.
    // Interval: -0.15 ± 1.959964 x sqrt(0.45 x 0.55/100 + 0.3 x 0.7/100) = [-0.282570, -0.017430].
    const r = twoProportionTest({ count: 45, n: 100 }, { count: 30, n: 100 })!;
    expect(r.test).toBe('two-proportion z');
    expect(r.difference).toBeCloseTo(-0.15, 12);
    expect(r.statistic).toBeCloseTo(-2.19089, 4);
    expect(r.p).toBeCloseTo(0.02846, 4);
    expect(r.interval[0]).toBeCloseTo(-0.28257, 4);
    expect(r.interval[1]).toBeCloseTo(-0.01743, 4);
    expect(r.significant).toBe(true);
  });

  it('is not significant for equal shares and undefined without calls or variation', () => {
    const same = twoProportionTest({ count: 20, n: 100 }, { count: 40, n: 200 })!;
    expect(same.statistic).toBeCloseTo(0, 12);
    expect(same.p).toBeCloseTo(1, 6);
    expect(same.significant).toBe(false);
    expect(twoProportionTest({ count: 0, n: 0 }, { count: 1, n: 2 })).toBeNull();
    expect(twoProportionTest({ count: 5, n: 5 }, { count: 7, n: 7 })).toBeNull();
  });
});

describe('Welch t-test', () => {
  it('matches the hand computation for {1..5} against {2,4,6,8}', () => {
    // A: n 5, mean 3, s² 2.5; B: n 4, mean 5, s² 20/3. SE = sqrt(0.5 + 1.6667) = 1.471960;
    // t = 2 / 1.471960 = 1.358732; df = 2.16667² / (0.5²/4 + 1.6667²/3) = 4.749415;
    // p = 0.235194; t(0.975, 4.7494) = 2.611916 -> interval [-1.844636, 5.844636].
    const a = summariseMoments({ n: 5, sum: 15, sumSquares: 55 });
    const b = summariseMoments({ n: 4, sum: 20, sumSquares: 120 });
    expect(a).toEqual({ n: 5, mean: 3, variance: 2.5 });
    expect(b.variance).toBeCloseTo(20 / 3, 12);
    const r = welchTest(a, b)!;
    expect(r.test).toBe('Welch t');
    expect(r.difference).toBe(2);
    expect(r.statistic).toBeCloseTo(1.358732, 5);
    expect(r.df).toBeCloseTo(4.749415, 5);
    expect(r.p).toBeCloseTo(0.235194, 5);
    expect(r.interval[0]).toBeCloseTo(-1.844636, 4);
    expect(r.interval[1]).toBeCloseTo(5.844636, 4);
    expect(r.significant).toBe(false);
  });

  it('needs two values and some spread', () => {
    const one = summariseMoments({ n: 1, sum: 4, sumSquares: 16 });
    expect(one).toEqual({ n: 1, mean: 4, variance: null });
    expect(welchTest(one, summariseMoments({ n: 3, sum: 6, sumSquares: 14 }))).toBeNull();
    const flat = summariseMoments({ n: 3, sum: 6, sumSquares: 12 });
    expect(welchTest(flat, flat)).toBeNull();
    expect(summariseMoments({ n: 0, sum: 0, sumSquares: 0 }).mean).toBeNull();
  });
});

describe('distribution functions', () => {
  it('normal and Student t agree with tables', () => {
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
    expect(studentTwoSidedP(2.5, 3)).toBeCloseTo(0.087707, 5);
    expect(studentQuantile975(10)).toBeCloseTo(2.228139, 5);
    expect(studentTwoSidedP(0, 7)).toBeCloseTo(1, 10);
  });
});
