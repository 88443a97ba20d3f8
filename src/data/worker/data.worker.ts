/// <reference lib="webworker" />
/**
 * The data worker: generates the corpus on the first request (init), then answers source
 * calls one at a time. Heavy work never touches the page's thread. Large corpora are built by
 * helper workers in parallel (one per core, up to the number of slices); if that fails for any
 * reason the corpus is built here, with the same result.
 */
import { generateCorpusParallel, type SliceMessage, type SliceRunner } from '../corpus/parallel.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { SLICES, generateCorpus } from '../corpus/generate.ts';
import { EmbeddedSource } from '../engine/index.ts';
import { corpusKey, indexedDbCorpusCache, openCorpus } from '../engine/persistence/corpus-cache.ts';
import { openWriteStore } from '../engine/persistence/open.ts';
import { PersistedSource } from '../engine/persistence/persisted-source.ts';
import type { CallDataSource } from '../source.ts';
import type { CorpusOptions } from './protocol.ts';
import { serveSource } from './serve.ts';

declare const self: DedicatedWorkerGlobalScope;

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
 * The corpus as generated: kept from an earlier page load of this build (corpus-cache.ts), else
 * generated here. A development server's worker has no build to tell versions apart by, and
 * always generates.
 */
async function open(options: Partial<CorpusOptions>): Promise<Corpus> {
  const build = import.meta.env.DEV ? null : import.meta.url;
  const cache = await indexedDbCorpusCache().catch(() => null);
  return openCorpus(corpusKey(build, options), cache, () => generate(options));
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
