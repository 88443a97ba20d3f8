/**
 * The demo corpus ends on its anchor day: today (UTC) by default, so "last 30 days" means the
 * visitor's last 30 days; the same (seed, day) gives the same data; tests pin the day.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CORPUS_DAY_ENV, checkCorpusDay, corpusDay } from '../../../src/data/corpus/anchor.ts';
import { prepareCorpus } from '../../../src/data/corpus/generate.ts';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import { TEST_CORPUS_DAY } from '../../corpus-day.ts';

const pinned = process.env[CORPUS_DAY_ENV];
afterEach(() => {
  process.env[CORPUS_DAY_ENV] = pinned;
  vi.useRealTimers();
});

describe('the corpus anchor day', () => {
  it('is pinned for every test by the vitest configuration', () => {
    expect(pinned).toBe(TEST_CORPUS_DAY);
    expect(new Date(prepareCorpus({ calls: 10 }).toMs).toISOString()).toBe(
      '2026-04-01T00:00:00.000Z',
    );
  });

  it('is today (UTC) when nothing pins it: the corpus ends at the next midnight', () => {
    delete process.env[CORPUS_DAY_ENV];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T20:15:00.000Z'));
    expect(corpusDay()).toBe('2026-11-23');
    const corpus = prepareCorpus({ calls: 100 });
    expect(corpus.day).toBe('2026-11-23');
    expect(new Date(corpus.toMs).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(new Date(corpus.fromMs).toISOString()).toBe('2026-08-26T00:00:00.000Z');
  });

  it('gives the same data for the same seed and day, and moves the calls with the day', async () => {
    const a = createEmbeddedSource({ calls: 400, seed: 7, day: '2026-06-30' });
    const b = createEmbeddedSource({ calls: 400, seed: 7, day: '2026-06-30' });
    const c = createEmbeddedSource({ calls: 400, seed: 7, day: '2026-09-30' });
    const page = { filters: {}, limit: 500 };
    const [pa, pb, pc] = await Promise.all([a.calls(page), b.calls(page), c.calls(page)]);
    expect(pa).toEqual(pb);
    expect((await c.info()).range.to).toBe('2026-10-01T00:00:00.000Z');
    const last = (p: typeof pc) => Math.max(...p.items.map((r) => Date.parse(r.startedAt)));
    expect(last(pc)).toBeGreaterThan(Date.parse('2026-09-29T00:00:00.000Z'));
    expect(last(pc)).toBeLessThan(Date.parse('2026-10-01T00:00:00.000Z'));
  });

  it('rejects a day that is not a calendar date', () => {
    expect(() => checkCorpusDay('2026-02-30')).toThrow(RangeError);
    expect(() => checkCorpusDay('31/03/2026')).toThrow(/YYYY-MM-DD/);
    expect(() => prepareCorpus({ calls: 10, day: 'tomorrow' })).toThrow(RangeError);
  });
});

describe('the corpus of today', () => {
  it('has no call from the future: every call has ended by the moment it was generated', async () => {
    const day = '2026-11-28';
    const now = Date.parse(`${day}T21:44:00.000Z`);
    const source = createEmbeddedSource({ calls: 3_000, seed: 11, day, now });
    const { items } = await source.calls({
      filters: {},
      sort: { field: 'startedAt', direction: 'desc' },
      limit: 5,
    });
    expect(Date.parse(items[0]!.startedAt)).toBeLessThan(now);
    for (const call of items)
      expect(Date.parse(call.startedAt) + call.durationMs).toBeLessThanOrEqual(now);
    // Calls of today up to then, at the hours they were drawn for.
    expect(items[0]!.startedAt.slice(0, 10)).toBe(day);
  });

  it('of a day that has ended is the same whenever it is generated', () => {
    const at = (now: number) => prepareCorpus({ calls: 500, seed: 11, day: '2026-03-31', now });
    expect([...at(Date.parse('2026-04-01T09:00:00Z')).cols.startMs]).toEqual([
      ...at(Date.parse('2026-11-28T21:44:00Z')).cols.startMs,
    ]);
  });
});
