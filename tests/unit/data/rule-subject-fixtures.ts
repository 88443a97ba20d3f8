/** Hand-written calls for rule tests: turns in seconds, measured as the analysis measures them. */
import type { TranscriptSegment } from '../../../src/generated/data.types.ts';
import {
  countInterruptions,
  nonTalkInstances,
  partySentiment,
} from '../../../src/metrics/index.ts';
import type { RuleSubject } from '../../../src/domain/rules/index.ts';

export const seg = (
  index: number,
  speaker: TranscriptSegment['speaker'],
  beginS: number,
  endS: number,
  text: string,
  score = 0,
): TranscriptSegment => ({
  index,
  speaker,
  beginMs: beginS * 1000,
  endMs: endS * 1000,
  text,
  sentiment: 'NEUTRAL',
  sentimentScore: score,
  redactions: [],
});

/** A call of these turns with its gaps, interruptions and sentiment measured. */
export function measuredSubject(
  segments: TranscriptSegment[],
  attributes: RuleSubject['attributes'],
  ivrMs: number,
  durationMs: number,
): RuleSubject {
  const span = { beginMs: ivrMs, endMs: durationMs };
  return {
    callId: 'call-000001',
    segments,
    durationMs,
    ivrMs,
    attributes,
    sentiment: {
      agent: partySentiment(segments, 'AGENT', span),
      customer: partySentiment(segments, 'CUSTOMER', span),
    },
    interruptions: countInterruptions(segments),
    gaps: nonTalkInstances(segments, durationMs),
  };
}
