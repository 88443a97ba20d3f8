/**
 * What each widget shows. Dashboard tiles and charts are the Dashboard's own components
 * (exported by overview.tsx) on the same queries, so a tile here equals the tile on `/` for the
 * same filters. A saved keyword search shows its match count and best hits; a watch list shows
 * chosen vendors or agents with their KPIs, each count linking to its calls.
 */
import {
  QueryState,
  metricDefinitions,
  useQuery,
  type AggregateResult,
  type Catalog,
  type CallFilters,
  type KpiSummary,
  type QueryResult,
  type SavedSearch,
  type TimeSeriesResult,
} from '../../../data/index.ts';
import type { SavedSearchState } from '../../../ui/saved-searches.ts';
import { paramsFromFilters } from '../../../ui/url-filters.ts';
import { AppLink } from '../../../runtime/index.ts';
import { formatDay, formatMetric } from '../../../ui/format.ts';
import { HrefLink } from '../../../ui/href-link.tsx';
import { callListHref } from '../../../ui/links.ts';
import type { Period } from '../../../ui/period.ts';
import { DashboardTile, TILES, TopCategories, TopTopics, VolumeChart } from '../overview.tsx';
import type { Widget } from './layout.ts';

/** The queries widgets share, run once for the whole page (only those some widget needs). */
export interface WidgetData {
  filters: CallFilters & { from: string; to: string };
  period: Period;
  bucket: 'day' | 'week';
  currency: string;
  catalog: Catalog;
  kpis: QueryResult<KpiSummary>;
  series: QueryResult<TimeSeriesResult>;
  categories: QueryResult<AggregateResult>;
  topics: QueryResult<AggregateResult>;
  /** The user's saved keyword searches (for saved-search widgets and the Add form). */
  savedSearches: SavedSearchState;
}

const CHART_TITLES = {
  volume: 'Calls and customer sentiment',
  categories: 'Top categories',
  topics: 'Top topics',
} as const;

export function widgetTitle(
  widget: Widget,
  catalog: Catalog,
  searches: readonly SavedSearch[] = [],
): string {
  switch (widget.type) {
    case 'kpi':
      return metricDefinitions[widget.metric].label;
    case 'chart':
      return CHART_TITLES[widget.chart];
    case 'search':
      return `Keyword search: ${widget.expression}`;
    case 'saved-search':
      return `Saved search: ${searches.find((x) => x.id === widget.searchId)?.name ?? widget.name}`;
    case 'watch': {
      const names = widget.keys.map((k) => nameOf(widget.dimension, k, catalog));
      return `${widget.dimension === 'vendor' ? 'Vendor' : 'Agent'} watch list: ${names.join(', ')}`;
    }
  }
}

export function nameOf(dimension: 'vendor' | 'agent', key: string, catalog: Catalog): string {
  const list = dimension === 'vendor' ? catalog.vendors : catalog.agents;
  return list.find((e) => e.id === key)?.name ?? key;
}

export function WidgetBody({ widget, data }: { widget: Widget; data: WidgetData }) {
  switch (widget.type) {
    case 'kpi': {
      const tile = TILES.find((t) => t.metric === widget.metric)!;
      return (
        <QueryState query={data.kpis} label={metricDefinitions[widget.metric].label}>
          {(summary) => (
            <DashboardTile
              tile={tile}
              summary={summary}
              series={data.series.data}
              period={data.period}
              currency={data.currency}
            />
          )}
        </QueryState>
      );
    }
    case 'chart':
      if (widget.chart === 'categories') return <TopCategories query={data.categories} />;
      if (widget.chart === 'topics') return <TopTopics query={data.topics} />;
      return (
        <QueryState
          query={data.series}
          label="the daily trend"
          isEmpty={(r) => r.points.length === 0}
        >
          {(result) => <VolumeChart result={result} filters={data.filters} bucket={data.bucket} />}
        </QueryState>
      );
    case 'search':
      return (
        <SearchWidget
          expression={widget.expression}
          filters={data.filters}
          more={{ key: widget.expression }}
        />
      );
    case 'saved-search':
      return <SavedSearchWidget widget={widget} saved={data.savedSearches} />;
    case 'watch':
      return <WatchList widget={widget} data={data} />;
  }
}

/**
 * A saved search runs as it was saved (its expression and its own period), not narrowed by the
 * dashboard's filters: its count is the one Keyword Search shows for it.
 */
