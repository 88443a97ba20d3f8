/**
 * The client's one cache of reads, in front of whichever source answers them (the API's
 * HttpSource or the demo's worker): keyed by method and canonical arguments (readKey), it holds
 * reads on their way, so the same read asked twice at once (two parts of a page asking for the
 * catalog at mount) is asked once, and reads started ahead of the page (`ahead`: start-up and a
 * screen's `readAhead`), whose answers wait for the first caller of the same read within
 * READ_AHEAD_FRESH_MS. An answer read ahead that has arrived is in hand: useQuery renders it in
 * its first render, not one React render later (issue 18: about 100 ms of main-thread work at
 * 1x on the dashboard).
 *
 * A write drops the entries of the reads it changes (./changes.ts, loaded with the first write:
 * no page's first load pays for it) before it starts and after it ends, and then tells the
 * queries that read them (`onChange`), which read again: screens do not count versions to
 * refetch. Answers are not kept once taken: every later read asks the source, which keeps its
 * own answers for the state they were read from (engine/answer-cache.ts, on the server too).
 *
 * TanStack Query does all this and more, but cost 9.5 KB gzip on the `/` first load (measured:
 * a build with QueryClient and useQuery behind useQuery), with 0.3 KB left in its 185 KB budget.
 */
import { isCallOptions } from './call-options.ts';
import { CONTRACT } from './http/contract.ts';
import type { CallDataSource, DataSourceMethod } from './source.ts';

/** How long an answer read ahead may wait for its first caller (the first page's render). */
export const READ_AHEAD_FRESH_MS = 10_000;

/** A read to start ahead: a method of the source and the arguments the page will pass. */
export type AheadRead = {
  [M in DataSourceMethod]: { method: M; args: Readonly<Parameters<CallDataSource[M]>> };
}[DataSourceMethod];

/** JSON with every object's keys in order: equal data, equal text, however it was built. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** A hook's deps compared by value: objects by their canonical JSON (filters built anew each render). */
export const byValue = (deps: readonly unknown[]): unknown[] =>
  deps.map((d) => (d !== null && typeof d === 'object' ? canonical(d) : d));

/** The key of a read: its method and arguments, a call's options (its signal) left out. */
export function readKey(method: string, args: readonly unknown[]): string {
  return `${method} ${canonical(args.filter((a) => !isCallOptions(a)))}`;
}

/** A read on its way, or read ahead and not yet taken. */
export interface Entry {
  readonly answer: Promise<unknown>;
  readonly method: string;
  /** Started ahead and not yet taken, at this time. */
  readonly aheadAt?: number;
}

type Methods = Record<string, (...args: unknown[]) => Promise<unknown>>;
export type Listener = (changed: ReadonlySet<string>) => void;

const NEVER = new Promise<never>(() => undefined);

/** A source's read cache (a factory of closures, not a class: its code is on every first load). */
export interface ReadCache {
  /** The cached source: the source's methods, reads through the cache, writes invalidating it. */
  readonly source: CallDataSource;
  /**
   * Starts reads before anyone asks for them: the first caller of the same read within
   * READ_AHEAD_FRESH_MS gets the answer already on its way, once; a read already on its way is
   * joined. Returns each read's answer (failures included, never unhandled).
   */
  ahead(reads: readonly AheadRead[]): Promise<unknown>[];
  /**
   * The answer `run` would get right now, when it is in hand: `run` is given a view of the
   * source whose reads give an answer read ahead that has arrived (without taking it), and
   * never settle otherwise; only a run that returns that very answer (a query of one read, as
   * the dashboard's are) has its answer in hand.
   */
  inHand<T>(
    run: (source: CallDataSource, signal: AbortSignal) => Promise<T>,
  ): { value: T } | undefined;
  /** The source as a query sees it, noting in `read` each method it reads (to follow changes). */
  tracking(read: Set<string>): CallDataSource;
  /** Calls `listener` with the read methods a write changed, after it ended; returns the stop. */
  onChange(listener: Listener): () => void;
  /** Drops every entry: the page is leaving what asked for them. */
  clear(): void;
}

