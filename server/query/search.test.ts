/**
 * Transcript search in the database gives the engine's result for every kind of expression:
 * words, phrases (also ones that overlap themselves, which countSubstrings alone would
 * undercount), prefixes, speakers, AND/OR/NOT, NEAR/n alone, nested and negated, with filters
 * and pages past the first. The same corpus is searched by the engine (src/data/engine/search.ts)
 * and by CompiledSearch over the stored tables, both with the matcher confirming the text
 * index's candidates and with the database deciding exact expressions over the stored words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../../src/data/corpus/corpus.ts';
import type { TranscriptSegment } from '../../src/generated/data.types.ts';
import {
  SLICES,
  completeCorpus,
  generateSlice,
  prepareCorpus,
} from '../../src/data/corpus/generate.ts';
import { search } from '../../src/data/engine/search.ts';
import { matchTranscript } from '../../src/data/search/match.ts';
import { parseSearchExpression } from '../../src/data/search/parse.ts';
import { tokenize } from '../../src/data/text/tokenize.ts';
import type { CallFilters, TranscriptSearchQuery } from '../../src/data/source.ts';
import { BASE_TABLES, saveCorpus } from '../store/corpus-table.ts';
import { openEmbeddedDatabase, sqlString, type Database } from '../store/database.ts';
import { ensureTranscripts, wordsText } from '../store/transcript-table.ts';
import { temporaryDataDir } from '../test-kit.ts';
import { CompiledSearch } from './search.ts';
import { overlapsItself, searchSql } from './search-sql.ts';

const EXACT = [
  'cancel',
  'Tomás',
  '"thank you"',
  '"step by step"',
  '"i think i"',
  '"same address sa*"',
  'bill*',
  'refund*',
  'CUSTOMER:cancel',
  'AGENT:"thank you" OR IVR:press',
  'CUSTOMER:"cancel my" AND NOT AGENT:(discount OR offer)',
  'competitor OR -price',
  'thank AND thank',
  '(refund OR cancel) AND -CUSTOMER:thank* AND account',
  "don't OR ombudsman",
];
const NEAR = [
  'CUSTOMER:cancel NEAR/5 contract',
  'thank NEAR/2 you',
  '"thank you" NEAR calling',
  'NOT (cancel NEAR/3 contract) AND refund',
  'ombudsman OR (cancel NEAR/1 contract)',
];
const month = { from: '2026-03-01', to: '2026-04-01' };
const narrow: CallFilters = {
  ...month,
  vendorId: ['vendor-01', 'vendor-03'],
  sentiment: ['negative'],
};

function generate(calls: number): Corpus {
  const corpus = prepareCorpus({ seed: 11, calls, day: '2026-03-31' });
  const slices = Array.from({ length: SLICES }, (_, k) => generateSlice(corpus, k));
  return completeCorpus(corpus, slices, performance.now());
}

describe('transcript search in the database', { timeout: 120_000 }, () => {
  const data = temporaryDataDir();
  let db: Database;
  let corpus: Corpus;
  let compiled: CompiledSearch;
  let inDatabase: CompiledSearch;

  beforeAll(async () => {
    db = openEmbeddedDatabase(data.dir);
    corpus = generate(2_000);
    await saveCorpus(db, corpus);
    await ensureTranscripts(db, corpus);
    compiled = new CompiledSearch(db, corpus, BASE_TABLES);
    inDatabase = new CompiledSearch(db, corpus, BASE_TABLES, 0);
  }, 60_000);
  afterAll(() => {
    db?.close();
    data.remove();
  });

  /** The engine's result, and the database's, with the matcher confirming few candidates or none. */
  const same = async (query: TranscriptSearchQuery) => {
    const expected = { ...search(corpus, query), tookMs: 0 };
    for (const source of [compiled, inDatabase]) {
      const actual = await source.search(query);
      expect({ ...actual, tookMs: 0 }, JSON.stringify(query)).toEqual(expected);
    }
    return expected;
  };

  it('decides words, phrases, prefixes, speakers and AND/OR/NOT in SQL, as the matcher does', async () => {
    let found = 0;
    for (const expression of EXACT) {
      expect(searchSql(parseSearchExpression(expression)).exact, expression).toBe(true);
      found += (await same({ expression, limit: 20 })).total;
      await same({ expression, filters: narrow, limit: 5, offset: 3, snippetsPerCall: 1 });
    }
    expect(found).toBeGreaterThan(0);
  });

  it('confirms NEAR/n candidates with the matcher', async () => {
    for (const expression of NEAR) {
      expect(searchSql(parseSearchExpression(expression)).exact, expression).toBe(false);
      const { total } = await same({ expression, filters: month, limit: 10 });
      expect(total, expression).toBeGreaterThan(0);
      await same({ expression, filters: narrow, limit: 5, offset: 2 });
    }
  });

  it('rejects what the engine rejects', async () => {
    for (const query of [{ expression: 'cancel AND (' }, { expression: 'NOT cancel' }]) {
      expect(() => search(corpus, query)).toThrow();
      await expect(compiled.search(query)).rejects.toMatchObject({ code: 'invalid-query' });
    }
  });

  it('counts occurrences as the matcher does, also where they overlap', async () => {
    const turns = [
      ['AGENT', 'No, no, no. Step by step by step; I think I think I can.'],
      ['CUSTOMER', "Same address same address same. Don't! don't, DON'T"],
      ['AGENT', 'no'],
    ] as const;
    const segments: TranscriptSegment[] = turns.map(([speaker, text], index) => ({
      ...{ index, speaker, text, beginMs: index, endMs: index + 1 },
      ...{ sentiment: 'NEUTRAL', sentimentScore: 0, redactions: [] },
    }));
    const columns = (['AGENT', 'CUSTOMER', 'IVR'] as const).map((who) =>
      turns
        .filter(([speaker]) => speaker === who)
        .map(([, text]) => wordsText(tokenize(text).map((t) => t.word)))
        .join('|'),
    );
    const row = `SELECT ${sqlString(columns[0]!)} AS agent_words, ${sqlString(columns[1]!)} AS customer_words, ${sqlString(columns[2]!)} AS ivr_words`;
    for (const expression of [
      '"no no"',
      '"step by step"',
      '"i think i"',
      '"same address sa*"',
      "don't",
      '"no no" OR AGENT:no',
      'no AND "step by"',
      'NOT thank AND "no no no"',
    ]) {
      const tree = parseSearchExpression(expression);
      const { score, condition } = searchSql(tree);
      const [matched, counted] = (await db.text(`SELECT ${condition}, ${score} FROM (${row})`))
        .trim()
        .split('\t')
        .map(Number);
      const m = matchTranscript(tree, segments);
      expect([matched, counted], expression).toEqual([m.matched ? 1 : 0, m.occurrences.length]);
    }
  });

  it('tells phrases that can overlap themselves', () => {
    expect(overlapsItself({ words: ['step', 'by', 'step'], prefix: false })).toBe(true);
    expect(overlapsItself({ words: ['no', 'no'], prefix: false })).toBe(true);
    expect(overlapsItself({ words: ['same', 'address', 'sa'], prefix: true })).toBe(true);
    expect(overlapsItself({ words: ['thank', 'you'], prefix: false })).toBe(false);
    expect(overlapsItself({ words: ['thank', 'th'], prefix: false })).toBe(false);
  });
});
