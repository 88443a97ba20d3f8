/**
 * The application's data source: the embedded engine in a Web Worker, created on first use so
 * neither the worker nor the corpus costs anything until a data screen opens.
 */
import type { CallDataSource } from './source.ts';
import type { CorpusOptions } from './worker/protocol.ts';
import { createWorkerSource } from './worker/client.ts';

let options: Partial<CorpusOptions> = readBuildOptions();
let source: CallDataSource | null = null;

function readBuildOptions(): Partial<CorpusOptions> {
  // VITE_DEMO_CALLS / VITE_DEMO_SEED let a build ship a bigger or different demo corpus.
  const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
  const out: Partial<CorpusOptions> = {};
  if (env.VITE_DEMO_CALLS) out.calls = Number(env.VITE_DEMO_CALLS);
  if (env.VITE_DEMO_SEED) out.seed = Number(env.VITE_DEMO_SEED);
  return out;
}

/** Changes the demo corpus before the first query (for example from a URL flag). */
export function configureDataSource(next: Partial<CorpusOptions>): void {
  if (source) throw new Error('configureDataSource must run before the data source is first used');
  options = { ...options, ...next };
}

export function getDataSource(): CallDataSource {
  if (!source) {
    const worker = new Worker(new URL('./worker/data.worker.ts', import.meta.url), {
      type: 'module',
      name: 'call-data',
    });
    source = createWorkerSource(worker, options);
  }
  return source;
}
