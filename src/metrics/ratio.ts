/** null instead of NaN/Infinity: an empty selection has no average, and screens show "–". */
export function safeDivide(numerator: number, denominator: number): number | null {
  return denominator > 0 ? numerator / denominator : null;
}

/** A share of calls, 0..1; null for no calls. */
export function rate(count: number, calls: number): number | null {
  return safeDivide(count, calls);
}
