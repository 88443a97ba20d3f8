/**
 * Types of `CallDataSource.spread`: the sums behind a mean and its spread, per metric whose
 * per-call values vary (handle time, sentiment, scores). A KPI tile needs only the mean; a test
 * of whether two groups differ also needs the variance (metrics' `summariseMoments`, `welchTest`).
 */
import type { MomentTotals } from '../metrics/index.ts';
import type { CallFilters } from './query-types.ts';

export type { MomentTotals };

/** Metrics averaged over calls; each one's n is the same as the KPI's denominator. */
export const SPREAD_METRICS = [
  'ahtMs',
  'customerSentiment',
  'qaScore',
  'complianceScore',
  'costPerAnalysedCall',
] as const;
export type SpreadMetric = (typeof SPREAD_METRICS)[number];

/** Most per-call values a spread returns per metric (for a bootstrap). */
export const MAX_SPREAD_VALUES = 5000;

export interface SpreadQuery {
  filters: CallFilters;
  /**
   * Also return up to this many per-call values of each metric (0..MAX_SPREAD_VALUES, default
   * none): all of them when there are fewer, else an even spread in time order.
   */
  values?: number;
}

/** n, sum and sum of squares of each metric's per-call values over the selected calls. */
export type SpreadResult = Record<SpreadMetric, SpreadTotals>;

export interface SpreadTotals extends MomentTotals {
  /** The per-call values asked for with `values` (all n of them, or an even spread). */
  values?: number[];
}
