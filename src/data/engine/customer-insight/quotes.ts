/** A transcript turn as a quote: the call it comes from and where in it. */
import type { TranscriptSegment } from '../../../generated/data.types.ts';
import type { VocQuote } from '../../customer-insight.ts';
import { DISPOSITIONS } from '../../../domain/dispositions/index.ts';
import { callId, type Corpus } from '../../corpus/corpus.ts';

export function quoteOf(corpus: Corpus, i: number, segment: TranscriptSegment): VocQuote {
  const c = corpus.cols;
  return {
    callId: callId(i),
    startedAt: new Date(c.startMs[i]!).toISOString(),
    agentName: corpus.cast.agents[c.agent[i]!]!.name,
    vendorName: corpus.cast.vendors[c.vendor[i]!]!.name,
    topic: c.status[i] === 0 ? corpus.topics[c.topic[i]!]! : null,
    dispositionLabel: DISPOSITIONS[c.disposition[i]!]!.label,
    speaker: segment.speaker,
    segment: segment.index,
    beginMs: segment.beginMs,
    endMs: segment.endMs,
    text: segment.text,
    sentimentScore: segment.sentimentScore,
  };
}
