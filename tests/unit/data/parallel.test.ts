import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../../src/data/corpus/generate.ts';
import {
  buildSliceMessage,
  generateCorpusParallel,
  type SliceRunner,
} from '../../../src/data/corpus/parallel.ts';
import type { Corpus } from '../../../src/data/corpus/corpus.ts';

function columnsOf(c: Corpus): Record<string, number[]> {
  return Object.fromEntries(
    Object.entries(c.cols).map(([k, v]) => [k, Array.from(v as ArrayLike<number>)]),
  );
}

describe('parallel generation', { timeout: 60_000 }, () => {
  it('gives exactly the corpus of the single-thread generator, whatever the number of helpers', async () => {
    const options = { seed: 21, calls: 900 };
    const expected = generateCorpus(options);
    // Helpers answer through structured cloning, as postMessage does, and out of order.
    const runner: SliceRunner = async (o, k) => {
      await new Promise((r) => setTimeout(r, (7 - k) % 3));
      return structuredClone(buildSliceMessage(o, k));
    };
    for (const helpers of [1, 3]) {
      const parallel = await generateCorpusParallel(
        options,
        Array.from({ length: helpers }, () => runner),
      );
      expect(columnsOf(parallel)).toEqual(columnsOf(expected));
      expect(parallel.summaries).toEqual(expected.summaries);
      expect(parallel.customerCount).toBe(expected.customerCount);
      expect(Array.from(parallel.failures.offsets)).toEqual(Array.from(expected.failures.offsets));
      expect(Array.from(parallel.failures.rule)).toEqual(Array.from(expected.failures.rule));
      expect(parallel.leads).toEqual(expected.leads);
    }
  });

  it('rejects when a helper fails, so the caller can fall back', async () => {
    const failing: SliceRunner = async () => {
      throw new Error('helper crashed');
    };
    await expect(generateCorpusParallel({ calls: 100 }, [failing])).rejects.toThrow(
      'helper crashed',
    );
  });
});
