/// <reference lib="webworker" />
/**
 * The data worker: generates the corpus on the first request (init), then answers source
 * calls one at a time. Heavy work never touches the page's thread. Large corpora are built by
 * helper workers in parallel (one per core, up to the number of slices); if that fails for any
 * reason the corpus is built here, with the same result.
 */
import { generateCorpusParallel, type SliceMessage, type SliceRunner } from '../corpus/parallel.ts';
import { SLICES } from '../corpus/generate.ts';
import { EmbeddedSource, createEmbeddedSource } from '../engine/index.ts';
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
    source ??= open(options).then(async (engine) => {
      // Writes are kept per corpus (seed and size), in IndexedDB when the browser allows it.
      const { store, unavailable } = await openWriteStore(engine.corpus);
      return PersistedSource.open(engine, store, unavailable);
    });
    return source;
  },
);

async function open(options: Partial<CorpusOptions>): Promise<EmbeddedSource> {
  const cores = Math.min(SLICES, navigator.hardwareConcurrency || 1);
  if ((options.calls ?? 0) < PARALLEL_FROM_CALLS || cores < PARALLEL_FROM_CORES) {
    return createEmbeddedSource(options);
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
    const corpus = await generateCorpusParallel(options, helpers.map(runnerFor));
    return new EmbeddedSource(corpus);
  } catch {
    return createEmbeddedSource(options);
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
