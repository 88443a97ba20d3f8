import { safeDivide } from './ratio.ts';
import { segmentLengthMs, type TimedSegment } from './segments.ts';

export const TALK_RATIO_DEFINITION =
  'Talk ratio = agent talk time / customer talk time (over a selection: summed agent talk / summed customer talk). Above 1 the agent talks more.';
export const TALK_SHARE_DEFINITION =
  "Talk share of a party = the party's talk time / call duration. Overlapping speech counts for both parties.";

export interface PartyTalkTime {
  agentMs: number;
  customerMs: number;
  ivrMs: number;
}

/** Talk time per speaker: the summed length of its segments (overlaps count for each speaker). */
export function talkTimes(segments: readonly TimedSegment[]): PartyTalkTime {
  const out: PartyTalkTime = { agentMs: 0, customerMs: 0, ivrMs: 0 };
  for (const s of segments) {
    const ms = segmentLengthMs(s);
    if (s.speaker === 'AGENT') out.agentMs += ms;
    else if (s.speaker === 'CUSTOMER') out.customerMs += ms;
    else out.ivrMs += ms;
  }
  return out;
}

export function talkRatio(agentTalkMs: number, customerTalkMs: number): number | null {
  return safeDivide(agentTalkMs, customerTalkMs);
}

export function talkShare(partyTalkMs: number, durationMs: number): number | null {
  return safeDivide(partyTalkMs, durationMs);
}
