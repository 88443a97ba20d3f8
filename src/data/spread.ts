/**
 * Types of `CallDataSource.spread`: the sums behind a mean and its spread, per metric whose
 * per-call values vary (handle time, sentiment, scores). A KPI tile needs only the mean; a test
 * of whether two groups differ also needs the variance (metrics' `summariseMoments`, `welchTest`).
 */
import type { MomentTotals } from '../metrics/index.ts';
import type { CallFilters } from './source.ts';

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

export interface SpreadQuery {
  filters: CallFilters;
}

/** n, sum and sum of squares of each metric's per-call values over the selected calls. */
export type SpreadResult = Record<SpreadMetric, MomentTotals>;
