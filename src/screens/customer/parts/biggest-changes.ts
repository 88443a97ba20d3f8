/**
 * The annotations of a trend chart: the largest moves of a topic's or category's share of calls
 * from one bucket to the next, biggest first. Pure, so the rule is tested on a fixture.
 */
import type { TopicTrendSeries } from '../../../data/index.ts';

export interface BiggestChange {
  key: string;
  label: string;
  /** Index of the bucket the change lands in (compared with the one before). */
  bucket: number;
  share: number;
  previousShare: number;
  calls: number;
}

/** A move only counts when the later bucket has at least this many calls of the series. */
export const MIN_CHANGE_CALLS = 5;

export function biggestChanges(
  series: readonly Pick<TopicTrendSeries, 'key' | 'label' | 'calls'>[],
  analysed: readonly number[],
  limit: number,
): BiggestChange[] {
  const out: BiggestChange[] = [];
  for (const s of series) {
    for (let b = 1; b < analysed.length; b++) {
      if (!analysed[b] || !analysed[b - 1]) continue;
      const calls = s.calls[b]!;
      const previousCalls = s.calls[b - 1]!;
      if (Math.max(calls, previousCalls) < MIN_CHANGE_CALLS) continue;
      out.push({
        key: s.key,
        label: s.label,
        bucket: b,
        share: calls / analysed[b]!,
        previousShare: previousCalls / analysed[b - 1]!,
        calls,
      });
    }
  }
  const size = (c: BiggestChange) => Math.abs(c.share - c.previousShare);
  out.sort((a, b) => size(b) - size(a) || a.label.localeCompare(b.label) || a.bucket - b.bucket);
  return out.slice(0, limit);
}
