/**
 * Top drivers of an outcome (churn risk, negative sentiment, a repeat contact): how much more
 * often the outcome happens in calls with a category or topic than in the other calls of the
 * same selection. Reports rank categories and topics by the rate difference; the lift is shown
 * beside it. Both come from a 2 x 2 count, so they can be checked by hand.
 */
import { safeDivide } from './ratio.ts';

export const DRIVER_DEFINITION =
  "Rate difference = the outcome's rate in calls with the category or topic minus its rate in the other analysed calls of the selection, in percentage points. Lift = the first rate divided by the second (1.0 = no association). Only groups of at least 20 analysed calls whose difference is at least two standard errors (a two-proportion z test) are ranked, so noise is left out.";

/** Groups smaller than this many calls are too noisy to rank as drivers. */
export const MIN_DRIVER_CALLS = 20;
/** A driver's difference must be at least this many standard errors (see associationZ). */
export const MIN_DRIVER_Z = 2;

export interface OutcomeCounts {
  /** Calls in the group (e.g. with the category). */
  groupCalls: number;
  /** Of those, calls with the outcome. */
  groupOutcome: number;
  /** Calls in the whole selection, the group included. */
  totalCalls: number;
  /** Of those, calls with the outcome. */
  totalOutcome: number;
}

export interface OutcomeAssociation {
  /** Outcome rate in the group. */
  groupRate: number | null;
  /** Outcome rate in the rest of the selection. */
  restRate: number | null;
  /** groupRate - restRate (a share: 0.05 = 5 percentage points). */
  difference: number | null;
  /** groupRate / restRate; null when the rest has no outcome. */
  lift: number | null;
}

export function outcomeAssociation(counts: OutcomeCounts): OutcomeAssociation {
  const restCalls = counts.totalCalls - counts.groupCalls;
  const restOutcome = counts.totalOutcome - counts.groupOutcome;
  const groupRate = safeDivide(counts.groupOutcome, counts.groupCalls);
  const restRate = safeDivide(restOutcome, restCalls);
  return {
    groupRate,
    restRate,
    difference: groupRate === null || restRate === null ? null : groupRate - restRate,
    lift: groupRate === null || restRate === null ? null : safeDivide(groupRate, restRate),
  };
}

/**
 * How many standard errors apart the group's rate and the rest's are (two-proportion z test,
 * pooled). |z| >= 2 is the usual bar for a difference that is not noise. Null when either side
 * is empty or the outcome is all or nothing.
 */
export function associationZ(counts: OutcomeCounts): number | null {
  const restCalls = counts.totalCalls - counts.groupCalls;
  if (counts.groupCalls <= 0 || restCalls <= 0) return null;
  const pooled = counts.totalOutcome / counts.totalCalls;
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / counts.groupCalls + 1 / restCalls));
  if (!(se > 0)) return null;
  const groupRate = counts.groupOutcome / counts.groupCalls;
  const restRate = (counts.totalOutcome - counts.groupOutcome) / restCalls;
  return (groupRate - restRate) / se;
}

export const PEER_PERCENTILE_DEFINITION =
  'Percentile among peers = the share of the other agents (teams, vendors) of the same selection whose value is worse, counting ties as half; 100 = better than every peer.';

/**
 * Where a value stands among its peers, 0..100, in the metric's good direction: the share of
 * peers it beats (ties count half). Null without a value or peers.
 */
export function peerPercentile(
  value: number | null,
  peers: readonly (number | null)[],
  better: 'higher' | 'lower',
): number | null {
  if (value === null) return null;
  const known = peers.filter((p): p is number => p !== null && !Number.isNaN(p));
  if (known.length === 0) return null;
  let beaten = 0;
  for (const p of known) {
    if (p === value) beaten += 0.5;
    else if (better === 'higher' ? value > p : value < p) beaten += 1;
  }
  return (beaten / known.length) * 100;
}
