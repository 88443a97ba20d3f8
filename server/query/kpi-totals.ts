/**
 * The KPI sums of `src/metrics` (KpiTotals) as ClickHouse aggregate expressions over the
 * `calls` table, keyed by the same field names: the database adds up each call exactly as
 * metrics' addCallToTotals (and the engine's addCall) does, and metrics' summariseKpis turns
 * the sums into every KPI. So a ratio's rule lives only in src/metrics; this table states what
 * one call contributes, once, and `kpi-totals.test.ts` checks it against addCallToTotals for
 * every field on hand-made calls.
 */
import { KPI_TOTAL_FIELDS, type KpiTotals } from '../../src/metrics/index.ts';
import { EXCLUDED_STATUS } from '../../src/data/corpus/corpus.ts';

/** Only analysed calls add to anything but `calls` and `excluded`. */
const ANALYSED = 'status = 0';
const when = (condition: string) => `(${ANALYSED} AND ${condition})`;
/** Sum of a column over analysed calls, in Float64 as the engine adds. */
const sumAnalysed = (expression: string) => `sumIf(toFloat64(${expression}), ${ANALYSED})`;
const sumPresent = (column: string) =>
  `sumIf(toFloat64(${column}), ${when(`NOT isNaN(${column})`)})`;
const countPresent = (column: string) => `countIf(${when(`NOT isNaN(${column})`)})`;

/** Customer sentiment at or below this is a negative call (metrics' sentimentBand). */
export const NEGATIVE_AT_MOST = -1;
export const POSITIVE_AT_LEAST = 1;

export const KPI_TOTAL_SQL = {
  calls: 'count()',
  analysed: `countIf(${ANALYSED})`,
  excluded: `countIf(status = ${EXCLUDED_STATUS})`,
  // metrics' handleTimeMs: max(0, duration - IVR) + hold + after-call work.
  handleMs: sumAnalysed('greatest(0, duration_ms - ivr_ms) + hold_ms + acw_ms'),
  durationMs: sumAnalysed('duration_ms'),
  agentTalkMs: sumAnalysed('agent_talk_ms'),
  customerTalkMs: sumAnalysed('customer_talk_ms'),
  silenceMs: sumAnalysed('silence_ms'),
  interruptions: sumAnalysed('interruptions'),
  agentSentimentSum: sumPresent('agent_sentiment'),
  agentSentimentN: countPresent('agent_sentiment'),
  customerSentimentSum: sumPresent('customer_sentiment'),
  customerSentimentN: countPresent('customer_sentiment'),
  trendSum: sumPresent('sentiment_trend'),
  trendN: countPresent('sentiment_trend'),
  negative: `countIf(${when(`NOT isNaN(customer_sentiment) AND customer_sentiment <= ${NEGATIVE_AT_MOST}`)})`,
  followedByRepeat: sumAnalysed('followed_by_repeat'),
  repeatCalls: sumAnalysed('repeat_call'),
  complianceScoreSum: sumPresent('compliance_score'),
  complianceScoreN: countPresent('compliance_score'),
  nonCompliant: `countIf(${when('compliant = 0')})`,
  qaSum: sumPresent('qa_score'),
  qaN: countPresent('qa_score'),
  escalated: `countIf(${when('escalation != 0')})`,
  churnHigh: `countIf(${when('churn_level = 2')})`,
  fake: sumAnalysed('fake'),
  resolved: sumAnalysed('resolved'),
  cost: sumAnalysed('cost'),
} as const satisfies Record<keyof KpiTotals, string>;

/** The select list of every sum, in KPI_TOTAL_FIELDS order (the engine's accumulator layout). */
export const KPI_TOTALS_SELECT = KPI_TOTAL_FIELDS.map((f) => KPI_TOTAL_SQL[f]).join(', ');

/** The band of a customer sentiment (0 negative, 1 neutral, 2 positive), as sentimentBand. */
export const SENTIMENT_BAND_SQL = `multiIf(customer_sentiment <= ${NEGATIVE_AT_MOST}, 0, customer_sentiment >= ${POSITIVE_AT_LEAST}, 2, 1)`;
