/**
 * Calibration: several reviewers score the same call; how far apart they are says whether the
 * form is read the same way by everyone.
 */
export const CALIBRATION_SPREAD_DEFINITION =
  'How much reviewers disagree on one call: the standard deviation of their QA scores (population), with the lowest-to-highest range. Reviews scored N/A throughout are left out.';

export interface ScoreSpread {
  mean: number | null;
  stdDev: number | null;
  range: number | null;
}

export function scoreSpread(scores: readonly (number | null)[]): ScoreSpread {
  const values = scores.filter((s): s is number => s !== null && Number.isFinite(s));
  if (values.length === 0) return { mean: null, stdDev: null, range: null };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
  return {
    mean,
    stdDev: Math.sqrt(variance),
    range: Math.max(...values) - Math.min(...values),
  };
}
