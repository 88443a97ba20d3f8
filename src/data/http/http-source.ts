/**
 * CallDataSource over the /v1 HTTP contract (./contract.ts, ../README.md): a bearer token on
 * every request, one token refresh and retry after a 401, `Retry-After` honoured on 429/503,
 * reads aborted when the page navigates (writes are never abandoned half-way by the client).
 */
import { signalOf } from '../call-options.ts';
import {
  DataSourceError,
  type CallDataSource,
  type CorpusInfo,
  type DataSourceMethod,
} from '../source.ts';
import {
  CONTRACT,
  codeOfStatus,
  routeBody,
  routePath,
  type ContractErrorBody,
} from './contract.ts';
import { keepRange, knownRange } from './known-range.ts';
import { markArrival, arrived, notInHand, type HoldsAnswers } from '../in-hand.ts';

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
  /** The clock a read ahead's freshness is judged by (tests set it). */
  readonly now?: () => number;
}

export interface HttpSource extends CallDataSource, HoldsAnswers {
  /** Aborts every read in flight (the page navigated away from what asked for it). */
  abortReads(): void;
  /**
   * Starts reads before anyone asks for them (start-up, for what every page asks first; a
   * screen, for its own first reads): the first caller of the same read (method and arguments)
   * within READ_AHEAD_FRESH_MS gets the answer already on its way, once. A write, abortReads()
   * or a failure drops it: the caller then reads afresh, so a read ahead never hands over what
   * a later read would not see. A read already on its way, ahead or asked by the page, is not
   * started twice: its answer is joined. Returns each read's answer (failures included).
   */
  readAhead(reads: readonly AheadRead[]): Promise<unknown>[];
  /**
   * Reads that depend on the data's range (`plan`), read ahead with the range this browser read
   * last (known-range.ts) beside the range's own read (joined where it is on its way), and again
   * with the range read now where it has moved: on the same day they leave a round trip earlier.
   * Never rejects: a failure is left to the page's own reads.
   */
  readAheadOnRange(plan: (info: Pick<CorpusInfo, 'range'>) => readonly AheadRead[]): Promise<void>;
}

/** A read to start ahead: a method of the source and the arguments the page will pass. */
export type AheadRead = {
  [M in DataSourceMethod]: { method: M; args: Readonly<Parameters<CallDataSource[M]>> };
}[DataSourceMethod];

/** How long an answer read ahead may wait for its first caller (the first page's render). */
export const READ_AHEAD_FRESH_MS = 10_000;

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

  // Reads by key (method and arguments): started ahead and not yet taken, and asked by the
  // page and not yet answered.
  const ahead = new Map<string, { answer: Promise<unknown>; startedAt: number }>();
  const asked = new Map<string, Promise<unknown>>();
  const now = options.now ?? (() => Date.now());
  const keyOf = (method: DataSourceMethod, args: readonly unknown[]) =>
    `${method} ${JSON.stringify(args)}`;

  /** Keeps `answer` as the read of `key` on its way until it settles, for callers to join. */
  const track = (key: string, answer: Promise<unknown>): Promise<unknown> => {
    asked.set(key, answer);
    const settled = () => asked.get(key) === answer && asked.delete(key);
    answer.then(settled, settled);
    return answer;
  };
  const ask = (key: string, method: DataSourceMethod, args: unknown[]): Promise<unknown> =>
    track(key, request(method, args));
  const call = (method: DataSourceMethod, args: unknown[]): Promise<unknown> => {
    if (CONTRACT[method].write) {
      // Reads after a write see it: nothing read before it is handed over or joined.
      ahead.clear();
      asked.clear();
      return request(method, args);
    }
    const key = keyOf(method, args);
    // The same read already on its way (two parts of a page asking for the catalog at
    // mount): joined, not asked twice.
    const inFlight = asked.get(key);
    if (inFlight) return inFlight;
    const early = ahead.get(key);
    if (!early) return ask(key, method, args);
    ahead.delete(key);
    if (now() - early.startedAt > READ_AHEAD_FRESH_MS) return ask(key, method, args);
    return track(
      key,
      early.answer.catch(() => request(method, args)),
    );
  };

  const source = {
    abortReads() {
      ahead.clear();
      reads.abort();
      reads = new AbortController();
    },
    async readAheadOnRange(plan) {
      const known = knownRange(options.baseUrl);
      if (known) source.readAhead(plan({ range: known }));
      try {
        const [info] = source.readAhead([{ method: 'info', args: [] }]);
        const { range } = (await info) as CorpusInfo;
        keepRange(options.baseUrl, range);
        source.readAhead(plan({ range }));
      } catch {
        // The page's own reads meet the failure and say so.
      }
    },
    readAhead(wanted: readonly AheadRead[]) {
      return wanted.map(({ method, args }) => {
        const key = keyOf(method, args);
        const on = ahead.get(key)?.answer ?? asked.get(key);
        if (on) return on;
        if (CONTRACT[method].write) throw new Error(`${method} is a write: it is never read ahead`);
        const answer = markArrival(request(method, [...args]));
        // Unhandled until a caller takes it; a failure is that caller's cue to read afresh.
        answer.catch(() => undefined);
        ahead.set(key, { answer, startedAt: now() });
        return answer;
      });
    },
  } as HttpSource;
  const methods = source as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  // What a screen's first render may use at once (in-hand.ts): answers read ahead that have
  // arrived and would be handed to the same read now. Looking takes nothing.
  const inHand = {} as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const method of Object.keys(CONTRACT) as DataSourceMethod[]) {
    methods[method] = (...args: unknown[]) => call(method, args);
    inHand[method] = (...args: unknown[]) => {
      const early = ahead.get(keyOf(method, args));
      const fresh = early && now() - early.startedAt <= READ_AHEAD_FRESH_MS;
      return fresh && arrived(early.answer) ? early.answer : notInHand();
    };
  }
  Object.assign(source, { inHand });
  return source;
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
