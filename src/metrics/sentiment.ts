import { segmentLengthMs, type TimedSegment } from './segments.ts';

export const SENTIMENT_DEFINITION =
  "Sentiment of a party, -5..+5: the mean of its turns' scores weighted by turn length. Over a selection: the mean of the calls' scores.";
export const SENTIMENT_TREND_DEFINITION =
  "Sentiment trend = the customer's sentiment in the last quarter of the conversation minus the first quarter (a turn belongs to the quarter of its midpoint). Positive: the call left the customer happier.";

export const SENTIMENT_SCORED_DEFINITION =
  'Scored calls: analysed calls with a customer sentiment score. A call without customer speech has no score; it is left out of the sentiment averages and of this count.';

/**
 * Whether a call has a customer sentiment score: the one definition of "scored" (the engine's
 * columns hold NaN, analysis results null, where there is none).
 */
export function sentimentScored(score: number | null | undefined): score is number {
  return score !== null && score !== undefined && !Number.isNaN(score);
}

export type SentimentBand = 'negative' | 'neutral' | 'positive';
export type SentimentLabel = 'POSITIVE' | 'NEGATIVE' | 'NEUTRAL' | 'MIXED';

/** Scores at or below -1 are negative, at or above +1 positive. */
export function sentimentBand(score: number): SentimentBand {
  if (score <= -1) return 'negative';
  if (score >= 1) return 'positive';
  return 'neutral';
}

export function sentimentLabel(score: number): SentimentLabel {
  const band = sentimentBand(score);
  return band === 'negative' ? 'NEGATIVE' : band === 'positive' ? 'POSITIVE' : 'NEUTRAL';
}

export interface PartySentimentScores {
  overall: number | null;
  quarters: [number | null, number | null, number | null, number | null];
}

/**
 * Sentiment of one party: overall and per quarter of the span (normally the conversation after
 * the IVR). Each turn counts with its length; a zero-length turn counts as 1 ms.
 */
export function partySentiment(
  segments: readonly TimedSegment[],
  party: 'AGENT' | 'CUSTOMER',
  span: { beginMs: number; endMs: number },
): PartySentimentScores {
  const sums = [0, 0, 0, 0];
  const weights = [0, 0, 0, 0];
  let sum = 0;
  let weight = 0;
  const quarterMs = Math.max(1, span.endMs - span.beginMs) / 4;
  for (const s of segments) {
    if (s.speaker !== party) continue;
    const w = Math.max(1, segmentLengthMs(s));
    sum += s.sentimentScore * w;
    weight += w;
    const mid = (s.beginMs + s.endMs) / 2;
    const q = Math.min(3, Math.max(0, Math.floor((mid - span.beginMs) / quarterMs)));
    sums[q]! += s.sentimentScore * w;
    weights[q]! += w;
  }
  return {
    overall: weight > 0 ? sum / weight : null,
    quarters: [
      weights[0]! > 0 ? sums[0]! / weights[0]! : null,
      weights[1]! > 0 ? sums[1]! / weights[1]! : null,
      weights[2]! > 0 ? sums[2]! / weights[2]! : null,
      weights[3]! > 0 ? sums[3]! / weights[3]! : null,
    ],
  };
}

/** End quarter minus start quarter; null when either has no turn of the party. */
export function sentimentTrend(quarters: PartySentimentScores['quarters']): number | null {
  const [first, , , last] = quarters;
  return first === null || last === null ? null : last - first;
}
