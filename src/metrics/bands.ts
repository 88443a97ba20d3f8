/** Quartile bands (leaderboards) and SLA colours (vendor matrix, report card), defined once. */
import type { SlaTargets } from '../generated/data.types.ts';

export const QUARTILE_DEFINITION =
  'Quartile bands split the agents of the view into four equal groups by the metric: Q1 is the best quarter (highest where higher is better, lowest where lower is better).';
export const SLA_STATUS_DEFINITION =
  "Green meets the vendor's SLA target. Amber misses it narrowly: up to 3 percentage points under a QA, " +
  'compliance or FCR target, or up to 10% over the AHT target. Red misses it by more.';

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

/** A KPI a vendor's contract sets a target for. */
export type SlaMetric = keyof SlaTargets;
export const SLA_METRICS: readonly SlaMetric[] = ['qaScore', 'complianceRate', 'fcr', 'ahtMs'];

export type SlaStatus = 'green' | 'amber' | 'red';

/** Shares (QA, compliance, FCR) within 3 percentage points under target are amber. */
export const AMBER_SHARE_POINTS = 0.03;
/** AHT up to 10% over target is amber. */
export const AMBER_AHT_FRACTION = 0.1;

/**
 * Red / amber / green against an SLA target. Green meets the target; amber misses it by a
 * little, so it is a warning rather than a breach; red misses it by more. Null without a value.
 */
export function slaStatus(
  metric: SlaMetric,
  value: number | null,
  target: number,
): SlaStatus | null {
  if (value === null || !Number.isFinite(value)) return null;
  if (metric === 'ahtMs') {
    if (value <= target) return 'green';
    return value <= target * (1 + AMBER_AHT_FRACTION) ? 'amber' : 'red';
  }
  if (value >= target) return 'green';
  return value >= target - AMBER_SHARE_POINTS ? 'amber' : 'red';
}

export const SLA_STATUS_WORDS: Record<SlaStatus, string> = {
  green: 'meets target',
  amber: 'just misses target',
  red: 'misses target',
};
