/**
 * How a filtered screen starts: the period shown (the address's, else the last days of data:
 * resolvePeriod), the filters its queries take (the address's with that period), and its filter
 * bar wired to the address. Each screen under URL filters began with these same lines.
 */
import type { CallFilters } from '../data/index.ts';
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

export function filteredPeriod(url: UrlFilters, context: CorpusContext): FilteredPeriod {
  const period = resolvePeriod(url.filters, context.info);
  return {
    period,
    filters: { ...url.filters, ...period },
    bar: {
      filters: url.filters,
      period,
      catalog: context.catalog,
      info: context.info,
      onChange: url.setFilters,
    },
  };
}
