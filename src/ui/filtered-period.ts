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
): Pick<FilteredPeriod, 'period' | 'filters'> {
  const period = resolvePeriod(filters, info);
  return { period, filters: { ...filters, ...period } };
}

export function filteredPeriod(url: UrlFilters, context: CorpusContext): FilteredPeriod {
  const { period, filters } = filtersOverPeriod(url.filters, context.info);
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
