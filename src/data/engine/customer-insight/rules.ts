/**
 * The pure rules of the customer-insight queries, apart from the corpus so each can be tested on
 * a hand-made fixture: which phrases rose, when a topic is emerging, what followed a high-risk
 * call, and how the fake-call score spreads over bands.
 */
import {
  TREND_MIN_CALLS,
  TREND_MIN_HISTORY,
  TREND_MIN_SD,
  TREND_Z,
  type TrendFlag,
  type VocPhrase,
} from '../../customer-insight.ts';
import { tokenize } from '../../text/tokenize.ts';

// ---------------------------------------------------------------- phrases

/** Words that carry no meaning on their own: a phrase may not start or end with one. */
const STOPWORDS = new Set(
  (
    'a an and are as at be but by can could do for from had has have i if in is it its just me my ' +
    'no not of on or our so that the their them then there they this to was we were what when ' +
    "which will with would you your i'm it's that's i've don't can't im yes ok okay oh um uh hi " +
    'hello please thanks thank bye'
  ).split(' '),
);

/** The distinct two- and three-word phrases of some turns (document frequency counts each once). */
export function phrasesOf(texts: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const text of texts) {
    const words = tokenize(text).map((t) => t.word);
    // Whether each word may start or end a phrase, tested once per word, not per phrase.
    const edge = words.map((w) => !STOPWORDS.has(w) && !/^\d+$/.test(w));
    for (let k = 0; k + 2 <= words.length; k++) {
      if (edge[k] && edge[k + 1]) found.add(`${words[k]} ${words[k + 1]}`);
    }
    for (let k = 0; k + 3 <= words.length; k++) {
      if (edge[k] && edge[k + 2]) found.add(`${words[k]} ${words[k + 1]} ${words[k + 2]}`);
    }
  }
  return found;
}

/** A phrase must be said in at least this many calls of the period to count as rising. */
export const MIN_PHRASE_CALLS = 3;

/**
 * Phrases whose share of calls rose most: share now minus share before, largest first, among
 * phrases said in at least MIN_PHRASE_CALLS calls now. The phrases of one sentence rise together: of phrases with the same counts now and before, only the
 * longest is kept (they are the same finding).
 */
export function risingPhrases(
  now: ReadonlyMap<string, number>,
  before: ReadonlyMap<string, number>,
  heard: number,
  previousHeard: number,
  limit: number,
): VocPhrase[] {
  if (heard === 0) return [];
  const rows: VocPhrase[] = [];
  for (const [phrase, calls] of now) {
    if (calls < MIN_PHRASE_CALLS) continue;
    const previousCalls = before.get(phrase) ?? 0;
    const share = calls / heard;
    const previousShare = previousHeard > 0 ? previousCalls / previousHeard : 0;
    if (share <= previousShare) continue;
    rows.push({ phrase, calls, previousCalls, share, previousShare });
  }
  rows.sort(
    (a, b) =>
      b.share - b.previousShare - (a.share - a.previousShare) ||
      b.calls - a.calls ||
      b.phrase.length - a.phrase.length ||
      a.phrase.localeCompare(b.phrase),
  );
  const kept: VocPhrase[] = [];
  for (const row of rows) {
    if (kept.length >= limit) break;
    const covered = kept.some(
      (k) => k.calls === row.calls && k.previousCalls === row.previousCalls,
    );
    if (!covered) kept.push(row);
  }
  return kept;
}

// ---------------------------------------------------------------- trends

/** The flag of a series' last bucket against its history, by TREND_RULE. */
export function trendFlag(calls: readonly number[], analysed: readonly number[]): TrendFlag {
  const shares: number[] = [];
  for (let b = 0; b < calls.length; b++) {
    shares.push(analysed[b]! > 0 ? calls[b]! / analysed[b]! : NaN);
  }
  const last = shares.length - 1;
  const history = shares.slice(0, Math.max(0, last)).filter((s) => !Number.isNaN(s));
  if (last < 0 || Number.isNaN(shares[last]!) || history.length < TREND_MIN_HISTORY)
    return { direction: null, z: null };
  const mean = history.reduce((a, b) => a + b, 0) / history.length;
  const variance = history.reduce((a, b) => a + (b - mean) ** 2, 0) / history.length;
  const sd = Math.max(Math.sqrt(variance), TREND_MIN_SD);
  const z = (shares[last]! - mean) / sd;
  const rounded = Math.round(z * 100) / 100;
  if (z >= TREND_Z && calls[last]! >= TREND_MIN_CALLS) return { direction: 'emerging', z: rounded };
  if (z <= -TREND_Z) return { direction: 'declining', z: rounded };
  return { direction: null, z: rounded };
}

const DAY_MS = 86_400_000;

/** Bucket boundaries covering [from, to): UTC days, Monday weeks or calendar months. */
export function bucketEdges(
  fromMs: number,
  toMs: number,
  bucket: 'day' | 'week' | 'month',
): number[] {
  let start = Math.floor(fromMs / DAY_MS) * DAY_MS;
  if (bucket === 'week') start -= ((new Date(start).getUTCDay() + 6) % 7) * DAY_MS;
  if (bucket === 'month') {
    const d = new Date(start);
    start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const edges = [start];
  let at = start;
  while (at < toMs) {
    if (bucket === 'day') at += DAY_MS;
    else if (bucket === 'week') at += 7 * DAY_MS;
    else {
      const d = new Date(at);
      at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    }
    edges.push(at);
  }
  return edges;
}

// ---------------------------------------------------------------- churn follow-up

export type FollowUpOutcome = 'saved' | 'churned' | 'open';

/** What the customer's next call says about a high-risk call. */
export function followUpOutcome(next: {
  analysed: boolean;
  dispositionGroup: string;
  cancellationIntent: boolean;
  resolved: boolean;
  churnLevel: 'low' | 'medium' | 'high';
}): FollowUpOutcome {
  if (next.dispositionGroup === 'Cancellation') return 'churned';
  if (next.dispositionGroup === 'Retention Offer') return 'saved';
  if (!next.analysed) return 'open';
  if (next.cancellationIntent) return 'churned';
  if (next.resolved && next.churnLevel === 'low') return 'saved';
  return 'open';
}

/** The fake-call score bands (the call list filters by the same rule). */
export { scoreBand } from '../insight-filters.ts';
