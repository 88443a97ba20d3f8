/**
 * CallDataSource over the /v1 HTTP contract (./contract.ts, ../README.md): a bearer token on
 * every request, one token refresh and retry after a 401, `Retry-After` honoured on 429/503,
 * reads aborted when the page navigates (writes are never abandoned half-way by the client).
 * Reads asked twice at once, or ahead of the page, are joined in front of it (../read-cache.ts).
 */
import { signalOf } from '../call-options.ts';
import { DataSourceError, type CallDataSource, type DataSourceMethod } from '../source.ts';
import {
  CONTRACT,
  codeOfStatus,
  routeBody,
  routePath,
  type ContractErrorBody,
} from './contract.ts';

// The range last read, for the reads ahead that depend on it (default-source.ts): in this
// chunk, which only a deployment with an API loads, and which its reads wait for anyway.
export { keepRange, knownRange } from './known-range.ts';

export interface HttpSourceOptions {
  /** The API's base URL without /v1, e.g. "/api" (same origin) or "https://api.example.com". */
  readonly baseUrl: string;
  /** An access token for the API; `refresh` asks for a new one (after a 401). */
  readonly getToken: (refresh: boolean) => Promise<string | null>;
  readonly fetch?: typeof fetch;
  /** Longest `Retry-After` waited for before giving up, ms. */
  readonly maxRetryWaitMs?: number;
  /** Attempts after 429/503 (each after its Retry-After). */
  readonly maxRetries?: number;
}

export interface HttpSource extends CallDataSource {
  /** Aborts every read in flight (the page navigated away from what asked for it). */
  abortReads(): void;
}

const RETRYABLE_STATUS = new Set([429, 503]);

export function createHttpSource(options: HttpSourceOptions): HttpSource {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/v1`;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const maxWait = options.maxRetryWaitMs ?? 10_000;
  const maxRetries = options.maxRetries ?? 2;
  let reads = new AbortController();

  const request = async (method: DataSourceMethod, args: unknown[]): Promise<unknown> => {
    const contract = CONTRACT[method];
    const route = contract.routes.find((r) => routePath(r, args) !== null);
    if (!route) {
      throw new DataSourceError('invalid-query', `${method} needs an id`, ['id']);
    }
    const url = `${base}${routePath(route, args)}`;
    const body = routeBody(route, args);
    // A read stops with abortReads() or with its own caller's signal (call-options.ts).
    const own = signalOf(args);
    const signal = contract.write
      ? undefined
      : own
        ? AbortSignal.any([reads.signal, own])
        : reads.signal;
    let refreshed = false;
    let retries = 0;
    for (;;) {
      const token = await options.getToken(refreshed);
      if (!token) throw new DataSourceError('unauthorised', 'Sign in to see this data');
      let response: Response;
      try {
        response = await doFetch(url, {
          method: route.verb,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        const aborted = (error as Error).name === 'AbortError';
        throw new DataSourceError(
          'unavailable',
          aborted ? 'The request was cancelled' : 'The data service cannot be reached',
        );
      }
      if (response.status === 401 && !refreshed) {
        refreshed = true;
        continue;
      }
      if (RETRYABLE_STATUS.has(response.status) && retries < maxRetries) {
        const wait = retryAfterMs(response.headers.get('retry-after'));
        if (wait !== null && wait <= maxWait) {
          retries++;
          await delay(wait, signal);
          continue;
        }
      }
      const answer = await readResponse(response, contract.nullOnNotFound);
      return method === 'call' ? withApiAudioUrl(answer, base) : answer;
    }
  };

  const source = {
    abortReads() {
      reads.abort();
      reads = new AbortController();
    },
  } as HttpSource;
  const methods = source as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const method of Object.keys(CONTRACT) as DataSourceMethod[]) {
    methods[method] = (...args: unknown[]) => request(method, args);
  }
  return source;
}

/**
 * Reads of a screen the user leaves are not wanted any more: stop them (writes carry on), and
 * `leaving` drops what the page's read cache holds. Here, with the API's source, so a build
 * without an API does not load it.
 */
export function abortReadsOnLeavingPage(http: HttpSource, leaving: () => void): void {
  const navigation = (globalThis as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigate', (event) => {
    const destination = (event as Event & { destination?: { url: string } }).destination;
    if (destination && new URL(destination.url).pathname !== window.location.pathname) {
      http.abortReads();
      leaving();
    }
  });
}

/**
 * A call's stored recording comes as the API's signed link, a path under /v1 (the server does
 * not know where the app mounts it): the audio element needs it under the API's base.
 */
function withApiAudioUrl(answer: unknown, base: string): unknown {
  const detail = answer as { call?: { audioUrl?: unknown } } | null;
  const url = detail?.call?.audioUrl;
  if (typeof url !== 'string' || !url.startsWith('/v1/')) return answer;
  return { ...detail, call: { ...detail!.call, audioUrl: `${base}${url.slice(3)}` } };
}

async function readResponse(response: Response, nullOnNotFound: boolean): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (response.ok) return response.json();
  if (response.status === 404 && nullOnNotFound) return null;
  let error: Partial<ContractErrorBody['error']> = {};
  try {
    error = ((await response.json()) as ContractErrorBody).error ?? {};
  } catch {
    // Not the contract's body (a proxy's page): the status alone says what happened.
  }
  // The status decides the code (README "Errors"), the body gives the words and details.
  throw new DataSourceError(
    codeOfStatus(response.status),
    error.message ?? `The data service answered ${response.status}`,
    Array.isArray(error.details) ? error.details : [],
  );
}

/** Retry-After as seconds or an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DataSourceError('unavailable', 'The request was cancelled'));
    });
  });
}
