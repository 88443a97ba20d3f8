/**
 * The KPI sums of `src/metrics` (KpiTotals) in the database, keyed by the same field names: for
 * each field, what one call contributes, exactly as metrics' addCallToTotals (and the engine's
 * addCall) adds it. The call tables keep each contribution as a MATERIALIZED column computed
 * when a row is written (server/store/corpus-table.ts), so a KPI query is plain sums, and
 * metrics' summariseKpis turns the sums into every KPI: a ratio's rule lives only in
 * src/metrics. `kpi-totals.test.ts` checks this table against addCallToTotals for every field
 * on hand-made calls.
 */
import { KPI_TOTAL_FIELDS, type KpiTotals } from '../../src/metrics/index.ts';
import { EXCLUDED_STATUS } from '../../src/data/corpus/corpus.ts';

/** Only analysed calls add to anything but `calls` and `excluded`. */
const ANALYSED = 'status = 0';
const analysedFlag = (condition: string) => `toUInt8(${ANALYSED} AND ${condition})`;
/** A column of analysed calls, 0 for the others (adding 0 leaves a sum unchanged). */
const analysedValue = (expression: string, type: string) =>
  `if(${ANALYSED}, to${type}(${expression}), 0)`;
/** A score of analysed calls that have one (NaN: none). */
const presentScore = (column: string) =>
  `if(${ANALYSED} AND NOT isNaN(${column}), toFloat64(${column}), 0)`;
const hasScore = (column: string) => analysedFlag(`NOT isNaN(${column})`);

/** Customer sentiment at or below this is a negative call (metrics' sentimentBand). */
export const NEGATIVE_AT_MOST = -1;
export const POSITIVE_AT_LEAST = 1;

export interface Contribution {
  /** ClickHouse type of the per-call column. */
  readonly type: 'UInt8' | 'Int64' | 'Float64';
  /** What one call adds, over the call table's columns. */
  readonly sql: string;
}

const flag = (sql: string): Contribution => ({ type: 'UInt8', sql });
const ms = (sql: string): Contribution => ({ type: 'Int64', sql: analysedValue(sql, 'Int64') });
const real = (sql: string): Contribution => ({ type: 'Float64', sql });

export const KPI_CONTRIBUTIONS = {
  calls: flag('1'),
  analysed: flag(`toUInt8(${ANALYSED})`),
  excluded: flag(`toUInt8(status = ${EXCLUDED_STATUS})`),
  // metrics' handleTimeMs: max(0, duration - IVR) + hold + after-call work.
  handleMs: ms('greatest(0, toInt64(duration_ms) - ivr_ms) + hold_ms + acw_ms'),
  durationMs: ms('duration_ms'),
  agentTalkMs: ms('agent_talk_ms'),
  customerTalkMs: ms('customer_talk_ms'),
  silenceMs: ms('silence_ms'),
  interruptions: ms('interruptions'),
  agentSentimentSum: real(presentScore('agent_sentiment')),
  agentSentimentN: flag(hasScore('agent_sentiment')),
  customerSentimentSum: real(presentScore('customer_sentiment')),
  customerSentimentN: flag(hasScore('customer_sentiment')),
  trendSum: real(presentScore('sentiment_trend')),
  trendN: flag(hasScore('sentiment_trend')),
  negative: flag(
    analysedFlag(`NOT isNaN(customer_sentiment) AND customer_sentiment <= ${NEGATIVE_AT_MOST}`),
  ),
  followedByRepeat: flag(analysedFlag('followed_by_repeat != 0')),
  repeatCalls: flag(analysedFlag('repeat_call != 0')),
  repeatPending: flag(analysedFlag('repeat_pending != 0')),
  complianceScoreSum: real(presentScore('compliance_score')),
  complianceScoreN: flag(hasScore('compliance_score')),
  nonCompliant: flag(analysedFlag('compliant = 0')),
  qaSum: real(presentScore('qa_score')),
  qaN: flag(hasScore('qa_score')),
  escalated: flag(analysedFlag('escalation != 0')),
  churnHigh: flag(analysedFlag('churn_level = 2')),
  fake: flag(analysedFlag('fake != 0')),
  resolved: flag(analysedFlag('resolved != 0')),
  cost: real(analysedValue('cost', 'Float64')),
} as const satisfies Record<keyof KpiTotals, Contribution>;

/** The per-call column holding a field's contribution. */
export const contributionColumn = (field: keyof KpiTotals) =>
  `kpi_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

/** The select list of every sum, in KPI_TOTAL_FIELDS order (the engine's accumulator layout). */
export const KPI_TOTALS_SELECT = KPI_TOTAL_FIELDS.map((f) => `sum(${contributionColumn(f)})`).join(
  ', ',
);

/** The band of a sentiment column (0 negative, 1 neutral, 2 positive), as sentimentBand. */
export const sentimentBandSql = (column: string) =>
  `multiIf(${column} <= ${NEGATIVE_AT_MOST}, 0, ${column} >= ${POSITIVE_AT_LEAST}, 2, 1)`;

/** The band of a call's customer sentiment. */
export const SENTIMENT_BAND_SQL = sentimentBandSql('customer_sentiment');

/** The bands in sentimentBandSql's numbering. */
export const SENTIMENT_BANDS = ['negative', 'neutral', 'positive'] as const;
