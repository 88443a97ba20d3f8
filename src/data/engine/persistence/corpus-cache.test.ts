import { describe, expect, it } from 'vitest';
import type { Corpus } from '../../corpus/corpus.ts';
import { generateCorpus } from '../../corpus/generate.ts';
import { corpusKpis } from '../embedded-source.ts';
import { corpusKey, openCorpus, type CorpusCache } from './corpus-cache.ts';

/** A cache in memory that copies as IndexedDB does. */
function memoryCache() {
  const kept = new Map<string, unknown>();
  const cache: CorpusCache = {
    read: async (key) => structuredClone(kept.get(key)),
    write(key, corpus) {
      kept.clear();
      kept.set(key, structuredClone(corpus));
    },
  };
  return { cache, kept };
}

const OPTIONS = { calls: 300, day: '2026-03-31' };

function counted() {
  let runs = 0;
  return {
    generate: async (): Promise<Corpus> => (runs++, generateCorpus(OPTIONS)),
    runs: () => runs,
  };
}

describe('the kept demo corpus', () => {
  const key = corpusKey('/assets/data.worker-abc.js', OPTIONS)!;

  it('is generated once, then read back with the same numbers', async () => {
    const { cache } = memoryCache();
    const gen = counted();
    const first = await openCorpus(key, cache, gen.generate);
    const again = await openCorpus(key, cache, gen.generate);
    expect(gen.runs()).toBe(1);
    expect(again).not.toBe(first);
    expect(corpusKpis(again)).toEqual(corpusKpis(first));
    expect(again.cols.wordBloom).toEqual(first.cols.wordBloom);
    expect(again.failures).toEqual(first.failures);
  });

  it('keeps the corpus as generated, not the changes made to it after', async () => {
    const { cache } = memoryCache();
    const gen = counted();
    const first = await openCorpus(key, cache, gen.generate);
    const rules = first.rules.length;
    first.rules = [];
    first.cols.qaScore.fill(0);
    const again = await openCorpus(key, cache, gen.generate);
    expect(again.rules).toHaveLength(rules);
    expect(again.cols.qaScore.some((score) => score > 0)).toBe(true);
  });

  it('is generated again for another build or day, and never kept without a build', async () => {
    const { cache, kept } = memoryCache();
    const gen = counted();
    await openCorpus(key, cache, gen.generate);
    await openCorpus(corpusKey('/assets/data.worker-new.js', OPTIONS), cache, gen.generate);
    await openCorpus(
      corpusKey('/assets/data.worker-new.js', { ...OPTIONS, day: '2026-04-01' }),
      cache,
      gen.generate,
    );
    expect(gen.runs()).toBe(3);
    expect(kept.size).toBe(1);
    expect(corpusKey(null, OPTIONS)).toBeNull();
    await openCorpus(null, cache, gen.generate);
    await openCorpus(null, cache, gen.generate);
    expect(gen.runs()).toBe(5);
  });

  it('is generated again when what was kept is not a whole corpus', async () => {
    const gen = counted();
    const good = await generateCorpus(OPTIONS);
    const damaged: unknown[] = [
      'text',
      { ...good, cols: { ...good.cols, qaScore: good.cols.qaScore.slice(1) } },
      { ...good, cols: { ...good.cols, churnScore: Array.from(good.cols.churnScore) } },
      { ...good, rules: undefined },
    ];
    for (const value of damaged) {
      const cache: CorpusCache = { read: async () => value, write: () => undefined };
      const corpus = await openCorpus(key, cache, gen.generate);
      expect(corpus.cols.qaScore).toHaveLength(OPTIONS.calls);
    }
    const failing: CorpusCache = {
      read: () => Promise.reject(new Error('refused')),
      write: () => undefined,
    };
    await openCorpus(key, failing, gen.generate);
    expect(gen.runs()).toBe(damaged.length + 1);
  });
});
