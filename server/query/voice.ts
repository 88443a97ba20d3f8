/**
 * The voice of the customer compiled to ClickHouse SQL, over the call tables and what each call
 * gives it (store/voice-table.ts, the engine's callVoice run once per call). The database counts
 * the calls heard, the calls saying each phrase in the period and the one before, the calls with
 * a quote per topic, and ranks each topic's quotes; the engine's code (customer-insight/
 * voice-of-customer.ts) checks the query, builds the quotes of the few calls picked and the
 * answer, so the answer is the engine's answer.
 */
import type { VocQuery, VocQuote, VocResult } from '../../src/data/customer-insight.ts';
import { rebuildTranscript } from '../../src/data/corpus/generate.ts';
import { quoteOf } from '../../src/data/engine/customer-insight/quotes.ts';
import { MIN_PHRASE_CALLS } from '../../src/data/engine/customer-insight/rules.ts';
import {
  candidateDepth,
  vocPeriods,
  vocResult,
} from '../../src/data/engine/customer-insight/voice-of-customer.ts';
import { CUSTOMER_VOICE } from '../store/voice-table.ts';
import { numberRows } from './compiler.ts';
import { CompiledReads } from './filters.ts';

/** The most quotes the database is asked for; more (or a count that is no count): the engine. */
const MAX_QUOTES = 1000;

export class CompiledVoice extends CompiledReads {
  /** Null for a quote count the database is not asked for (the engine answers). */
  async voiceOfCustomer(query: VocQuery): Promise<VocResult | null> {
    const { now, before, period, previous } = vocPeriods(query);
    const limit = query.quotes ?? 12;
    if (!Number.isSafeInteger(limit) || limit > MAX_QUOTES) return null;
    const [heardNow, heardBefore] = [this.where(now), this.where(before)];
    const { calls } = this.tables;
    const heard = `SELECT idx, topic, start_ms FROM ${calls} WHERE ${heardNow}`;
    const quoted = `FROM ${CUSTOMER_VOICE} AS v INNER JOIN (${heard}) AS c ON v.idx = c.idx WHERE v.quote_segment >= 0`;
    const [counts, phrases, topics, ranked] = await Promise.all([
      this.db.text(
        `SELECT countIf(${heardNow}), countIf(${heardBefore}) FROM ${calls} WHERE (${heardNow}) OR (${heardBefore})`,
      ),
      this.db.text(
        `SELECT phrase, countIf(n), countIf(NOT n) FROM (SELECT arrayJoin(phrases) AS phrase, idx IN (SELECT idx FROM ${calls} WHERE ${heardNow}) AS n FROM ${CUSTOMER_VOICE} WHERE idx IN (SELECT idx FROM ${calls} WHERE (${heardNow}) OR (${heardBefore}))) GROUP BY phrase HAVING countIf(n) >= ${MIN_PHRASE_CALLS}`,
        'JSONCompactEachRow',
      ),
      this.db.text(`SELECT c.topic, count() ${quoted} GROUP BY c.topic`),
      // Each text's strongest quote per topic (newest, then the later call, of equals), then
      // each topic's strongest texts: the engine's `outranks` order.
      this.db.text(
        `SELECT topic, best.1, best.2 FROM (SELECT c.topic AS topic, argMax((v.idx, v.quote_segment), (v.quote_strength, c.start_ms, v.idx)) AS best, max((v.quote_strength, c.start_ms, v.idx)) AS rank ${quoted} GROUP BY topic, v.quote_text) ORDER BY topic, rank DESC LIMIT ${candidateDepth(limit)} BY topic`,
      ),
    ]);
    const [[heardCount = 0, previousHeard = 0] = []] = numberRows(counts);
    const phraseNow = new Map<string, number>();
    const phraseBefore = new Map<string, number>();
    for (const line of phrases.split('\n')) {
      if (!line) continue;
      const [phrase, n, b] = JSON.parse(line) as [string, number | string, number | string];
      phraseNow.set(phrase, Number(n));
      phraseBefore.set(phrase, Number(b));
    }
    const topicName = (code: number) => this.corpus.topics[code]!;
    const quoteCalls = new Map(numberRows(topics).map(([t, n]) => [topicName(t!), n!]));
    const quotes = new Map<string, VocQuote[]>();
    for (const [t, i, segment] of numberRows(ranked)) {
      const topic = topicName(t!);
      const turn = rebuildTranscript(this.corpus, i!).segments[segment!]!;
      quotes.set(topic, [...(quotes.get(topic) ?? []), quoteOf(this.corpus, i!, turn)]);
    }
    return vocResult(query, {
      period,
      previous,
      heard: heardCount,
      previousHeard,
      quotes,
      calls: quoteCalls,
      phraseNow,
      phraseBefore,
    });
  }
}
