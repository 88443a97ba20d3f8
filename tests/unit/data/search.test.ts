import { beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../../src/generated/data.types.ts';
import { matchTranscript } from '../../../src/data/search/match.ts';
import { SearchSyntaxError, parseSearchExpression } from '../../../src/data/search/parse.ts';
import { SMALL_CORPUS_BUDGET_MS, smallSource } from './shared-corpus.ts';

const seg = (
  index: number,
  speaker: TranscriptSegment['speaker'],
  text: string,
): TranscriptSegment => ({
  index,
  speaker,
  beginMs: index * 5000,
  endMs: index * 5000 + 4000,
  text,
  sentiment: 'NEUTRAL',
  sentimentScore: 0,
  redactions: [],
});

const transcript = [
  seg(0, 'AGENT', 'Thank you for calling, this call is recorded.'),
  seg(1, 'CUSTOMER', 'I want to cancel my contract, Globex is cheaper.'),
  seg(2, 'AGENT', 'I can offer you a discount if you stay.'),
  seg(3, 'CUSTOMER', 'Refunds? No, I just want a better price.'),
];
const match = (q: string) => matchTranscript(parseSearchExpression(q), transcript);

describe('keyword expressions', () => {
  it('phrases match whole words in order, case-insensitively', () => {
    expect(match('"CANCEL MY contract"').matched).toBe(true);
    expect(match('"contract my cancel"').matched).toBe(false);
    expect(match('cancel').matched).toBe(true);
    expect(match('cance').matched).toBe(false);
    expect(match('refund*').matched).toBe(true);
  });
  it('AND (also implicit), OR, NOT and parentheses', () => {
    expect(match('cancel AND discount').matched).toBe(true);
    expect(match('cancel discount').matched).toBe(true);
    expect(match('cancel AND lawyer').matched).toBe(false);
    expect(match('lawyer OR discount').matched).toBe(true);
    expect(match('cancel NOT discount').matched).toBe(false);
    expect(match('cancel -lawyer').matched).toBe(true);
    expect(match('(lawyer OR globex) AND NOT supervisor').matched).toBe(true);
  });
  it('speaker prefixes apply to a word, a phrase or a group', () => {
    expect(match('AGENT:cancel').matched).toBe(false);
    expect(match('CUSTOMER:"cancel my"').matched).toBe(true);
    expect(match('AGENT:(discount OR cheaper)').matched).toBe(true);
    expect(match('CUSTOMER:(discount OR recorded)').matched).toBe(false);
  });
  it('NEAR/n counts the words between the terms, across turns', () => {
    expect(match('cancel NEAR/3 globex').matched).toBe(true); // cancel my contract globex: 2 words between
    expect(match('cancel NEAR/1 globex').matched).toBe(false);
    expect(match('recorded NEAR/2 want').matched).toBe(true); // end of turn 0, turn 1 "i want"
  });
  it('returns highlight ranges of the positive hits only', () => {
    const m = match('"cancel my" NOT lawyer');
    // turn 0 has 8 words, so "cancel" (4th word of turn 1) is word 11 of the call
    expect(m.occurrences).toEqual([{ segment: 1, start: 11, end: 13, charStart: 10, charEnd: 19 }]);
    expect(transcript[1]!.text.slice(10, 19)).toBe('cancel my');
  });
  it('explains syntax errors with a position', () => {
    expect(() => parseSearchExpression('"unclosed')).toThrow(SearchSyntaxError);
    expect(() => parseSearchExpression('(cancel OR')).toThrow(/position/);
    expect(() => parseSearchExpression('')).toThrow(/Enter a word/);
    expect(() => parseSearchExpression('NOT cancel')).toThrow(/not negated/);
    expect(() => parseSearchExpression('cancel)')).toThrow(/Unexpected \)/);
  });
});

// The corpus is generated once, in its own budget, not in the first test's.
beforeAll(() => void smallSource(), SMALL_CORPUS_BUDGET_MS);

describe('transcript search on the corpus', { timeout: SMALL_CORPUS_BUDGET_MS }, () => {
  it('returns snippets with timestamps and highlights, facets, and counts that agree', async () => {
    const source = smallSource();
    const result = await source.search({ expression: 'CUSTOMER:"cancel my"', limit: 5 });
    expect(result.total).toBeGreaterThan(0);
    const hit = result.hits[0]!;
    const snippet = hit.snippets[0]!;
    expect(snippet.speaker).toBe('CUSTOMER');
    expect(
      snippet.text.slice(snippet.highlights[0]!.start, snippet.highlights[0]!.end).toLowerCase(),
    ).toBe('cancel my');
    expect(snippet.endMs).toBeGreaterThan(snippet.beginMs);
    expect(result.facets.vendor.reduce((s, f) => s + f.count, 0)).toBe(result.total);
    expect(result.facets.day.reduce((s, f) => s + f.count, 0)).toBe(result.total);
    const scores = result.hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
  it('ranks every match, best first and latest first among equal scores, page after page', async () => {
    const source = smallSource();
    const expression = 'refund OR thank';
    const all = await source.search({ expression, limit: 500 });
    expect(all.total).toBeGreaterThan(all.hits.length); // the ranking picks from more than it shows
    const ranks = all.hits.map((h) => [h.score, Date.parse(h.startedAt)] as const);
    const ranked = [...ranks].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(ranks).toEqual(ranked);
    expect(new Set(ranks.map(([score]) => score)).size).toBeGreaterThan(3);
    const pages = [];
    for (let offset = 0; offset < 500; offset += 125) {
      pages.push(...(await source.search({ expression, offset, limit: 125 })).hits);
    }
    expect(pages.map((h) => h.callId)).toEqual(all.hits.map((h) => h.callId));
  });
  it('rejects a bad expression as invalid input', async () => {
    await expect(smallSource().search({ expression: '"oops' })).rejects.toMatchObject({
      code: 'invalid-query',
      retryable: false,
    });
  });
});

describe(
  'search skips calls by their word filter without losing any',
  { timeout: SMALL_CORPUS_BUDGET_MS },
  () => {
    it('finds exactly the calls a full scan finds', async () => {
      const { rebuildTranscript } = await import('../../../src/data/corpus/generate.ts');
      const source = smallSource();
      const corpus = source.corpus;
      for (const expression of [
        '"charged twice"',
        'globex OR initech',
        'refund* NOT credit',
        'CUSTOMER:cancel NEAR/4 contract',
        'supervisor',
      ]) {
        const tree = parseSearchExpression(expression);
        let expected = 0;
        for (let i = 0; i < corpus.n; i++) {
          if (corpus.cols.status[i] !== 0) continue;
          if (matchTranscript(tree, rebuildTranscript(corpus, i).segments).matched) expected++;
        }
        const result = await source.search({ expression, limit: 1 });
        expect(result.total, expression).toBe(expected);
      }
    });
  },
);