function SavedSearchWidget(props: {
  widget: Extract<Widget, { type: 'saved-search' }>;
  saved: SavedSearchState;
}) {
  return (
    <QueryState query={props.saved.list} label="your saved searches">
      {(list) => {
        const search = list.find((x) => x.id === props.widget.searchId);
        if (!search)
          return (
            <p className="muted" data-testid="md-saved-search-gone">
              The saved search “{props.widget.name}” was deleted. Remove this widget, or save the
              search again in Keyword Search.
            </p>
          );
        const params = paramsFromFilters(search.filters);
        const from = params.get('from') ?? undefined;
        const to = params.get('to') ?? undefined;
        return (
          <>
            <p className="muted md-search__saved">
              <code>{search.expression}</code>
              {from || to
                ? ` · ${from ? formatDay(from) : 'start'} – ${to ? formatDay(to) : 'today'}`
                : ' · every day'}
            </p>
            <SearchWidget
              expression={search.expression}
              filters={search.filters}
              more={{ key: search.expression, from, to }}
            />
          </>
        );
      }}
    </QueryState>
  );
}

function SearchWidget({
  expression,
  filters,
  more,
}: {
  expression: string;
  filters: CallFilters;
  /** The Keyword Search address of the same search. */
  more: { key: string; from?: string; to?: string };
}) {
  const result = useQuery(
    (s) => s.search({ expression, filters, limit: 3, snippetsPerCall: 1 }),
    [expression, JSON.stringify(filters)],
  );
  return (
    <QueryState query={result} label="the search" isEmpty={() => false}>
      {(r) => (
        <div className="md-search">
          <p className="md-search__total">
            <strong data-testid="md-search-total" data-value={r.total}>
              {formatMetric('calls', r.total)}
            </strong>{' '}
            matching calls of {formatMetric('calls', r.searched)} searched
          </p>
          {r.hits.length > 0 && (
            <ul className="md-search__hits">
              {r.hits.map((hit) => (
                <li key={hit.callId}>
                  <AppLink route="recordings" query={{ call: hit.callId }}>
                    {hit.callId}
                  </AppLink>
                  <span className="muted">
                    {' '}
                    {hit.agentName} · {formatDay(hit.startedAt)}
                  </span>
                  {hit.snippets[0] && <q className="md-search__snippet">{hit.snippets[0].text}</q>}
                </li>
              ))}
            </ul>
          )}
          <AppLink route="keyword-search" query={more} data-testid="md-search-more">
            All results in Keyword Search
          </AppLink>
        </div>
      )}
    </QueryState>
  );
}

function WatchList({
  widget,
  data,
}: {
  widget: Extract<Widget, { type: 'watch' }>;
  data: WidgetData;
}) {
  const filter = widget.dimension === 'vendor' ? 'vendorId' : 'agentId';
  const filters = { ...data.filters, [filter]: widget.keys };
  const rows = useQuery(
    (s) => s.aggregate({ filters, by: widget.dimension }),
    [JSON.stringify(filters), widget.dimension],
  );
  const metrics = ['ahtMs', 'qaScore', 'complianceRate', 'fcr'] as const;
  return (
    <QueryState
      query={rows}
      label="the watch list"
      isEmpty={(r) => r.rows.length === 0}
      empty="No calls for these in the period."
    >
      {(r) => (
        <div className="an-table-scroll" tabIndex={0} aria-label="Watch list">
          <table className="an-table md-watch">
            <thead>
              <tr>
                <th scope="col">{widget.dimension === 'vendor' ? 'Vendor' : 'Agent'}</th>
                <th scope="col" className="an-num">
                  Calls
                </th>
                {metrics.map((m) => (
                  <th key={m} scope="col" className="an-num">
                    {metricDefinitions[m].label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {r.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="an-rowhead">
                    {row.label}
                  </th>
                  <td className="an-num">
                    <HrefLink
                      href={callListHref({ ...row.filters, status: 'analysed' })}
                      testId="md-watch-calls"
                      value={row.metrics.analysedCalls}
                    >
                      {formatMetric('analysedCalls', row.metrics.analysedCalls)}
                    </HrefLink>
                  </td>
                  {metrics.map((m) => (
                    <td key={m} className="an-num">
                      {formatMetric(m, row.metrics[m])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryState>
  );
}
