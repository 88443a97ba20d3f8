/**
 * What one themed report shows. The churn, brand and sentiment reports share one frame
 * (report-frame.tsx); each screen only says which outcome it is about and how to slice it.
 */
import type { CallFilters, CallKpis, Dimension, KpiKey } from '../../../data/index.ts';
import { rate } from '../../../metrics/index.ts';

export interface ReportOutcome {
  /** The count of calls with the outcome (churnRiskCalls, negativeCalls, ...). */
  count: KpiKey;
  /** The call filters that list exactly those calls (their total equals `count`). */
  filters: CallFilters;
  /** Short name of the outcome: "High churn risk". */
  label: string;
  /** Plural noun for a count of them: "high-risk calls". */
  noun: string;
  /** Name of its rate over analysed calls: "Churn-risk %". */
  rateLabel: string;
}

export interface ReportTheme {
  /** Used in test ids and file names: "churn". */
  id: string;
  title: string;
  /** One sentence under the title: what the report answers. */
  purpose: string;
  /** KPI tiles, in order. */
  kpis: readonly KpiKey[];
  outcome: ReportOutcome;
  /** The line over the outcome bars in the trend chart (a share or a sentiment). */
  trendLine: KpiKey;
  /** The tables, in order; the first one also gets a trend per row. */
  breakdowns: readonly Dimension[];
  /** KPI columns of every table, after calls and the outcome. */
  columns: readonly KpiKey[];
  /** A distribution shown beside the drivers (e.g. churn levels, sentiment bands). */
  distribution: { by: Dimension; title: string; subtitle: string };
  /** Optional: the topics that set each value of this dimension apart (brand report). */
  concerns?: { by: Dimension; plural: string };
}

export const DIMENSION_LABELS: Partial<Record<Dimension, string>> = {
  vendor: 'Vendor',
  brand: 'Brand',
  product: 'Product',
  queue: 'Queue',
  team: 'Team',
  agent: 'Agent',
  category: 'Category',
  topic: 'Topic',
  churnRisk: 'Churn-risk level',
  sentiment: 'Customer sentiment',
};

export function dimensionLabel(by: Dimension): string {
  return DIMENSION_LABELS[by] ?? by;
}

/** The outcome's rate over analysed calls (as every rate KPI: metrics' `rate`). */
export function outcomeRate(outcome: ReportOutcome, metrics: CallKpis): number | null {
  return rate(metrics[outcome.count] as number, metrics.analysedCalls);
}
