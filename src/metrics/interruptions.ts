import { safeDivide } from './ratio.ts';
import type { TimedSegment } from './segments.ts';
import { isSortedByBegin } from './silence.ts';

export const INTERRUPTIONS_DEFINITION =
  'Interruptions per call = interruptions / calls. An interruption is an agent or customer turn that starts while the other party is still speaking.';

export interface InterruptionCount {
  count: number;
  totalMs: number;
  byAgent: number;
  byCustomer: number;
}

/** Counts turns of one party that start before the other party's latest turn has ended. */
export function countInterruptions(segments: readonly TimedSegment[]): InterruptionCount {
  const sorted = isSortedByBegin(segments)
    ? segments
    : [...segments].sort((a, b) => a.beginMs - b.beginMs);
  const out: InterruptionCount = { count: 0, totalMs: 0, byAgent: 0, byCustomer: 0 };
  let agentEnd = -1;
  let customerEnd = -1;
  for (const s of sorted) {
    if (s.speaker === 'IVR') continue;
    const otherEnd = s.speaker === 'AGENT' ? customerEnd : agentEnd;
    if (otherEnd > s.beginMs) {
      out.count += 1;
      out.totalMs += Math.min(otherEnd, s.endMs) - s.beginMs;
      if (s.speaker === 'AGENT') out.byAgent += 1;
      else out.byCustomer += 1;
    }
    if (s.speaker === 'AGENT') agentEnd = Math.max(agentEnd, s.endMs);
    else customerEnd = Math.max(customerEnd, s.endMs);
  }
  return out;
}

export function interruptionsPerCall(interruptions: number, calls: number): number | null {
  return safeDivide(interruptions, calls);
}

export interface InterruptionMarker {
  /** When the interrupting turn started. */
  atMs: number;
  /** How long both spoke at once. */
  overlapMs: number;
  by: 'AGENT' | 'CUSTOMER';
  /** Index of the interrupting segment. */
  segment: number;
}

/** Where the interruptions happened, for the call timeline (same rule as countInterruptions). */
export function interruptionMarkers(
  segments: readonly (TimedSegment & { index?: number })[],
): InterruptionMarker[] {
  const markers: InterruptionMarker[] = [];
  let agentEnd = -1;
  let customerEnd = -1;
  segments.forEach((s, k) => {
    if (s.speaker === 'IVR') return;
    const otherEnd = s.speaker === 'AGENT' ? customerEnd : agentEnd;
    if (otherEnd > s.beginMs) {
      markers.push({
        atMs: s.beginMs,
        overlapMs: Math.min(otherEnd, s.endMs) - s.beginMs,
        by: s.speaker,
        segment: s.index ?? k,
      });
    }
    if (s.speaker === 'AGENT') agentEnd = Math.max(agentEnd, s.endMs);
    else customerEnd = Math.max(customerEnd, s.endMs);
  });
  return markers;
}
