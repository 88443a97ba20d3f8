/**
 * Whether a difference between two groups of calls is larger than chance. Rates (FCR,
 * compliance, fake calls...) use the two-proportion z-test; means (AHT, sentiment, QA
 * score...) use Welch's t-test, which does not assume the groups have the same spread. Both are
 * two-sided and also give a 95% interval for the difference (B − A), so a screen can show the
 * test, its p-value and the interval. Pure functions on counts and sums, no I/O.
 */

export const SIGNIFICANCE_LEVEL = 0.05;

export const TWO_PROPORTION_TEST_DEFINITION =
  'Two-proportion z-test: z = (p₂ − p₁) / √(p̂(1 − p̂)(1/n₁ + 1/n₂)) with the pooled share p̂; two-sided p-value. The 95% interval of the difference uses each group’s own share (Wald).';
export const WELCH_TEST_DEFINITION =
  'Welch’s t-test: t = (m₂ − m₁) / √(s₁²/n₁ + s₂²/n₂), degrees of freedom by the Welch–Satterthwaite formula; two-sided p-value and 95% interval of the difference.';

/** The sums a mean and its spread come from (one pass over calls, additive across groups). */
export interface MomentTotals {
  n: number;
  sum: number;
  sumSquares: number;
}

export interface SampleSummary {
  n: number;
  mean: number | null;
  /** Sample variance (n − 1 in the denominator); null below two values. */
  variance: number | null;
}

export interface DifferenceTest {
  test: 'two-proportion z' | 'Welch t' | 'bootstrap';
  /** Group B minus group A, in the metric's unit. */
  difference: number;
  statistic: number;
  /** Degrees of freedom (Welch only). */
  df?: number;
  /** Two-sided p-value. */
  p: number;
  /** 95% interval of the difference. */
  interval: [number, number];
  /** p below the significance level (5%). */
  significant: boolean;
}

export function summariseMoments(t: MomentTotals): SampleSummary {
  if (t.n <= 0) return { n: 0, mean: null, variance: null };
  const mean = t.sum / t.n;
  if (t.n < 2) return { n: t.n, mean, variance: null };
  // max(0, …): rounding can make a constant sample's variance a hair below zero.
  const variance = Math.max(0, (t.sumSquares - t.n * mean * mean) / (t.n - 1));
  return { n: t.n, mean, variance };
}

/**
 * Two-proportion z-test of x₁/n₁ against x₂/n₂. Null when either group is empty or the pooled
 * share is 0 or 1 (no variation: nothing to test).
 */
export function twoProportionTest(
  a: { count: number; n: number },
  b: { count: number; n: number },
): DifferenceTest | null {
  if (a.n <= 0 || b.n <= 0) return null;
  const p1 = a.count / a.n;
  const p2 = b.count / b.n;
  const pooled = (a.count + b.count) / (a.n + b.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n));
  if (!(se > 0)) return null;
  const difference = p2 - p1;
  const z = difference / se;
  const p = 2 * (1 - normalCdf(Math.abs(z)));
  const seDiff = Math.sqrt((p1 * (1 - p1)) / a.n + (p2 * (1 - p2)) / b.n);
  const margin = Z_95 * seDiff;
  return {
    test: 'two-proportion z',
    difference,
    statistic: z,
    p,
    interval: [difference - margin, difference + margin],
    significant: p < SIGNIFICANCE_LEVEL,
  };
}

/** Welch's t-test of B's mean against A's. Null when a group has fewer than two values or no spread. */
export function welchTest(a: SampleSummary, b: SampleSummary): DifferenceTest | null {
  if (a.mean === null || b.mean === null || a.variance === null || b.variance === null) return null;
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const se = Math.sqrt(va + vb);
  if (!(se > 0)) return null;
  const difference = b.mean - a.mean;
  const t = difference / se;
  const df = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
  const p = studentTwoSidedP(t, df);
  const margin = studentQuantile975(df) * se;
  return {
    test: 'Welch t',
    difference,
    statistic: t,
    df,
    p,
    interval: [difference - margin, difference + margin],
    significant: p < SIGNIFICANCE_LEVEL,
  };
}

const Z_95 = 1.959963984540054;

/** Standard normal CDF through erf (Abramowitz & Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** P(|T| ≥ |t|) for Student's t with df degrees of freedom: I_{df/(df+t²)}(df/2, 1/2). */
export function studentTwoSidedP(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  return regularizedBeta(df / (df + t * t), df / 2, 0.5);
}

/** The 97.5% quantile of Student's t (the 95% interval's multiplier), by bisection on the CDF. */
export function studentQuantile975(df: number): number {
  let lo = 0;
  let hi = 1000;
  for (let k = 0; k < 100; k++) {
    const mid = (lo + hi) / 2;
    if (studentTwoSidedP(mid, df) > 0.05) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Regularised incomplete beta I_x(a, b) by Lentz's continued fraction (Numerical Recipes 6.4). */
function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(
    logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x),
  );
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-12) break;
  }
  return h;
}

/** ln Γ(x) by the Lanczos approximation (g = 7, 9 terms). */
function logGamma(x: number): number {
  const g = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = g[0]!;
  for (let k = 1; k < 9; k++) sum += g[k]! / (y + k);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}
