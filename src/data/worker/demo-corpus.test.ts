import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Corpus } from '../corpus/corpus.ts';
import { generateCorpus } from '../corpus/generate.ts';
import {
  decodeCorpus,
  encodeCorpus,
  gunzip,
  type CorpusAssetInfo,
} from '../engine/persistence/corpus-asset.ts';
import { openDemoCorpus, type DemoCorpusSources } from './demo-corpus.ts';

const OPTIONS = { seed: 11, calls: 200, day: '2026-03-31' };
const ASSET: CorpusAssetInfo = { file: 'assets/demo-corpus-x.bin', ...OPTIONS };
const bytes = gzipSync(encodeCorpus(generateCorpus(OPTIONS)));

/** The worker's sources around `served` (the asset's bytes as the site serves them). */
function sources(served: Uint8Array<ArrayBuffer>, asset: CorpusAssetInfo | null = ASSET) {
  const said: string[] = [];
  let generations = 0;
  const given: DemoCorpusSources = {
    asset,
    readAsset: async (shipped) => decodeCorpus(await gunzip(served), shipped),
    openCache: async () => null,
    key: null,
    generate: async (): Promise<Corpus> => (generations++, generateCorpus(OPTIONS)),
    warn: (message) => said.push(`warn: ${message}`),
    note: (message) => said.push(`note: ${message}`),
  };
  return { given, said, generations: () => generations };
}

describe("the data worker's demo corpus", () => {
  it('is read from the asset, never generated, when the asset holds the corpus asked for', async () => {
    const { given, said, generations } = sources(bytes);
    const { corpus, origin } = await openDemoCorpus(OPTIONS, given);
    expect(origin).toBe('asset');
    expect(generations()).toBe(0);
    expect(said).toEqual([]);
    expect({ ...corpus, loadMs: 0 }).toStrictEqual({ ...generateCorpus(OPTIONS), loadMs: 0 });
  });

  it('is generated, saying why, when the asset is corrupt or missing', async () => {
    const corrupt = Uint8Array.from(bytes);
    corrupt[corrupt.length >> 1]! ^= 0x55;
    for (const served of [corrupt, new Uint8Array(0)]) {
      const { given, said, generations } = sources(served);
      const { corpus, origin } = await openDemoCorpus(OPTIONS, given);
      expect(origin).toBe('generated');
      expect(generations()).toBe(1);
      expect(said).toEqual([expect.stringMatching(/^warn: The demo data shipped .* could not/)]);
      expect(corpus.n).toBe(OPTIONS.calls);
    }
  });

  it('is generated, with a note, for another day, size or seed than the asset holds', async () => {
    for (const asked of [
      { ...OPTIONS, day: '2026-04-01' },
      { ...OPTIONS, calls: 201 },
      { ...OPTIONS, seed: 12 },
    ]) {
      const { given, said, generations } = sources(bytes);
      const { origin } = await openDemoCorpus(asked, given);
      expect(origin).toBe('generated');
      expect(generations()).toBe(1);
      expect(said).toEqual([expect.stringMatching(/^note: /)]);
    }
    const none = sources(bytes, null);
    expect((await openDemoCorpus(OPTIONS, none.given)).origin).toBe('generated');
    expect(none.said).toEqual([]);
  });
});
