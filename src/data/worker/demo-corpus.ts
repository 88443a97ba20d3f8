/**
 * Where the data worker's corpus comes from: the build's asset when the build shipped one for
 * the corpus asked for (corpus-asset.ts), else the copy this browser kept, else generated here
 * (corpus-cache.ts). A build's asset holds one day: a static site visited on a later day
 * generates that day's corpus, as before, and keeps it.
 */
import type { Corpus } from '../corpus/corpus.ts';
import { corpusDay } from '../corpus/anchor.ts';
import { DEFAULT_CORPUS } from '../corpus/generate.ts';
import type { CorpusAssetInfo } from '../engine/persistence/corpus-asset.ts';
import { openCorpus, type CorpusCache } from '../engine/persistence/corpus-cache.ts';
import type { CorpusOptions } from './protocol.ts';

/** How the corpus was obtained; the worker marks it (performance.mark) for the browser tests. */
export type CorpusOrigin = 'asset' | 'generated';

export interface DemoCorpusSources {
  /** The asset the build shipped, or null. */
  asset: CorpusAssetInfo | null;
  readAsset: (asset: CorpusAssetInfo) => Promise<Corpus>;
  /**
   * The browser's kept copy (null: none) and its key (null: never kept), opened only when the
   * asset does not serve: a page with the asset never opens IndexedDB for it.
   */
  openCache: () => Promise<CorpusCache | null>;
  key: string | null;
  generate: () => Promise<Corpus>;
  /** Says why the asset was not used (the console): `warn` when it failed, `note` otherwise. */
  warn: (message: string) => void;
  note: (message: string) => void;
}

export async function openDemoCorpus(
  options: Partial<CorpusOptions>,
  sources: DemoCorpusSources,
): Promise<{ corpus: Corpus; origin: CorpusOrigin | 'kept' }> {
  const { asset } = sources;
  const wanted = {
    seed: options.seed ?? DEFAULT_CORPUS.seed,
    calls: options.calls ?? DEFAULT_CORPUS.calls,
    day: corpusDay(options.day),
  };
  const fits =
    asset !== null &&
    asset.seed === wanted.seed &&
    asset.calls === wanted.calls &&
    asset.day === wanted.day;
  if (fits) {
    try {
      return { corpus: await sources.readAsset(asset), origin: 'asset' };
    } catch (error) {
      sources.warn(
        `The demo data shipped with this site could not be read (${(error as Error).message}); ` +
          'generating it in the browser instead.',
      );
    }
  } else if (asset !== null) {
    sources.note(
      `The demo data shipped with this site ends on ${asset.day} (${asset.calls} calls, seed ` +
        `${asset.seed}); this page asks for ${wanted.day} (${wanted.calls} calls, seed ` +
        `${wanted.seed}), so it is generated in the browser.`,
    );
  }
  let generated = false;
  const corpus = await openCorpus(sources.key, await sources.openCache(), () => {
    generated = true;
    return sources.generate();
  });
  return { corpus, origin: generated ? 'generated' : 'kept' };
}
