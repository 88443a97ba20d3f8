import { safeDivide } from './ratio.ts';
import type { TimedSegment } from './segments.ts';

export const DEFAULT_SILENCE_THRESHOLD_MS = 5000;

export const SILENCE_DEFINITION =
  'Silence % = total length of the gaps where nobody speaks that are longer than the silence threshold (default 5 s, smart settings) / call duration. Shorter pauses are normal turn-taking and do not count.';

export interface Gap {
  beginMs: number;
  endMs: number;
}

/**
 * Non-talk instances: every stretch of the recording (0..durationMs) where no segment of any
 * speaker (IVR included) is running. Segments may overlap and need not be sorted.
 */
export function nonTalkInstances(segments: readonly TimedSegment[], durationMs: number): Gap[] {
  const sorted = isSortedByBegin(segments)
    ? segments
    : [...segments].sort((a, b) => a.beginMs - b.beginMs);
  const gaps: Gap[] = [];
  let cursor = 0;
  for (const s of sorted) {
    if (s.beginMs > cursor) gaps.push({ beginMs: cursor, endMs: Math.min(s.beginMs, durationMs) });
    cursor = Math.max(cursor, s.endMs);
  }
  if (durationMs > cursor) gaps.push({ beginMs: cursor, endMs: durationMs });
  return gaps.filter((g) => g.endMs > g.beginMs);
}

/** Summed length of the gaps strictly longer than the threshold. */
export function silenceMs(
  gaps: readonly Gap[],
  thresholdMs = DEFAULT_SILENCE_THRESHOLD_MS,
): number {
  let total = 0;
  for (const g of gaps) {
    const length = g.endMs - g.beginMs;
    if (length > thresholdMs) total += length;
  }
  return total;
}

export function silenceShare(totalSilenceMs: number, durationMs: number): number | null {
  return safeDivide(totalSilenceMs, durationMs);
}

export function isSortedByBegin(segments: readonly { beginMs: number }[]): boolean {
  for (let i = 1; i < segments.length; i++)
    if (segments[i]!.beginMs < segments[i - 1]!.beginMs) return false;
  return true;
}
