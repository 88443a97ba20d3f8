/**
 * Voice of the customer: what customers said in the selected calls. Representative quotes (the
 * most strongly felt customer turn of each call, spread over the topics) and the phrases whose
 * share of calls rose most against the period just before. Every analysed call of both periods
 * is read (transcripts are rebuilt from the seed: about 50 µs a call, so 20,000 calls take about
 * a second in the worker); no sample, so a phrase's count is exact and a share is over all calls.
 */
import type { TranscriptSegment } from '../../../generated/data.types.ts';
import type { VocQuery, VocQuote, VocResult } from '../../customer-insight.ts';
import type { Corpus } from '../../corpus/corpus.ts';
import { rebuildTranscript } from '../../corpus/generate.ts';
import { previousPeriod } from '../../period.ts';
import { selectCalls } from '../select.ts';
import { requirePeriod } from './period.ts';
import { phrasesOf, risingPhrases } from './rules.ts';
import { quoteOf } from './quotes.ts';

/** A quote is a whole thought: at least this many words. */
const MIN_QUOTE_WORDS = 6;
/**
 * Quote candidates kept per topic (the strongest): enough for pickQuotes to find distinct texts,
 * without building a quote object for every call of a large selection.
 */
const CANDIDATES_PER_TOPIC = 40;

export function voiceOfCustomer(corpus: Corpus, query: VocQuery): VocResult {
  const { filters } = query;
  const { fromMs, toMs } = requirePeriod(filters, 'voiceOfCustomer');
  const period = { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() };
  const previous = previousPeriod(period);
  const now = selectCalls(corpus, { ...filters, status: 'analysed' });
  const before = selectCalls(corpus, { ...filters, ...previous, status: 'analysed' });

  const phraseNow = new Map<string, number>();
  const candidates: Candidates = { byTopic: new Map(), calls: new Map() };
  for (const i of now) {
    const segments = customerTurns(corpus, i);
    countPhrases(phraseNow, segments);
    // The most strongly felt customer turn of the call stands for it.
    let best: TranscriptSegment | undefined;
    for (const s of segments) {
      if (s.text.split(/\s+/).length < MIN_QUOTE_WORDS) continue;
      if (!best || Math.abs(s.sentimentScore) > Math.abs(best.sentimentScore)) best = s;
    }
    if (best) keepCandidate(candidates, corpus, i, best);
  }
  const phraseBefore = new Map<string, number>();
  for (const i of before) countPhrases(phraseBefore, customerTurns(corpus, i));
  const byTopic = new Map(
    [...candidates.byTopic].map(([topic, list]) => [
      topic,
      list.map((c) => quoteOf(corpus, c.i, c.turn)),
    ]),
  );
  return {
    period,
    previousPeriod: previous,
    heardCalls: now.length,
    previousHeardCalls: before.length,
    quotes: pickQuotes(byTopic, query.quotes ?? 12, candidates.calls),
    risingPhrases: risingPhrases(
      phraseNow,
      phraseBefore,
      now.length,
      before.length,
      query.phrases ?? 12,
    ),
  };
}

function customerTurns(corpus: Corpus, i: number): TranscriptSegment[] {
  return rebuildTranscript(corpus, i).segments.filter((s) => s.speaker === 'CUSTOMER');
}

function countPhrases(counts: Map<string, number>, turns: readonly TranscriptSegment[]): void {
  for (const p of phrasesOf(turns.map((s) => s.text))) counts.set(p, (counts.get(p) ?? 0) + 1);
}

interface Candidate {
  i: number;
  turn: TranscriptSegment;
}

interface Candidates {
  byTopic: Map<string, Candidate[]>;
  /** Calls with a quotable turn per topic, kept or not: pickQuotes orders topics by it. */
  calls: Map<string, number>;
}

/** Keeps the strongest CANDIDATES_PER_TOPIC turns of each topic, and counts every call. */
function keepCandidate(
  candidates: Candidates,
  corpus: Corpus,
  i: number,
  turn: TranscriptSegment,
): void {
  const c = corpus.cols;
  const topic = c.status[i] === 0 ? corpus.topics[c.topic[i]!]! : '';
  candidates.calls.set(topic, (candidates.calls.get(topic) ?? 0) + 1);
  const list = candidates.byTopic.get(topic) ?? [];
  list.push({ i, turn });
  if (list.length > CANDIDATES_PER_TOPIC * 2) {
    // Strongest first, newest first among equals (call indices are in time order).
    list.sort(
      (a, b) => Math.abs(b.turn.sentimentScore) - Math.abs(a.turn.sentimentScore) || b.i - a.i,
    );
    list.length = CANDIDATES_PER_TOPIC;
  }
  candidates.byTopic.set(topic, list);
}

/**
 * Quotes spread over topics: topics by how many calls they have (`calls`, else the number of
 * quotes given), then round by round the next strongest distinct quote of each topic, newest
 * first among equals.
 */
export function pickQuotes(
  byTopic: ReadonlyMap<string, VocQuote[]>,
  limit: number,
  calls?: ReadonlyMap<string, number>,
): VocQuote[] {
  const size = ([topic, quotes]: [string, VocQuote[]]) => calls?.get(topic) ?? quotes.length;
  const topics = [...byTopic.entries()]
    .sort((a, b) => size(b) - size(a) || a[0].localeCompare(b[0]))
    .map(([, quotes]) => {
      const seen = new Set<string>();
      return [...quotes]
        .sort(
          (a, b) =>
            Math.abs(b.sentimentScore) - Math.abs(a.sentimentScore) ||
            b.startedAt.localeCompare(a.startedAt),
        )
        .filter((q) => !seen.has(q.text) && (seen.add(q.text), true));
    });
  const out: VocQuote[] = [];
  const texts = new Set<string>();
  for (let round = 0; out.length < limit && topics.some((t) => t.length > round); round++) {
    for (const quotes of topics) {
      const q = quotes[round];
      if (!q || texts.has(q.text)) continue;
      texts.add(q.text);
      out.push(q);
      if (out.length >= limit) break;
    }
  }
  return out;
}
