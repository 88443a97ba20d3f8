/**
 * The call filters of the current URL, and a way to change them that keeps the rest of the
 * query. The parameters are declared in the manifest (url-filters.manifest.test.ts keeps the two
 * in step); the hook reads them through react-router's search params because one hook serves
 * several routes and decodes comma-separated lists, which the typed query leaves as strings.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  FILTER_PARAMS,
  filtersFromParams,
  paramsFromFilters,
  withKnownValues,
  type FilterParam,
  type ParsedFilters,
} from './url-filters.ts';
import { useQuery, type CallFilters } from '../data/index.ts';

export interface UrlFilters extends ParsedFilters {
  /** A stable string of the filters, for query dependencies. */
  key: string;
  /**
   * Replaces the allowed filter parameters with these filters (other parameters stay). The
   * history entry is replaced: filter changes are not steps a person wants "Back" to undo, and
   * the shell keeps the scroll position and the focus for a replaced query on the same page.
   */
  setFilters: (next: CallFilters) => void;
  /** Sets or clears other (non-filter) parameters, such as a sort or an open call. */
  setParams: (next: Record<string, string | undefined>, options?: { push?: boolean }) => void;
  params: URLSearchParams;
}

export function useUrlFilters(allowed: readonly FilterParam[]): UrlFilters {
  const [params, setSearchParams] = useSearchParams();
  const allowedKey = allowed.join(',');
  // The data's lists judge what the types cannot (a vendor id that does not exist); the screens
  // draw their bodies once these lists are in (FilteredScreen), so they see the checked filters.
  const catalog = useQuery((source) => source.catalog(), []);
  const parsed = useMemo(
    () => {
      const typed = filtersFromParams(params, allowed);
      return catalog.data ? withKnownValues(typed, catalog.data, allowed) : typed;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- allowed is read through its key
    [params, allowedKey, catalog.data],
  );
  const key = useMemo(() => JSON.stringify(parsed.filters), [parsed.filters]);

  const setFilters = useCallback(
    (next: CallFilters) => {
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
    [setSearchParams, allowedKey],
  );

  const setParams = useCallback(
    (next: Record<string, string | undefined>, options?: { push?: boolean }) => {
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
    [setSearchParams],
  );

  return { ...parsed, key, setFilters, setParams, params };
}
