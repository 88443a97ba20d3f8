/**
 * Differences of means whose per-call values are skewed (handle time, cost per call: a few very
 * long or costly calls), where Welch's normal approximation can mislead: a percentile bootstrap
 * interval, seeded so the same data always gives the same interval. And the Holm–Bonferroni
 * correction, because the comparison matrix tests a whole KPI set at once.
 */
import { SIGNIFICANCE_LEVEL, type DifferenceTest } from './statistics.ts';

/** Resamples of each group's mean. */
export const BOOTSTRAP_RESAMPLES = 1000;
/** Seed of the resampling: same values, same interval. */
export const BOOTSTRAP_SEED = 20_260_301;
/** A group whose values' skewness is at least this (in size) is tested by the bootstrap. */
export const SKEWED_AT = 1;

export const BOOTSTRAP_DEFINITION = `Bootstrap (for averages whose per-call values are skewed, |skewness| ≥ ${SKEWED_AT} in a group): ${BOOTSTRAP_RESAMPLES.toLocaleString('en-US')} resamples, drawn with replacement and a fixed seed, of each group's mean; the 95% interval of the difference is the 2.5th to 97.5th percentile of the resampled differences, and the two-sided p-value is twice the smaller share of resampled differences on either side of zero.`;
export const HOLM_DEFINITION =
  'Holm–Bonferroni: the p-values of one group’s tested KPIs are sorted from smallest; the k-th smallest of m is multiplied by (m − k + 1), never below the one before it, capped at 1. A difference is larger than chance when this adjusted p is below 0.05, so the chance of any false flag among the KPIs stays under 5%.';

/** Sample skewness (Fisher–Pearson, g₁); null below three values or with no spread. */
export function skewness(values: readonly number[]): number | null {
  const n = values.length;
  if (n < 3) return null;
  let mean = 0;
  for (const v of values) mean += v;
  mean /= n;
  let m2 = 0;
  let m3 = 0;
  for (const v of values) {
    const d = v - mean;
    m2 += d * d;
    m3 += d * d * d;
  }
  m2 /= n;
  m3 /= n;
  if (!(m2 > 0)) return null;
  return m3 / m2 ** 1.5;
}

/** A deterministic uniform [0, 1) stream (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The q-quantile of sorted values, by linear interpolation between order statistics. */
export function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

export interface BootstrapGroup {
  /** The group's per-call values (all of them, or an even spread of them). */
  values: readonly number[];
  /** Calls the group's mean is over; each resample draws this many (default values.length). */
  n?: number;
}

/**
 * Percentile bootstrap of mean(B) − mean(A). Each resample draws each group's n values with
 * replacement from its values. Null when a group has no values.
 */
export function bootstrapMeanDifference(
  a: BootstrapGroup,
  b: BootstrapGroup,
  options: { resamples?: number; seed?: number } = {},
): DifferenceTest | null {
  if (a.values.length === 0 || b.values.length === 0) return null;
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const random = seededRandom(options.seed ?? BOOTSTRAP_SEED);
  const mean = (v: readonly number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const resampledMean = (g: BootstrapGroup) => {
    const n = g.n ?? g.values.length;
    const m = g.values.length;
    let sum = 0;
    for (let k = 0; k < n; k++) sum += g.values[Math.floor(random() * m)]!;
    return sum / n;
  };
  const differences: number[] = [];
  for (let r = 0; r < resamples; r++) differences.push(resampledMean(b) - resampledMean(a));
  differences.sort((x, y) => x - y);
  const below = differences.filter((d) => d <= 0).length;
  const above = differences.filter((d) => d >= 0).length;
  // (count + 1) / (resamples + 1): a finite number of resamples never proves p = 0.
  const p = Math.min(1, (2 * (Math.min(below, above) + 1)) / (resamples + 1));
  return {
    test: 'bootstrap',
    difference: mean(b.values) - mean(a.values),
    statistic: resamples,
    p,
    interval: [quantile(differences, 0.025), quantile(differences, 0.975)],
    significant: p < SIGNIFICANCE_LEVEL,
  };
}

/**
 * Holm–Bonferroni adjusted p-values, in the order given; a null (not tested) stays null and
 * does not count towards the number of tests.
 */
export function holmAdjust(ps: readonly (number | null)[]): (number | null)[] {
  const tested = ps
    .map((p, k) => ({ p, k }))
    .filter((x): x is { p: number; k: number } => x.p !== null)
    .sort((x, y) => x.p - y.p || x.k - y.k);
  const m = tested.length;
  const out: (number | null)[] = ps.map(() => null);
  let running = 0;
  tested.forEach(({ p, k }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[k] = running;
  });
  return out;
}
