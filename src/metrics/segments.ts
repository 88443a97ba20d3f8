/** The part of a transcript segment the timing and sentiment metrics read. */
export interface TimedSegment {
  speaker: 'AGENT' | 'CUSTOMER' | 'IVR';
  beginMs: number;
  endMs: number;
  sentimentScore: number;
}

export function segmentLengthMs(segment: { beginMs: number; endMs: number }): number {
  return Math.max(0, segment.endMs - segment.beginMs);
}
