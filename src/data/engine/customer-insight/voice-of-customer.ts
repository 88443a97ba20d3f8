/**
 * Voice of the customer: what customers said in the selected calls. Representative quotes (the
 * most strongly felt customer turn of each call, spread over the topics) and the phrases whose
 * share of calls rose most against the period just before. Every analysed call of both periods
 * is read (transcripts are rebuilt from the seed: about 50 µs a call, so 20,000 calls take about
 * a second in the worker); no sample, so a phrase's count is exact and a share is over all calls.
 */
import type { TranscriptSegment } from '../../../generated/data.types.ts';
import type { VocQuery, VocQuote, VocResult } from '../../customer-insight.ts';
import type { CallFilters } from '../../source.ts';
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
 * What one call gives the voice of the customer: the distinct phrases of its customer turns, and
 * its quote, the most strongly felt customer turn of at least MIN_QUOTE_WORDS words (the first
 * of equals), as its position in the transcript's segments (-1: none). The server stores it per
 * call (server/store/voice-table.ts), so the database counts what this rule finds.
 */
export interface CallVoice {
  phrases: Set<string>;
  quote: number;
  segments: readonly TranscriptSegment[];
}

export function callVoice(corpus: Corpus, i: number): CallVoice {
  const segments = rebuildTranscript(corpus, i).segments;
  const turns: string[] = [];
  let quote = -1;
  segments.forEach((s, k) => {
    if (s.speaker !== 'CUSTOMER') return;
    turns.push(s.text);
    if (s.text.split(/\s+/).length < MIN_QUOTE_WORDS) return;
    if (quote < 0 || Math.abs(s.sentimentScore) > Math.abs(segments[quote]!.sentimentScore))
      quote = k;
  });
  return { phrases: phrasesOf(turns), quote, segments };
}

/** The query's period and the one just before, and the analysed calls of each to hear. */
export function vocPeriods(query: VocQuery) {
  const { filters } = query;
  const { fromMs, toMs } = requirePeriod(filters, 'voiceOfCustomer');
  const period = { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() };
  const previous = previousPeriod(period);
  return {
    period,
    previous,
    now: { ...filters, status: 'analysed' } satisfies CallFilters,
    before: { ...filters, ...previous, status: 'analysed' } satisfies CallFilters,
  };
}

/**
 * Quote candidates per topic that pickQuotes can use: a topic's quotes are read strongest first
 * and one per text, and a topic never gives more than `limit` quotes nor skips more than `limit`
 * (each skip is a text another topic gave), so its 2 x limit first distinct texts are enough.
 */
export const candidateDepth = (limit: number) => 2 * Math.max(0, limit);

export function voiceOfCustomer(corpus: Corpus, query: VocQuery): VocResult {
  const { now, before, period, previous } = vocPeriods(query);
  const limit = query.quotes ?? 12;
  const c = corpus.cols;
  const heard = selectCalls(corpus, now);
  const phraseNow = new Map<string, number>();
  // Per topic, each text's strongest quote; and every call with a quote, kept or not.
  const byTopic = new Map<string, Map<string, Candidate>>();
  const calls = new Map<string, number>();
  for (const i of heard) {
    const voice = callVoice(corpus, i);
    countPhrases(phraseNow, voice.phrases);
    if (voice.quote < 0) continue;
    const topic = c.status[i] === 0 ? corpus.topics[c.topic[i]!]! : '';
    calls.set(topic, (calls.get(topic) ?? 0) + 1);
    const turn = voice.segments[voice.quote]!;
    const candidate: Candidate = { i, startMs: c.startMs[i]!, turn };
    const texts = byTopic.get(topic) ?? new Map<string, Candidate>();
    byTopic.set(topic, texts);
    const held = texts.get(turn.text);
    if (!held || outranks(candidate, held)) texts.set(turn.text, candidate);
  }
  const previousHeard = selectCalls(corpus, before);
  const phraseBefore = new Map<string, number>();
  for (const i of previousHeard) countPhrases(phraseBefore, callVoice(corpus, i).phrases);
  const quotes = new Map(
    [...byTopic].map(([topic, texts]) => [
      topic,
      [...texts.values()]
        .sort((a, b) => (outranks(a, b) ? -1 : 1))
        .slice(0, candidateDepth(limit))
        .map((q) => quoteOf(corpus, q.i, q.turn)),
    ]),
  );
  return vocResult(query, {
    period,
    previous,
    heard: heard.length,
    previousHeard: previousHeard.length,
    quotes,
    calls,
    phraseNow,
    phraseBefore,
  });
}

/** The answer from what was heard: quotes spread over topics, and the phrases that rose. */
export function vocResult(
  query: VocQuery,
  heard: {
    period: VocResult['period'];
    previous: VocResult['previousPeriod'];
    heard: number;
    previousHeard: number;
    /** Per topic, its candidates (candidateDepth), strongest first. */
    quotes: ReadonlyMap<string, VocQuote[]>;
    /** Per topic, its calls with a quote. */
    calls: ReadonlyMap<string, number>;
    /** Calls saying each phrase: every phrase said in MIN_PHRASE_CALLS calls or more now. */
    phraseNow: ReadonlyMap<string, number>;
    phraseBefore: ReadonlyMap<string, number>;
  },
): VocResult {
  return {
    period: heard.period,
    previousPeriod: heard.previous,
    heardCalls: heard.heard,
    previousHeardCalls: heard.previousHeard,
    quotes: pickQuotes(heard.quotes, query.quotes ?? 12, heard.calls),
    risingPhrases: risingPhrases(
      heard.phraseNow,
      heard.phraseBefore,
      heard.heard,
      heard.previousHeard,
      query.phrases ?? 12,
    ),
  };
}

function countPhrases(counts: Map<string, number>, phrases: ReadonlySet<string>): void {
  for (const p of phrases) counts.set(p, (counts.get(p) ?? 0) + 1);
}

interface Candidate {
  i: number;
  startMs: number;
  turn: TranscriptSegment;
}

/** Stronger, else newer, else the later call (the order the database ranks them in too). */
function outranks(a: Candidate, b: Candidate): boolean {
  const strength = Math.abs(a.turn.sentimentScore) - Math.abs(b.turn.sentimentScore);
  if (strength !== 0) return strength > 0;
  return a.startMs !== b.startMs ? a.startMs > b.startMs : a.i > b.i;
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
