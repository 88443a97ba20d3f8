/**
 * A long list read page by page as it scrolls: the first page through `useQuery` (so loading,
 * empty and error states are the data layer's QueryState), later pages when their rows come
 * into view. A failed later page is reported as a query result too, so it is drawn by
 * QueryState with a retry. Changing `deps` starts over.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type DependencyList } from 'react';
import {
  byValue,
  DataSourceError,
  useDataSource,
  useQuery,
  type CallDataSource,
  type Page,
  type QueryResult,
} from '../data/index.ts';

/** Rows per request: big enough for few round trips, small enough to answer fast. */
export const PAGE_SIZE = 200;

export interface PagedRows<T> {
  /** The first page's query (for QueryState). */
  first: QueryResult<Page<T>>;
  total: number;
  row: (index: number) => T | undefined;
  /** Ask for the pages covering these rows. */
  want: (start: number, end: number) => void;
  /** The state of later pages: an error with its retry, or ready. */
  more: QueryResult<true>;
}

export function usePagedRows<T>(
  fetchPage: (source: CallDataSource, offset: number, limit: number) => Promise<Page<T>>,
  deps: DependencyList,
): PagedRows<T> {
  const source = useDataSource();
  const first = useQuery((s) => fetchPage(s, 0, PAGE_SIZE), deps);
  const pages = useRef(new Map<number, T[]>());
  const inFlight = useRef(new Set<number>());
  const generation = useRef(0);
  const [, setVersion] = useState(0);
  const [failure, setFailure] = useState<{ page: number; error: DataSourceError } | null>(null);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  // A new query, or a new answer to it (a write changed it, data/read-cache.ts): forget every
  // page but the first (which useQuery re-reads).
  useEffect(() => {
    generation.current += 1;
    pages.current = new Map();
    inFlight.current = new Set();
    setFailure(null);
    setVersion((v) => v + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deps are the caller's
  }, [...byValue(deps), first.data]);

  const firstPage = first.data;
  const total = firstPage?.total ?? 0;

  const load = useCallback(
    (page: number) => {
      if (page === 0 || pages.current.has(page) || inFlight.current.has(page)) return;
      const gen = generation.current;
      inFlight.current.add(page);
      fetchRef.current(source, page * PAGE_SIZE, PAGE_SIZE).then(
        (result) => {
          if (gen !== generation.current) return;
          inFlight.current.delete(page);
          pages.current.set(page, result.items);
          setVersion((v) => v + 1);
        },
        (error: unknown) => {
          if (gen !== generation.current) return;
          inFlight.current.delete(page);
          setFailure({ page, error: DataSourceError.from(error) });
        },
      );
    },
    [source],
  );

  const want = useCallback(
    (start: number, end: number) => {
      if (!firstPage) return;
      const last = Math.min(end, firstPage.total - 1);
      for (let p = Math.floor(start / PAGE_SIZE); p <= Math.floor(last / PAGE_SIZE); p++) load(p);
    },
    [firstPage, load],
  );

  const row = useCallback(
    (index: number): T | undefined => {
      if (!firstPage) return undefined;
      const page = Math.floor(index / PAGE_SIZE);
      const items = page === 0 ? firstPage.items : pages.current.get(page);
      return items?.[index % PAGE_SIZE];
    },
    // The version bump re-creates row so the table re-renders when a page arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [firstPage, pages.current.size],
  );

  const more = useMemo<QueryResult<true>>(
    () => ({
      status: failure ? 'error' : 'ready',
      data: true,
      error: failure?.error ?? null,
      stale: false,
      retry: () => {
        if (!failure) return;
        setFailure(null);
        load(failure.page);
      },
    }),
    [failure, load],
  );

  return { first, total, row, want, more };
}
