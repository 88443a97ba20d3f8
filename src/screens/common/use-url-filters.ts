/**
 * The call filters of the current URL, and a way to change them that keeps the rest of the
 * query. Uses react-router's search params because the filter parameters are not declared in
 * the manifest yet; once they are, only this hook switches to `useRouteQuery`.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import {
  FILTER_PARAMS,
  filtersFromParams,
  paramsFromFilters,
  type FilterParam,
  type ParsedFilters,
} from './url-filters.ts';
import type { CallFilters } from '../../data/index.ts';

export interface UrlFilters extends ParsedFilters {
  /** A stable string of the filters, for query dependencies. */
  key: string;
  /**
   * Replaces the allowed filter parameters with these filters (other parameters stay). The
   * history entry is replaced: filter changes are not steps a person wants "Back" to undo.
   */
  setFilters: (next: CallFilters) => void;
  /** Sets or clears other (non-filter) parameters, such as a sort or an open call. */
  setParams: (next: Record<string, string | undefined>, options?: { push?: boolean }) => void;
  params: URLSearchParams;
}

/**
 * Keeps the reader's place across an address change made by the screen itself. The shell treats
 * every new location as an arrival (scroll to top, focus the heading), which is right for a new
 * page but not for a filter or a sort changed in place: the scroll position and the focused
 * control are put back once the shell has handled the location. (Reported to the shell; drop
 * this when it leaves same-page query changes alone.)
 */
function useKeepPlace() {
  const location = useLocation();
  const pending = useRef<{ y: number; focus: Element | null } | null>(null);
  useEffect(() => {
    const keep = pending.current;
    if (!keep) return;
    pending.current = null;
    const timer = window.setTimeout(() => {
      window.scrollTo(0, keep.y);
      if (keep.focus instanceof HTMLElement && keep.focus.isConnected)
        keep.focus.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [location.key]);
  return useCallback(() => {
    pending.current = { y: window.scrollY, focus: document.activeElement };
  }, []);
}

export function useUrlFilters(allowed: readonly FilterParam[]): UrlFilters {
  const [params, setSearchParams] = useSearchParams();
  const keepPlace = useKeepPlace();
  const allowedKey = allowed.join(',');
  const parsed = useMemo(
    () => filtersFromParams(params, allowed),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- allowed is read through its key
    [params, allowedKey],
  );
  const key = useMemo(() => JSON.stringify(parsed.filters), [parsed.filters]);

  const setFilters = useCallback(
    (next: CallFilters) => {
      keepPlace();
      setSearchParams(
        (current) => {
          const out = new URLSearchParams(current);
          for (const name of allowed) out.delete(name);
          const wanted = paramsFromFilters(next);
          for (const name of allowed) {
            const value = wanted.get(name);
            if (value !== null && name in FILTER_PARAMS) out.set(name, value);
          }
          return out;
        },
        { replace: true },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- allowed is read through its key
    [setSearchParams, keepPlace, allowedKey],
  );

  const setParams = useCallback(
    (next: Record<string, string | undefined>, options?: { push?: boolean }) => {
      keepPlace();
      setSearchParams(
        (current) => {
          const out = new URLSearchParams(current);
          for (const [name, value] of Object.entries(next)) {
            if (value === undefined) out.delete(name);
            else out.set(name, value);
          }
          return out;
        },
        { replace: !options?.push },
      );
    },
    [setSearchParams, keepPlace],
  );

  return { ...parsed, key, setFilters, setParams, params };
}