/** `inner` may be on its way (the API's source, whose chunk loads on first use). */
export function createReadCache(
  inner: CallDataSource | Promise<CallDataSource>,
  now = () => Date.now(),
): ReadCache {
  const entries = new Map<string, Entry>();
  const arrived = new WeakMap<Promise<unknown>, { value: unknown }>();
  const listeners = new Set<Listener>();
  const methods = {} as Methods;
  const call = (method: string, args: readonly unknown[]) =>
    inner instanceof Promise
      ? inner.then((source) => (source as unknown as Methods)[method]!(...args))
      : (inner as unknown as Methods)[method]!(...args);
  const fresh = (entry: Entry | undefined): entry is Entry =>
    entry?.aheadAt !== undefined && now() - entry.aheadAt <= READ_AHEAD_FRESH_MS;

  /** Keeps `answer` as the read of `key` on its way until it settles, for callers to join. */
  const keep = (key: string, method: string, answer: Promise<unknown>) => {
    entries.set(key, { answer, method });
    const settled = () => entries.get(key)?.answer === answer && entries.delete(key);
    answer.then(settled, settled);
    return answer;
  };
  const read = (method: string, args: unknown[]) => {
    const key = readKey(method, args);
    const entry = entries.get(key);
    const ask = () => call(method, args);
    if (entry?.aheadAt === undefined) return entry?.answer ?? keep(key, method, ask());
    // Read ahead: handed over once, while fresh; a failed one is this caller's cue to ask again.
    entries.delete(key);
    return keep(key, method, fresh(entry) ? entry.answer.catch(ask) : ask());
  };
  // Writes are run by ./changes.ts, loaded with the first write.
  const write = (method: DataSourceMethod, args: unknown[]) =>
    import('./changes.ts').then((changes) =>
      changes.write(method, () => call(method, args), entries, listeners),
    );

  const source = new Proxy(inner as CallDataSource, {
    get: (target, name, receiver) => {
      const method = name as DataSourceMethod;
      if (!Object.hasOwn(CONTRACT, method)) return Reflect.get(target, name, receiver);
      return (methods[method] ??= (...args) =>
        (CONTRACT[method].write ? write : read)(method, args));
    },
  });
  const view = (get: (name: string) => unknown) =>
    new Proxy(source, { get: (_target, name) => get(String(name)) });
  const cache: ReadCache = {
    source,
    ahead: (reads) =>
      reads.map(({ method, args }) => {
        if (CONTRACT[method].write) throw new Error(`${method} is a write`);
        const key = readKey(method, args);
        const on = entries.get(key);
        if (on) return on.answer;
        const answer = call(method, args);
        entries.set(key, { answer, method, aheadAt: now() });
        answer.then(
          (value) => arrived.set(answer, { value }),
          () => entries.get(key)?.answer === answer && entries.delete(key),
        );
        return answer;
      }),
    inHand(run) {
      // Nothing read ahead: nothing in hand, and `run` is not called for nothing.
      if (![...entries.values()].some(fresh)) return undefined;
      const inHand = view((name) => (...args: unknown[]) => {
        const entry = entries.get(readKey(name, args));
        return fresh(entry) ? entry.answer : NEVER;
      });
      try {
        return arrived.get(run(inHand, new AbortController().signal)) as never;
      } catch {
        return undefined;
      }
    },
    tracking: (read) =>
      view((name) => {
        read.add(name);
        return source[name as DataSourceMethod];
      }),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => entries.clear(),
  };
  cacheOf.set(source, cache);
  return cache;
}

const cacheOf = new WeakMap<object, ReadCache>();

/** The cache in front of `source` (one per source; a source that is the cache's own, itself). */
export function readCacheOf(source: CallDataSource): ReadCache {
  return cacheOf.get(source) ?? readCacheOf(withReadCache(source));
}

const wrapped = new WeakMap<object, CallDataSource>();

/** `source` behind its read cache: the same source gives the same cached one. */
export function withReadCache(source: CallDataSource | Promise<CallDataSource>): CallDataSource {
  if (cacheOf.has(source)) return source as CallDataSource;
  let cached = wrapped.get(source);
  if (!cached) wrapped.set(source, (cached = createReadCache(source).source));
  return cached;
}
