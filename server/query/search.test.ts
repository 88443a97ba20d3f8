/**
 * Transcript search in the database gives the engine's result for every kind of expression:
 * words, phrases (also ones that overlap themselves, which countSubstrings alone would
 * undercount), prefixes, speakers, AND/OR/NOT, NEAR/n alone, nested and negated, with filters
 * and pages past the first. The same corpus is searched by the engine (src/data/engine/search.ts)
 * and by CompiledSearch over the stored tables three ways: from the postings, with the
 * database deciding exact expressions over the stored word codes, and with the matcher
 * confirming the text index's candidates.
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
import {
  CODE_COLUMNS,
  POSTINGS,
  SPEAKER_COLUMNS,
  TRANSCRIPTS,
  codeChar,
  codesText,
  ensureTranscripts,
  place,
  wordCodes,
  wordNumbers,
  wordsText,
} from '../store/transcript-table.ts';
import { temporaryDataDir } from '../test-kit.ts';
import { CompiledSearch } from './search.ts';
import { overlapsItself, placesOf, postingsSql, searchSql } from './search-sql.ts';

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
  'xylophone OR "thank you"',
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

/** `db`, recording the SQL of every read into `read`. */
function recordingReads(db: Database, read: string[]): Database {
  return {
    ...db,
    bytes: (sql) => {
      read.push(sql);
      return db.bytes(sql);
    },
  };
}

