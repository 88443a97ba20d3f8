/**
 * Query and result types of the quality workflows: rule statistics and versions, the rule
 * re-run job, the review queue, submitted evaluations with their dispute workflow, and
 * calibration. Kept beside source.ts (which adds the methods) so that file stays small.
 */
import type { Evaluation, Rule } from '../generated/data.types.ts';
import type { CallFilters, PageRequest } from './query-types.ts';

export interface RuleStatsQuery {
  /**
   * Analysed calls started in [from, to) (ISO timestamps or YYYY-MM-DD).
   * @format date
   */
  from: string;
  /** @format date */
  to: string;
}

/** How one rule did on the calls of a period (rules of every kind, active or not). */
export interface RuleStats {
  ruleId: string;
  /** Analysed calls of the period in the rule's scope (0 for an inactive rule: not evaluated). */
  applicableCalls: number;
  /** Calls where the condition was true: violations (compliance) or tagged calls (category). */
  hits: number;
  /** hits / applicableCalls; null when no call applied. */
  hitRate: number | null;
  /** Compliance: share of applicable calls that failed the rule; null for category rules. */
  failureRate: number | null;
  /** The call list behind `hits` (its total equals `hits`). */
  drillDown: CallFilters;
  /** When the current version was saved; null for a rule unchanged since it shipped. */
  changedAt: string | null;
}

/** One saved version of a rule and when it was saved (null: shipped with the product). */
export interface RuleVersion {
  rule: Rule;
  savedAt: string | null;
}

/** Saving a rule and re-running it on every stored call, followed by the client. */
export interface RuleJob {
  id: string;
  /** The saved rule (the new version). */
  rule: Rule;
  /** running → done, or cancelled (the save is undone: the previous version is back). */
  state: 'running' | 'done' | 'cancelled' | 'failed';
  /** Calls gone through so far, of `total`. */
  processed: number;
  total: number;
  message?: string;
}

export type ReviewSampling = 'random' | 'low-ai-score' | 'failed-critical' | 'disputes';

export interface ReviewQueueQuery extends PageRequest {
  sampling: ReviewSampling;
  filters: CallFilters;
}

export interface ReviewQueueItem {
  callId: string;
  startedAt: string;
  agentId: string;
  agentName: string;
  vendorName: string;
  durationMs: number;
  aiScore: number | null;
  /** Names of the critical compliance rules the call failed. */
  failedCritical: string[];
  /** Status of the latest review by a person, null when none. */
  reviewStatus: Evaluation['status'] | null;
  /** Id of the evaluation a dispute is about (disputes sampling), else null. */
  evaluationId: string | null;
}

export interface ReviewQueue {
  /** The sampling rule in words, shown above the queue. */
  rule: string;
  page: { total: number; offset: number; limit: number; items: ReviewQueueItem[] };
}

/** A person's evaluation of a call with the active form (scored by the engine). */
export interface EvaluationDraft {
  callId: string;
  evaluator: string;
  /** calibration = one of several reviewers scoring the same call. */
  source: 'human' | 'calibration';
  answers: Evaluation['answers'];
  /**
   * true: save it as a draft to finish later (questions may be left unanswered; the call keeps
   * the AI's score and the agent is not asked yet). The call's latest review, when a draft, is
   * continued by the next save or submit rather than joined by another review.
   */
  draft?: boolean;
}

export type EvaluationAction = 'acknowledge' | 'dispute' | 'resolve';

export interface EvaluationUpdate {
  id: string;
  action: EvaluationAction;
  by: string;
  /** Why (a dispute must say why). */
  note?: string;
  /** The status the client saw: a different stored status rejects with `conflict`. */
  baseStatus?: Evaluation['status'];
}

export interface EvaluationEvent {
  at: string;
  by: string;
  /** draft: saved unfinished; submit: given to the agent. */
  action: 'draft' | 'submit' | EvaluationAction;
  note?: string;
}

/** A reviewed evaluation with its workflow history. */
export interface ReviewRecord {
  evaluation: Evaluation;
  history: EvaluationEvent[];
}

export interface Calibration {
  callId: string;
  /** The AI's evaluation and every submitted review of the call. */
  reviews: ReviewRecord[];
  ai: Evaluation | null;
  /** Over the people's scores (not the AI's): mean, standard deviation, max − min. */
  mean: number | null;
  stdDev: number | null;
  range: number | null;
}
