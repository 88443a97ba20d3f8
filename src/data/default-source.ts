/**
 * The application's data source, created on first use: the API over HTTP when the deployment
 * names one (http/deployment-api.ts), else the embedded engine in a Web Worker, so neither
 * the worker nor the corpus costs anything until a data screen opens.
 */
import type { CallDataSource, CorpusInfo } from './source.ts';
import { apiToken, configuredApiUrl } from './http/api-connection.ts';
import { readCacheOf, withReadCache, type AheadRead } from './read-cache.ts';
import type { CorpusOptions } from './worker/protocol.ts';
import { createWorkerSource } from './worker/client.ts';

const options: Partial<CorpusOptions> = readBuildOptions();
let source: CallDataSource | null = null;

function readBuildOptions(): Partial<CorpusOptions> {
  // VITE_DEMO_CALLS / VITE_DEMO_SEED let a build ship a bigger or different demo corpus;
  // VITE_DEMO_DAY pins the day it ends on (the test build does), else it ends today.
  const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
  const out: Partial<CorpusOptions> = {};
  if (env.VITE_DEMO_CALLS) out.calls = Number(env.VITE_DEMO_CALLS);
  if (env.VITE_DEMO_SEED) out.seed = Number(env.VITE_DEMO_SEED);
  if (env.VITE_DEMO_DAY) out.day = env.VITE_DEMO_DAY;
  return out;
}

export function getDataSource(): CallDataSource {
  const apiUrl = configuredApiUrl();
  if (!source && apiUrl) source = withReadCache(lazyHttpSource(apiUrl));
  if (!source) {
    const worker = new Worker(new URL('./worker/data.worker.ts', import.meta.url), {
      type: 'module',
      name: 'call-data',
    });
    source = withReadCache(createWorkerSource(worker, options));
  }
  return source;
}

/**
 * Starts the API reads the first page will ask for before it asks (ReadCache.ahead): with
 * an API, start-up (api-connection.ts) reads ahead while the screen's chunk is on its way and
 * the shell renders, instead of after the screen's first render. No-op without an API: the
 * embedded engine answers from the page's own worker, with no round trip to save.
 */
export function readAhead(reads: readonly AheadRead[]): void {
  if (configuredApiUrl()) readCacheOf(getDataSource()).ahead(reads);
}

/**
 * A screen's first reads that depend on the data's range (a period that ends on its last day),
 * started as soon as the range is known rather than after the screen has rendered with it; the
 * answers wait in the read cache for the screen's own reads, which take only the answer to the
 * very read they ask. With an API they start at once with the range this browser read last
 * (known-range.ts), beside the range's own read, and again with the range read now where it
 * has moved: on the same day they leave a round trip earlier. Without one the page's worker
 * starts now (its code and the corpus, kept by this browser or generated, load while the page
 * renders). A failure is left to the screen's own reads.
 */
export function readAheadWithInfo(
  plan: (info: Pick<CorpusInfo, 'range'>) => readonly AheadRead[],
): void {
  const cache = readCacheOf(getDataSource());
  const api = configuredApiUrl();
  // Only with an API, from the HTTP source's chunk, which every API read waits for anyway.
  const ranges = api ? import('./http/http-source.ts') : null;
  void ranges?.then(({ knownRange }) => {
    const known = knownRange(api!);
    if (known) cache.ahead(plan({ range: known }));
  });
  const [info] = cache.ahead([{ method: 'info', args: [] }]);
  (info as Promise<CorpusInfo>).then(
    ({ range }) => {
      void ranges?.then(({ keepRange }) => keepRange(api!, range));
      cache.ahead(plan({ range }));
    },
    () => undefined,
  );
}

/** The HTTP source, fetched on first use: a build without an API never loads it. */
function lazyHttpSource(baseUrl: string): Promise<CallDataSource> {
  return import('./http/http-source.ts').then(({ createHttpSource, abortReadsOnLeavingPage }) => {
    const http = createHttpSource({ baseUrl, getToken: apiToken });
    abortReadsOnLeavingPage(http, () => source && readCacheOf(source).clear());
    return http;
  });
}
