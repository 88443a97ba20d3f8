/**
 * The period a keyword search is limited to (`?from=&to=`, UTC days, both inclusive, as on every
 * other screen): read with the call list's own parser, so a bad day is named in a notice instead
 * of silently searching every call, and shown above the results with a way to clear it.
 */
import { AppLink, type IgnoredParam } from '../../../runtime/index.ts';
import type { CallFilters } from '../../../data/index.ts';
import { formatDay } from '../../../ui/format.ts';
import { filtersFromParams } from '../../../ui/url-filters.ts';

export interface SearchPeriod {
  /** The data layer's period (to exclusive); empty when the search covers every call. */
  filters: Pick<CallFilters, 'from' | 'to'>;
  /** The days as the address gave them (inclusive), for the line and for links. */
  days: { from?: string; to?: string };
  problems: IgnoredParam[];
}

export function searchPeriod(from: string | undefined, to: string | undefined): SearchPeriod {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  const { filters, problems } = filtersFromParams(params, ['from', 'to']);
  const period: SearchPeriod['filters'] = {};
  const days: SearchPeriod['days'] = {};
  if (filters.from) {
    period.from = filters.from;
    days.from = from!.trim();
  }
  if (filters.to) {
    period.to = filters.to;
    days.to = to!.trim();
  }
  return { filters: period, days, problems };
}

/** "1 Mar 2026 – 31 Mar 2026", "from 1 Mar 2026", "until 31 Mar 2026". */
export function searchPeriodLabel(days: SearchPeriod['days']): string | null {
  if (days.from && days.to) return `${formatDay(days.from)} – ${formatDay(days.to)}`;
  if (days.from) return `from ${formatDay(days.from)}`;
  if (days.to) return `until ${formatDay(days.to)}`;
  return null;
}

/** The period line above the results, with a link to the same search over every call. */
export function SearchPeriodLine(props: {
  days: SearchPeriod['days'];
  expression: string;
  limit: number | undefined;
}) {
  const label = searchPeriodLabel(props.days);
  if (!label) return null;
  return (
    <p className="an-period an-search__period" data-testid="search-period">
      <span>Only calls of {label}</span>
      <span className="muted"> · </span>
      <AppLink
        route="keyword-search"
        query={{ key: props.expression || undefined, limit: props.limit }}
        data-testid="search-period-clear"
      >
        Search every day instead
      </AppLink>
    </p>
  );
}

const instant = (value: string) =>
  Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);

/** The facet filters kept inside the period: a week facet never widens the search past it. */
export function withinPeriod(period: SearchPeriod['filters'], filters: CallFilters): CallFilters {
  const out = { ...period, ...filters };
  if (period.from && filters.from && instant(period.from) > instant(filters.from))
    out.from = period.from;
  if (period.to && filters.to && instant(period.to) < instant(filters.to)) out.to = period.to;
  return out;
}
