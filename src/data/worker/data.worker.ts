/// <reference lib="webworker" />
/**
 * The data worker: on the first request (init) reads the corpus the build shipped, or generates
 * it (demo-corpus.ts), then answers source calls one at a time. Heavy work never touches the page's thread. Large corpora are built by
 * helper workers in parallel (one per core, up to the number of slices); if that fails for any
 * reason the corpus is built here, with the same result.
 */
import { generateCorpusParallel, type SliceMessage, type SliceRunner } from '../corpus/parallel.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { SLICES, generateCorpus } from '../corpus/generate.ts';
import { EmbeddedSource } from '../engine/index.ts';
import { fetchCorpusAsset, type CorpusAssetInfo } from '../engine/persistence/corpus-asset.ts';
import { corpusKey, indexedDbCorpusCache } from '../engine/persistence/corpus-cache.ts';
import { openWriteStore } from '../engine/persistence/open.ts';
import { PersistedSource } from '../engine/persistence/persisted-source.ts';
import type { CallDataSource } from '../source.ts';
import type { CorpusOptions } from './protocol.ts';
import { openDemoCorpus } from './demo-corpus.ts';
import { serveSource } from './serve.ts';

declare const self: DedicatedWorkerGlobalScope;
/** The asset the build ships, as JSON (scripts/build/demo-corpus-plugin.ts); '' or absent: none. */
declare const __DEMO_CORPUS_ASSET__: string | undefined;

/** Below this size one thread is fast enough and helpers would only add start-up time. */
const PARALLEL_FROM_CALLS = 40_000;
/** With fewer cores the helpers compete with the page and the data worker for the CPU. */
const PARALLEL_FROM_CORES = 4;

let source: Promise<CallDataSource> | null = null;

serveSource(
  (message) => self.postMessage(message),
  (listener) => self.addEventListener('message', (event) => listener(event.data)),
  (options) => {
    source ??= open(options).then(async (corpus) => {
      const engine = new EmbeddedSource(corpus);
      // Writes are kept per corpus (seed and size), in IndexedDB when the browser allows it.
      const { store, unavailable } = await openWriteStore(engine.corpus);
      return PersistedSource.open(engine, store, unavailable);
    });
    return source;
  },
);

/**
 * The corpus: the build's asset (scripts/build/demo-corpus-plugin.ts) when it holds the corpus
 * asked for, else kept from an earlier page load of this build (corpus-cache.ts), else generated
 * here. A development server's worker has no build to tell versions apart by, and never keeps
 * one. Marks where it came from (performance mark "demo-corpus:<origin>") for the browser tests.
 */
async function open(options: Partial<CorpusOptions>): Promise<Corpus> {
  const build = import.meta.env.DEV ? null : import.meta.url;
  const { corpus, origin } = await openDemoCorpus(options, {
    asset: shippedAsset(),
    readAsset: (shipped) =>
      fetchCorpusAsset(
        new URL(import.meta.env.BASE_URL + shipped.file, self.location.href),
        shipped,
      ),
    openCache: () => indexedDbCorpusCache().catch(() => null),
    key: corpusKey(build, options),
    generate: () => generate(options),
    warn: (message) => console.warn(message),
    note: (message) => console.info(message),
  });
  performance.mark(`demo-corpus:${origin}`);
  return corpus;
}

/** The asset the build names, or null. */
function shippedAsset(): CorpusAssetInfo | null {
  const named = typeof __DEMO_CORPUS_ASSET__ === 'string' ? __DEMO_CORPUS_ASSET__ : '';
  return named ? (JSON.parse(named) as CorpusAssetInfo) : null;
}

async function generate(options: Partial<CorpusOptions>): Promise<Corpus> {
  const cores = Math.min(SLICES, navigator.hardwareConcurrency || 1);
  if ((options.calls ?? 0) < PARALLEL_FROM_CALLS || cores < PARALLEL_FROM_CORES) {
    return generateCorpus(options);
  }
  const helpers: Worker[] = [];
  try {
    for (let h = 0; h < cores; h++) {
      helpers.push(
        new Worker(new URL('./slice.worker.ts', import.meta.url), {
          type: 'module',
          name: `call-data-slice-${h}`,
        }),
      );
    }
    return await generateCorpusParallel(options, helpers.map(runnerFor));
  } catch {
    return generateCorpus(options);
  } finally {
    for (const helper of helpers) helper.terminate();
  }
}

function runnerFor(helper: Worker): SliceRunner {
  return (options, k) =>
    new Promise<SliceMessage>((resolve, reject) => {
      helper.onmessage = (
        event: MessageEvent<{ ok: boolean; message?: SliceMessage; error?: string }>,
      ) => (event.data.ok ? resolve(event.data.message!) : reject(new Error(event.data.error)));
      helper.onerror = (event) => reject(new Error(event.message));
      helper.postMessage({ options, k });
    });
}
