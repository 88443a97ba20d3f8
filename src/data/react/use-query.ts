import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type DependencyList,
} from 'react';
import { byValue, readCacheOf } from '../read-cache.ts';
import { DataSourceError, type CallDataSource } from '../source.ts';
import { useDataSource } from './context.tsx';

export type QueryStatus = 'loading' | 'error' | 'ready';

export interface QueryResult<T> {
  status: QueryStatus;
  /** The latest data; while re-loading after a change it still holds the previous result. */
  data: T | undefined;
  error: DataSourceError | null;
  /** True while loading with previous data still shown. */
  stale: boolean;
  /** Runs the query again (the error state's retry button). */
  retry: () => void;
}

/**
 * Runs `run(source)` whenever deps change and tracks its state. Answers to superseded runs are
 * dropped, so fast filter changes never show an older result over a newer one. Deps are
 * compared by value (objects in their canonical JSON, read-cache.ts), so a screen passes its
 * filters as they are. Reads go through the source's read cache: an answer read ahead that has
 * arrived renders in the first render, and a write that changes what the run read runs it again.
 *
 *   const kpis = useQuery((source) => source.kpis({ filters }), [filters]);
 */
export function useQuery<T>(
  /** `signal` is aborted when the run is superseded or the component goes: pass it on to stop work. */
  run: (source: CallDataSource, signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): QueryResult<T> {
  const source = useDataSource();
  const cache = readCacheOf(source);
  const values = byValue(deps);
  const runRef = useRef(run);
  runRef.current = run;
  const [attempt, setAttempt] = useState(0);
  /** The answer this query started with (read-cache.ts), until its first run has taken it. */
  const startedWith = useRef<{ value: T } | undefined>(undefined);
  const [state, setState] = useState<{
    status: QueryStatus;
    data: T | undefined;
    error: DataSourceError | null;
  }>(() => {
    // An answer already here (read ahead, arrived) is rendered at once, not one render later.
    startedWith.current = cache.inHand(run);
    return startedWith.current
      ? { status: 'ready', data: startedWith.current.value, error: null }
      : { status: 'loading', data: undefined, error: null };
  });

  useEffect(() => {
    let current = true;
    const controller = new AbortController();
    const shown = startedWith.current;
    startedWith.current = undefined;
    if (!shown) setState((s) => ({ status: 'loading', data: s.data, error: null }));
    // The reads this run makes: a write that changes one of them runs the query again.
    const read = new Set<string>();
    const stop = cache.onChange((changed) => {
      if ([...read].some((method) => changed.has(method))) setAttempt((a) => a + 1);
    });
    let promise: Promise<T>;
    try {
      promise = runRef.current(cache.tracking(read), controller.signal);
    } catch (error) {
      promise = Promise.reject(error);
    }
    promise.then(
      (data) => {
        // The answer the first render showed (the run took it from the source): nothing to do.
        if (!current || (shown && data === shown.value)) return;
        // As a transition React renders the answer in slices and lets input in between (a
        // dashboard's four answers re-render tiles, chart and lists at once).
        startTransition(() => setState({ status: 'ready', data, error: null }));
      },
      (error: unknown) => {
        if (current)
          setState((s) => ({ status: 'error', data: s.data, error: DataSourceError.from(error) }));
      },
    );
    return () => {
      current = false;
      stop();
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deps are the caller's, by value
  }, [cache, attempt, ...values]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { ...state, stale: state.status === 'loading' && state.data !== undefined, retry };
}
