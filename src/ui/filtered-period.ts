/**
 * How a filtered screen starts: the period shown (the address's, else the last days of data:
 * resolvePeriod), the filters its queries take (the address's with that period), and its filter
 * bar wired to the address. Each screen under URL filters began with these same lines.
 */
import type { CallFilters, CorpusInfo } from '../data/index.ts';
import type { FilterBarProps } from './filter-bar.tsx';
import { resolvePeriod, type Period } from './period.ts';
import type { CorpusContext } from './screen-parts.tsx';
import type { UrlFilters } from './use-url-filters.ts';

export interface FilteredPeriod {
  period: Period;
  /** What the screen's queries take: the address's filters over the period shown. */
  filters: CallFilters & Period;
  /** The filter bar's props, shown and changed in the address: `<FilterBar {...bar} />`. */
  bar: Pick<FilterBarProps, 'filters' | 'period' | 'catalog' | 'info' | 'onChange'>;
}

/**
 * The period and the filters over it, from the address's filters and the data's range alone:
 * what a screen's read ahead asks with, before its body (filteredPeriod) asks the same.
 */
export function filtersOverPeriod(
  filters: CallFilters,
  info: Pick<CorpusInfo, 'range'>,
  defaultDays?: number,
): Pick<FilteredPeriod, 'period' | 'filters'> {
  const period = resolvePeriod(filters, info, defaultDays);
  return { period, filters: { ...filters, ...period } };
}

/**
 * A plain function, not a hook: it reads nothing from React (no state, no context), so a screen
 * may call it anywhere, and its read ahead calls the same rule through filtersOverPeriod.
 * `defaultDays`: how many last days of data a screen shows when the address names no period
 * (resolvePeriod's default unless the screen has its own, as Trend analysis does).
 */
export function filteredPeriod(
  url: UrlFilters,
  context: CorpusContext,
  defaultDays?: number,
): FilteredPeriod {
  const { period, filters } = filtersOverPeriod(url.filters, context.info, defaultDays);
  return {
    period,
    filters,
    bar: {
      filters: url.filters,
      period,
      catalog: context.catalog,
      info: context.info,
      onChange: url.setFilters,
    },
  };
}
