/** A transcript turn as a quote: the call it comes from and where in it. */
import type { TranscriptSegment } from '../../../generated/data.types.ts';
import type { VocQuote } from '../../customer-insight.ts';
import { DISPOSITIONS } from '../../corpus/catalog.ts';
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

/** Evenly spread indices: all of them up to `max`, else every k-th (deterministic). */
export function spread(indices: Int32Array, max: number): Int32Array {
  if (indices.length <= max) return indices;
  const out = new Int32Array(max);
  const step = indices.length / max;
  for (let k = 0; k < max; k++) out[k] = indices[Math.floor(k * step)]!;
  return out;
}