describe('transcript search in the database', { timeout: 120_000 }, () => {
  const data = temporaryDataDir();
  let db: Database;
  let corpus: Corpus;
  let compiled: CompiledSearch;
  let inDatabase: CompiledSearch;
  let confirmed: CompiledSearch;

  beforeAll(async () => {
    db = openEmbeddedDatabase(data.dir);
    corpus = generate(2_000);
    await saveCorpus(db, corpus);
    await ensureTranscripts(db, corpus);
    compiled = new CompiledSearch(db, corpus, BASE_TABLES);
    inDatabase = new CompiledSearch(db, corpus, BASE_TABLES, { postings: false, confirmAtMost: 0 });
    confirmed = new CompiledSearch(db, corpus, BASE_TABLES, { postings: false });
  }, 60_000);
  afterAll(() => {
    db?.close();
    data.remove();
  });

  /** The engine's result, and the database's: from the postings, the codes and the matcher. */
  const same = async (query: TranscriptSearchQuery) => {
    const expected = { ...search(corpus, query), tookMs: 0 };
    for (const source of [compiled, inDatabase, confirmed]) {
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

  it('decides words, phrases, speakers, AND/OR/NOT and NEAR/n of two terms from the postings alone', async () => {
    const numbers = await wordNumbers(db);
    const read: string[] = [];
    const recording = recordingReads(db, read);
    const fromPostings = new CompiledSearch(recording, corpus, BASE_TABLES);
    const decided = [...EXACT, ...NEAR].filter((e) =>
      postingsSql(parseSearchExpression(e), numbers),
    );
    // Prefixes and a NOT alone in an OR take the other ways.
    const other = ['bill*', 'refund*', 'competitor OR -price'];
    other.push('(refund OR cancel) AND -CUSTOMER:thank* AND account');
    expect(decided).toEqual([...EXACT, ...NEAR].filter((e) => !other.includes(e)));
    expect(postingsSql(parseSearchExpression('(cancel OR refund) NEAR/3 contract'), numbers)).toBe(
      null,
    );
    for (const expression of decided) {
      for (const query of [
        { expression, limit: 20 },
        { expression, filters: narrow, limit: 5, offset: 3, snippetsPerCall: 1 },
      ]) {
        const expected = { ...search(corpus, query), tookMs: 0 };
        expect({ ...(await fromPostings.search(query)), tookMs: 0 }, expression).toEqual(expected);
      }
    }
    expect(read.length).toBeGreaterThan(0);
    expect(
      read.every((sql) => sql.includes(POSTINGS) && !sql.includes(`FROM ${TRANSCRIPTS} `)),
    ).toBe(true);
  });

  it('confirms NEAR/n candidates with the matcher', async () => {
    for (const expression of NEAR) {
      expect(searchSql(parseSearchExpression(expression)).exact, expression).toBe(false);
      const { total } = await same({ expression, filters: month, limit: 10 });
      expect(total, expression).toBeGreaterThan(0);
      await same({ expression, filters: narrow, limit: 5, offset: 2 });
    }
  });

  it('decides a common phrase in one read of the word codes, with filters and pages, as the worker', async () => {
    const read: string[] = [];
    const recording = recordingReads(db, read);
    const common = new CompiledSearch(recording, corpus, BASE_TABLES, {
      postings: false,
      confirmAtMost: 0,
    });
    const week = { from: '2026-03-10', to: '2026-03-17' };
    const agent = corpus.cast.agents[0]!.id;
    for (const filters of [
      undefined,
      week,
      { ...week, vendorId: 'vendor-02' },
      { agentId: agent },
    ]) {
      for (const offset of [0, 7, 40]) {
        const query = { expression: '"thank you"', filters, offset, limit: 7, snippetsPerCall: 2 };
        const expected = { ...search(corpus, query), tookMs: 0 };
        expect({ ...(await common.search(query)), tookMs: 0 }, JSON.stringify(query)).toEqual(
          expected,
        );
        if (!filters) expect(expected.total).toBeGreaterThan(corpus.n / 2);
      }
    }
    // Decided over the codes, without the text index's candidates.
    expect(read.every((sql) => sql.includes(CODE_COLUMNS.AGENT))).toBe(true);
  });

  it('stores each turn as the codes of its words', async () => {
    const codes = await wordCodes(db);
    const columns = Object.values(SPEAKER_COLUMNS).flatMap((s, k) => [
      s,
      Object.values(CODE_COLUMNS)[k]!,
    ]);
    const rows = await db.text(
      `SELECT ${columns.join(', ')} FROM ${TRANSCRIPTS} WHERE idx < 200`,
      'JSONCompactEachRow',
    );
    let words = 0;
    for (const row of rows.trim().split('\n')) {
      const fields = JSON.parse(row) as string[];
      for (let k = 0; k < fields.length; k += 2) {
        const turns = fields[k]!.split('|').map((turn) => turn.split(' ').filter(Boolean));
        expect(fields[k + 1]).toBe(turns.map((turn) => codesText(codes, turn)).join('|'));
        words += turns.flat().length;
      }
    }
    expect(words).toBeGreaterThan(10_000);
    expect(new Set(codes.values()).size).toBe(codes.size);
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
    // The same turns in word codes, numbered in the order the words are first met.
    const codes = new Map<string, string>();
    const codeColumns = (['AGENT', 'CUSTOMER', 'IVR'] as const).map((who) =>
      turns
        .filter(([speaker]) => speaker === who)
        .map(([, text]) => {
          const words = tokenize(text).map((t) => t.word);
          for (const w of words) if (!codes.has(w)) codes.set(w, codeChar(codes.size));
          return codesText(codes, words);
        })
        .join('|'),
    );
    // And as postings: each word's places, numbered as the codes.
    const numbers = new Map([...codes.keys()].map((word, k) => [word, k]));
    const places = new Map<number, number[]>();
    let position = 0;
    turns.forEach(([speaker, text], segment) => {
      for (const { word } of tokenize(text)) {
        const code = numbers.get(word)!;
        places.set(code, [...(places.get(code) ?? []), place(speaker, segment, position++)]);
      }
    });
    const postingsRow = [...places]
      .map(([code, list]) => `CAST([${list.join(', ')}] AS Array(UInt32)) AS ${placesOf(code)}`)
      .join(', ');
    const row = [
      ...columns.map((text, k) => `${sqlString(text)} AS ${Object.values(SPEAKER_COLUMNS)[k]}`),
      ...codeColumns.map((text, k) => `${sqlString(text)} AS ${Object.values(CODE_COLUMNS)[k]}`),
    ].join(', ');
    let postings = 0;
    for (const expression of [
      '"no no"',
      '"step by step"',
      '"i think i"',
      '"same address sa*"',
      "don't",
      '"no no" OR AGENT:no',
      '"address same" OR CUSTOMER:"don\'t don\'t"',
      'AGENT:"think i can" AND NOT xylophone',
      'no AND "step by"',
      'NOT thank AND "no no no"',
      // A phrase never spans two turns, though their words are next to each other.
      '"can same"',
      '"don\'t no"',
      'no NEAR/0 step',
      'no NEAR/1 "by step"',
      '"step by" NEAR/2 think',
      'AGENT:no NEAR/2 CUSTOMER:same',
      'CUSTOMER:same NEAR/4 AGENT:no',
      'no NEAR/3 no',
      'NOT (can NEAR/1 address) AND step',
      'xylophone NEAR step OR "i can"',
    ]) {
      const tree = parseSearchExpression(expression);
      const m = matchTranscript(tree, segments);
      const expected = [m.matched ? 1 : 0, m.occurrences.length];
      // Over the words, and over the codes where a term can be counted there.
      for (const sql of [searchSql(tree), searchSql(tree, codes)].filter((s) => s.exact)) {
        const [matched, counted] = (
          await db.text(`SELECT ${sql.condition}, ${sql.score} FROM (SELECT ${row})`)
        )
          .trim()
          .split('\t')
          .map(Number);
        expect([matched, counted], expression).toEqual(expected);
      }
      // Over the postings.
      const sql = postingsSql(tree, numbers);
      if (!sql) continue;
      const call = `SELECT *${sql.arrays.map((a) => `, ${a}`).join('')} FROM (SELECT ${postingsRow})`;
      const answer = await db.text(`SELECT ${sql.condition}, ${sql.score} FROM (${call})`);
      expect(answer.trim().split('\t').map(Number), `${expression} (postings)`).toEqual(expected);
      postings++;
    }
    expect(postings).toBeGreaterThan(15);
  });

  it('rebuilds a transcripts table stored before the word codes', async () => {
    const drop = Object.values(CODE_COLUMNS).map((c) => `DROP COLUMN ${c}`);
    await db.text(`ALTER TABLE ${TRANSCRIPTS} ${drop.join(', ')}`);
    await ensureTranscripts(db, corpus);
    const stored = await db.text(
      `SELECT count() FROM ${TRANSCRIPTS} WHERE ${CODE_COLUMNS.AGENT} != ''`,
    );
    expect(Number(stored.trim())).toBe(corpus.n);
    await same({ expression: '"thank you"', filters: month, limit: 5 });
  });

  it('rebuilds transcripts stored before the postings', async () => {
    await db.text(`DROP TABLE ${POSTINGS}`);
    await ensureTranscripts(db, corpus);
    const calls = await db.text(`SELECT uniqExact(idx) FROM ${POSTINGS}`);
    expect(Number(calls.trim())).toBe(corpus.n);
    await same({ expression: 'CUSTOMER:cancel NEAR/5 contract', filters: month, limit: 5 });
  });

  it('tells phrases that can overlap themselves', () => {
    expect(overlapsItself({ words: ['step', 'by', 'step'], prefix: false })).toBe(true);
    expect(overlapsItself({ words: ['no', 'no'], prefix: false })).toBe(true);
    expect(overlapsItself({ words: ['same', 'address', 'sa'], prefix: true })).toBe(true);
    expect(overlapsItself({ words: ['thank', 'you'], prefix: false })).toBe(false);
    expect(overlapsItself({ words: ['thank', 'th'], prefix: false })).toBe(false);
  });
});
