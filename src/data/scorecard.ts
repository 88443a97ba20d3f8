/**
 * Query and result types of the scorecard reads (report card): compliance by rule and QA by
 * evaluation-form section over a selection of calls. Kept beside source.ts, which only adds the
 * two methods to CallDataSource.
 */
import type { Severity } from '../generated/data.types.ts';
import type { CallFilters } from './query-types.ts';

export interface RuleBreakdownQuery {
  filters: CallFilters;
}

export interface RuleBreakdownRow {
  ruleId: string;
  ruleName: string;
  severity: Severity;
  /** Analysed calls of the selection in the rule's scope. */
  applicableCalls: number;
  /** Of those, calls where the rule failed. */
  failedCalls: number;
  /** failedCalls / applicableCalls; null when the rule applied to no call. */
  failureRate: number | null;
  /** The failed calls: `calls({ filters }).total === failedCalls`. */
  filters: CallFilters;
}

export interface RuleBreakdown {
  analysedCalls: number;
  /** Every active compliance rule (and any other with failures), most severe first, then most failed. */
  rows: RuleBreakdownRow[];
}

export interface QaSectionQuery {
  filters: CallFilters;
  /** Newest evaluated calls to read (their answers are rebuilt): default 200, at most 500. */
  sampleSize?: number;
}

export interface QaSectionRow {
  sectionId: string;
  title: string;
  weight: number;
  /** Mean of the sampled calls' section scores (points / potential); null when none was scorable. */
  score: number | null;
  /** Sampled calls with a scorable answer in the section. */
  scoredCalls: number;
  /** Sampled calls where an answer of the section was an auto-fail. */
  autoFailedCalls: number;
}

export interface QaSectionBreakdown {
  formId: string;
  formName: string;
  formVersion: number;
  /** Evaluated calls in the selection. */
  evaluatedCalls: number;
  /** Of those, the newest ones read for the sections. */
  sampledCalls: number;
  sections: QaSectionRow[];
}
