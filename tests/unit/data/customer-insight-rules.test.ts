import { describe, expect, it } from 'vitest';
import {
  bucketEdges,
  followUpOutcome,
  phrasesOf,
  risingPhrases,
  scoreBand,
  trendFlag,
} from '../../../src/data/engine/customer-insight/rules.ts';

describe('phrasesOf', () => {
  it('finds two- and three-word phrases that neither start nor end with a stopword', () => {
    expect([...phrasesOf(['I want to cancel my contract'])].sort()).toEqual([
      'cancel my contract',
      'want to cancel',
    ]);
  });

  it('counts a phrase once however often it is said', () => {
    expect([...phrasesOf(['price increase', 'Price increase!'])]).toEqual(['price increase']);
  });
});

describe('risingPhrases', () => {
  it('ranks by the rise in share of calls and keeps one phrase per sentence', () => {
    const now = new Map([
      ['price increase', 10], // 10/100 = 10% vs 2/100 = 2%: +8 pp
      ['price', 10], // same counts now and before: the same finding, shorter, dropped
      ['late delivery', 6], // 6% vs 1%: +5 pp
      ['new phone', 2], // under the minimum of 3 calls
      ['old plan', 5], // 5% vs 10%: fell
    ]);
    const before = new Map([
      ['price increase', 2],
      ['price', 2],
      ['late delivery', 1],
      ['old plan', 10],
    ]);
    const rows = risingPhrases(now, before, 100, 100, 10);
    expect(rows.map((r) => r.phrase)).toEqual(['price increase', 'late delivery']);
    expect(rows[0]).toEqual({
      phrase: 'price increase',
      calls: 10,
      previousCalls: 2,
      share: 0.1,
      previousShare: 0.02,
    });
  });

  it('returns nothing when no call was heard', () => {
    expect(risingPhrases(new Map([['a b', 5]]), new Map(), 0, 10, 5)).toEqual([]);
  });
});

describe('trendFlag', () => {
  const analysed = [100, 100, 100, 100, 100];
  it('flags emerging when the last share is 2 sd above the history', () => {
    // shares 10, 12, 8, 10 %: mean 10 %, sd sqrt(2)/100 = 1.414 pp; last 20 % -> z = 7.07
    expect(trendFlag([10, 12, 8, 10, 20], analysed)).toEqual({ direction: 'emerging', z: 7.07 });
  });

  it('flags declining 2 sd below, and nothing in between', () => {
    expect(trendFlag([10, 12, 8, 10, 6], analysed)).toEqual({ direction: 'declining', z: -2.83 });
    expect(trendFlag([10, 12, 8, 10, 11], analysed)).toEqual({ direction: null, z: 0.71 });
  });

  it('needs three earlier buckets and five calls to call a topic emerging', () => {
    expect(trendFlag([10, 12, 20], [100, 100, 100])).toEqual({ direction: null, z: null });
    // flat 1 % history: sd floor 0.5 pp; 4/100 = 4 % -> z = 6, but only 4 calls
    expect(trendFlag([1, 1, 1, 4], [100, 100, 100, 100])).toEqual({ direction: null, z: 6 });
  });
});

describe('bucketEdges', () => {
  const at = (d: string) => Date.parse(`${d}T00:00:00Z`);
  const days = (edges: number[]) => edges.map((e) => new Date(e).toISOString().slice(0, 10));
  it('starts weeks on Monday and months on the first', () => {
    // 2026-03-04 is a Wednesday
    expect(days(bucketEdges(at('2026-03-04'), at('2026-03-17'), 'week'))).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
    ]);
    expect(days(bucketEdges(at('2026-01-15'), at('2026-03-02'), 'month'))).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
    ]);
    expect(days(bucketEdges(at('2026-03-01'), at('2026-03-03'), 'day'))).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
  });
});

describe('followUpOutcome', () => {
  const next = {
    analysed: true,
    dispositionGroup: 'Technical Support',
    cancellationIntent: false,
    resolved: true,
    churnLevel: 'low' as const,
  };
  it('reads the next call', () => {
    expect(followUpOutcome(next)).toBe('saved');
    expect(followUpOutcome({ ...next, dispositionGroup: 'Cancellation' })).toBe('churned');
    expect(followUpOutcome({ ...next, cancellationIntent: true })).toBe('churned');
    expect(followUpOutcome({ ...next, dispositionGroup: 'Retention Offer', resolved: false })).toBe(
      'saved',
    );
    expect(followUpOutcome({ ...next, resolved: false })).toBe('open');
    expect(followUpOutcome({ ...next, churnLevel: 'medium' })).toBe('open');
    expect(followUpOutcome({ ...next, analysed: false })).toBe('open');
  });
});

describe('scoreBand', () => {
  it('puts scores in ten bands, 1 in the last', () => {
    expect([0, 0.05, 0.1, 0.59, 0.6, 0.99, 1].map(scoreBand)).toEqual([0, 0, 1, 5, 6, 9, 9]);
  });
});
