/**
 * Voice of the customer: what customers said in the selected calls. Representative quotes (the
 * most strongly felt customer turns, spread over the topics) and the phrases whose share of
 * calls rose most against the period just before. Transcripts are rebuilt from the seed, so a
 * large selection is sampled evenly (the result says so).
 */
import type { VocQuery, VocQuote, VocResult } from '../../customer-insight.ts';
import type { Corpus } from '../../corpus/corpus.ts';
import { rebuildTranscript } from '../../corpus/generate.ts';
import { previousPeriod } from '../../period.ts';
import { selectCalls } from '../select.ts';
import { requirePeriod } from './period.ts';
import { phrasesOf, risingPhrases } from './rules.ts';
import { quoteOf, spread } from './quotes.ts';

/** Calls read per period at most: enough for stable phrase shares, quick on a busy machine. */
export const MAX_HEARD_CALLS = 2500;
/** A quote is a whole thought: at least this many words. */
const MIN_QUOTE_WORDS = 6;

export function voiceOfCustomer(corpus: Corpus, query: VocQuery): VocResult {
  const { filters } = query;
  const { fromMs, toMs } = requirePeriod(filters, 'voiceOfCustomer');
  const period = { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() };
  const previous = previousPeriod(period);
  const now = selectCalls(corpus, { ...filters, status: 'analysed' });
  const before = selectCalls(corpus, { ...filters, ...previous, status: 'analysed' });
  const heard = spread(now, MAX_HEARD_CALLS);
  const heardBefore = spread(before, MAX_HEARD_CALLS);

  const phraseNow = new Map<string, number>();
  const candidates = new Map<string, VocQuote[]>();
  for (const i of heard) {
    const segments = rebuildTranscript(corpus, i).segments.filter((s) => s.speaker === 'CUSTOMER');
    for (const p of phrasesOf(segments.map((s) => s.text))) {
      phraseNow.set(p, (phraseNow.get(p) ?? 0) + 1);
    }
    // The most strongly felt customer turn of the call stands for it.
    let best: (typeof segments)[number] | undefined;
    for (const s of segments) {
      if (s.text.split(/\s+/).length < MIN_QUOTE_WORDS) continue;
      if (!best || Math.abs(s.sentimentScore) > Math.abs(best.sentimentScore)) best = s;
    }
    if (!best) continue;
    const quote = quoteOf(corpus, i, best);
    const topic = quote.topic ?? '';
    const list = candidates.get(topic) ?? [];
    list.push(quote);
    candidates.set(topic, list);
  }
  const phraseBefore = new Map<string, number>();
  for (const i of heardBefore) {
    const texts = rebuildTranscript(corpus, i)
      .segments.filter((s) => s.speaker === 'CUSTOMER')
      .map((s) => s.text);
    for (const p of phrasesOf(texts)) phraseBefore.set(p, (phraseBefore.get(p) ?? 0) + 1);
  }
  return {
    period,
    previousPeriod: previous,
    heardCalls: heard.length,
    previousHeardCalls: heardBefore.length,
    sampled: heard.length < now.length || heardBefore.length < before.length,
    quotes: pickQuotes(candidates, query.quotes ?? 12),
    risingPhrases: risingPhrases(
      phraseNow,
      phraseBefore,
      heard.length,
      heardBefore.length,
      query.phrases ?? 12,
    ),
  };
}

/**
 * Quotes spread over topics: topics by how many calls they have, then round by round the next
 * strongest distinct quote of each topic, newest first among equals.
 */
export function pickQuotes(byTopic: ReadonlyMap<string, VocQuote[]>, limit: number): VocQuote[] {
  const topics = [...byTopic.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
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
