import type { ChurnReason, ChurnRisk, Evidence } from '../generated/data.types.ts';

export const CHURN_RISK_DEFINITION =
  'Churn risk = sum of the weights of the signals found (capped at 1): cancellation intent 0.45, competitor or price comparison 0.25, repeated contact (3 or more calls in 30 days) 0.2, customer sentiment still negative (≤ -1) in the last quarter of an unresolved call 0.25. Level: high from 0.6, medium from 0.3 (smart settings), else low. Churn-risk calls are the calls at high level.';

export const CHURN_SIGNAL_WEIGHTS = {
  'cancellation-intent': 0.45,
  'competitor-mention': 0.25,
  'repeated-contact': 0.2,
  'unresolved-negative-end': 0.25,
} as const;

export const REPEATED_CONTACT_THRESHOLD = 3;

export interface ChurnSignals {
  /** Where the customer said they want to cancel or leave (empty: not said). */
  cancellationIntent: readonly Evidence[];
  /** Where a competitor or a better price elsewhere came up. */
  competitorMention: readonly Evidence[];
  contactsIn30Days: number;
  /** Customer sentiment in the last quarter of the call (null: customer silent then). */
  endSentiment: number | null;
  /** Customer turns of the last quarter, evidence for an unresolved negative end. */
  endEvidence: readonly Evidence[];
  resolved: boolean;
}

export interface ChurnThresholds {
  churnMediumScore: number;
  churnHighScore: number;
}

export function churnRisk(signals: ChurnSignals, thresholds: ChurnThresholds): ChurnRisk {
  const reasons: ChurnReason[] = [];
  const add = (signal: ChurnReason['signal'], description: string, evidence: readonly Evidence[]) =>
    reasons.push({
      signal,
      description,
      weight: CHURN_SIGNAL_WEIGHTS[signal],
      evidence: [...evidence],
    });
  if (signals.cancellationIntent.length > 0) {
    add(
      'cancellation-intent',
      'The customer said they want to cancel or leave.',
      signals.cancellationIntent,
    );
  }
  if (signals.competitorMention.length > 0) {
    add(
      'competitor-mention',
      'A competitor or a better price elsewhere came up.',
      signals.competitorMention,
    );
  }
  if (signals.contactsIn30Days >= REPEATED_CONTACT_THRESHOLD) {
    add('repeated-contact', `${signals.contactsIn30Days} calls from this customer in 30 days.`, []);
  }
  if (!signals.resolved && signals.endSentiment !== null && signals.endSentiment <= -1) {
    add(
      'unresolved-negative-end',
      'The call ended unresolved with the customer still negative.',
      signals.endEvidence,
    );
  }
  const score = Math.min(
    1,
    reasons.reduce((sum, r) => sum + r.weight, 0),
  );
  return { level: churnLevel(score, thresholds), score: round(score), reasons };
}

export function churnLevel(score: number, t: ChurnThresholds): ChurnRisk['level'] {
  if (score >= t.churnHighScore) return 'high';
  if (score >= t.churnMediumScore) return 'medium';
  return 'low';
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
