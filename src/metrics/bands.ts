/** Quartile bands (leaderboards) and SLA colours (vendor matrix), defined once. */

export const QUARTILE_DEFINITION =
  'Quartile bands split the agents of the view into four equal groups by the metric: Q1 is the best quarter (highest where higher is better, lowest where lower is better).';
export const SLA_STATUS_DEFINITION =
  "Green: meets the vendor's SLA target. Amber: misses it by less than 5 % of the target. Red: misses it by 5 % or more.";

export interface Quartiles {
  q1: number;
  median: number;
  q3: number;
}

/** Quartiles by linear interpolation between sorted values (null values are ignored). */
export function quartiles(values: readonly (number | null)[]): Quartiles | null {
  const sorted = values
    .filter((v): v is number => v !== null && !Number.isNaN(v))
    .sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const at = (p: number) => {
    const x = (sorted.length - 1) * p;
    const lo = Math.floor(x);
    const hi = Math.ceil(x);
    return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (x - lo);
  };
  return { q1: at(0.25), median: at(0.5), q3: at(0.75) };
}

/** Band 1 (best) to 4 (worst) of a value among the quartiles; null when either is missing. */
export function quartileBand(
  value: number | null,
  q: Quartiles | null,
  better: 'higher' | 'lower',
): 1 | 2 | 3 | 4 | null {
  if (value === null || q === null) return null;
  const rank = value <= q.q1 ? 4 : value <= q.median ? 3 : value <= q.q3 ? 2 : 1;
  return (better === 'higher' ? rank : 5 - rank) as 1 | 2 | 3 | 4;
}

export type SlaStatus = 'green' | 'amber' | 'red';

export function slaStatus(
  value: number | null,
  target: number,
  better: 'higher' | 'lower',
): SlaStatus | null {
  if (value === null) return null;
  const miss = better === 'higher' ? target - value : value - target;
  if (miss <= 0) return 'green';
  return miss < Math.abs(target) * 0.05 ? 'amber' : 'red';
}
