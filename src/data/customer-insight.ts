/**
 * Queries and results of the customer-insight screens (voice of the customer, fake-call and
 * churn insight, trends). Plain JSON like the rest of the source; the embedded engine answers
 * them in `engine/customer-insight/`.
 */
import type { ChurnRiskLevel, ChurnReason, FakeCallReason } from '../generated/data.types.ts';
import type { CallKpis } from '../metrics/index.ts';
import type { TranscriptSegment } from '../generated/data.types.ts';
import type { CallFilters, DateRange, Page, PageRequest } from './query-types.ts';

type PeriodFilters = CallFilters & { from: string; to: string };

// ---------------------------------------------------------------- voice of the customer

export interface VocQuery {
  /** The calls to hear (from and to required: phrases compare with the period just before). */
  filters: PeriodFilters;
  /** Quotes to return, default 12. */
  quotes?: number;
  /** Rising phrases to return, default 12. */
  phrases?: number;
}

/** One customer turn, verbatim, with where it was said. */
export interface VocQuote {
  callId: string;
  startedAt: string;
  agentName: string;
  vendorName: string;
  topic: string | null;
  dispositionLabel: string;
  speaker: TranscriptSegment['speaker'];
  segment: number;
  beginMs: number;
  endMs: number;
  text: string;
  /** The turn's sentiment, -5..+5. */
  sentimentScore: number;
}

/** A phrase customers said: in how many calls now and in the previous period. */
export interface VocPhrase {
  phrase: string;
  calls: number;
  previousCalls: number;
  /** calls / calls heard, now and before. */
  share: number;
  previousShare: number;
}

export interface VocResult {
  period: DateRange;
  previousPeriod: DateRange;
  /** Analysed calls whose customer turns were read: every analysed call of the selection. */
  heardCalls: number;
  previousHeardCalls: number;
  quotes: VocQuote[];
  /** Phrases whose share of calls rose most against the previous period. */
  risingPhrases: VocPhrase[];
}

// ---------------------------------------------------------------- fake calls

export type FakeSignal = FakeCallReason['signal'];

export interface FakeCallInsightQuery {
  filters: CallFilters;
  /** Flagged calls to list as evidence, default 50 (at most 500). */
  evidence?: number;
}

export interface FakeCallEvidence {
  callId: string;
  startedAt: string;
  agentId: string;
  agentName: string;
  vendorName: string;
  dispositionLabel: string;
  durationMs: number;
  score: number;
  reasons: FakeCallReason[];
}

export interface FakeCallInsights {
  analysedCalls: number;
  flaggedCalls: number;
  threshold: number;
  /** Analysed calls per score band [from, to): ten bands of 0.1, the last one including 1. */
  distribution: { from: number; to: number; calls: number; flagged: number }[];
  /** Each signal: how many flagged calls and how many analysed calls show it. */
  signals: { signal: FakeSignal; flaggedCalls: number; analysedCalls: number }[];
  /** The flagged calls, highest score first. */
  evidence: FakeCallEvidence[];
}

// ---------------------------------------------------------------- churn

export type ChurnSignal = ChurnReason['signal'];

export interface ChurnInsightQuery {
  filters: CallFilters;
  /** Quotes per reason, default 3. */
  quotesPerReason?: number;
}

export interface ChurnInsights {
  analysedCalls: number;
  /** Analysed calls showing each churn signal (a call can show several). */
  reasons: { signal: ChurnSignal; calls: number; quotes: VocQuote[] }[];
  /** What followed high-risk calls, per vendor and per agent of the high-risk call. */
  followUp: { vendors: ChurnFollowUpRow[]; agents: ChurnFollowUpRow[]; total: ChurnFollowUpRow };
}

/**
 * High-risk calls and what came next: contacted again = the customer called again within the
 * repeat window (followedByRepeat); the next call then decides saved (retention offer accepted
 * or resolved at low risk), churned (cancelled, or cancellation intent again) or still open.
 */
export const FOLLOW_UP_RULE =
  'Contacted again: the customer called again within the repeat window after the high-risk call. The next call decides what happened: churned when it was a cancellation or the customer again said they want to leave; saved when a retention offer was accepted, or the call was resolved at low churn risk; otherwise still open.';

export interface ChurnFollowUpRow {
  key: string;
  label: string;
  highRiskCalls: number;
  contactedAgain: number;
  saved: number;
  churned: number;
  open: number;
  /** The high-risk calls of the row (its count is highRiskCalls). */
  filters: CallFilters;
}

export interface AtRiskCustomerQuery extends PageRequest {
  filters: CallFilters;
  level?: ChurnRiskLevel | readonly ChurnRiskLevel[];
  segment?: string | readonly string[];
}

/** A customer ranked by rolling churn risk over the selection's calls. */
export interface AtRiskCustomer {
  customerId: string;
  name: string;
  segment: string;
  /** Highest churn score of the customer's analysed calls in the 30 days up to the last one. */
  score: number;
  level: ChurnRiskLevel;
  /** Signals of the call that set the score. */
  reasons: ChurnSignal[];
  /** The call that set the score. */
  riskCallId: string;
  lastContactAt: string;
  contactsIn30Days: number;
  /** The customer's calls in the selection (what the drill-down lists). */
  calls: number;
  filters: CallFilters;
}

export interface AtRiskCustomers extends Page<AtRiskCustomer> {
  /** Customers per level over the whole selection (before level and segment filters). */
  levels: Record<ChurnRiskLevel, number>;
  segments: string[];
}

// ---------------------------------------------------------------- trends

export const TREND_Z = 2;
export const TREND_MIN_CALLS = 5;
export const TREND_MIN_HISTORY = 3;
/** Floor of the standard deviation (0.5 percentage points), so a flat history does not flag noise. */
export const TREND_MIN_SD = 0.005;

export const TREND_RULE = `A topic or category is emerging when its share of analysed calls in the latest bucket is at least ${TREND_Z} standard deviations above the mean of its share in the earlier buckets (at least ${TREND_MIN_HISTORY} earlier buckets, standard deviation at least 0.5 pp) and it has at least ${TREND_MIN_CALLS} calls in that bucket; declining when it is ${TREND_Z} standard deviations below.`;

export type TrendBucket = 'day' | 'week' | 'month';

export interface TopicTrendQuery {
  filters: PeriodFilters;
  bucket: TrendBucket;
}

export interface TopicTrendSeries {
  /** Topic name or category rule id (the value of the matching filter). */
  key: string;
  label: string;
  /** Calls per bucket. */
  calls: number[];
  /** Emerging / declining flag of the last bucket by the stated rule, with its z-score. */
  flag: TrendFlag;
}

export interface TrendFlag {
  direction: 'emerging' | 'declining' | null;
  /** (last share - mean of earlier shares) / their standard deviation; null without history. */
  z: number | null;
}

export interface TopicTrends {
  bucket: TrendBucket;
  /** Every bucket of the period, empty ones included, clipped to the period at both ends. */
  buckets: { start: string; end: string; metrics: CallKpis }[];
  topics: TopicTrendSeries[];
  categories: TopicTrendSeries[];
}
