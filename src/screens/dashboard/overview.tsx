/**
 * Dashboard `/`: the KPI tiles with change against the previous period, calls and customer
 * sentiment per day, and the top categories and topics, under global filters kept in the URL.
 * Every tile, bar and day links to exactly the calls behind its number.
 */
import type { ReactNode } from 'react';
import {
  QueryState,
  metricDefinitions,
  readAheadWithInfo,
  useQuery,
  type CallFilters,
  type KpiKey,
  type AggregateResult,
  type AggregateRow,
  type KpiSummary,
  type QueryResult,
  type TimeSeriesResult,
} from '../../data/index.ts';
import '../../ui/analytics.css';
import { BarList } from '../../ui/charts/bar-list.tsx';
import { TimeChart } from '../../ui/charts/time-chart.tsx';
import { FilterBar, FilterBarSkeleton } from '../../ui/filter-bar.tsx';
import {
  filteredPeriod,
  filtersOverPeriod,
  type FilteredPeriod,
} from '../../ui/filtered-period.ts';
import {
  formatCompact,
  formatCount,
  formatDay,
  formatMetric,
  formatSentiment,
  formatShare,
  formatShortDay,
} from '../../ui/format.ts';
import { KpiCard, KpiCardSkeleton } from '../../ui/kpi-card.tsx';
import { callListHref } from '../../ui/links.ts';
import { periodLabel, previousLabel, timeBucket, type Period } from '../../ui/period.ts';
import { FilteredScreen, Panel, currencyOf, type CorpusContext } from '../../ui/screen-parts.tsx';
import { repeatPendingNote } from '../../ui/repeat-pending-note.tsx';
import { GLOBAL_FILTER_PARAMS, filtersFromParams } from '../../ui/url-filters.ts';
import { useUrlFilters, type UrlFilters } from '../../ui/use-url-filters.ts';

/** The tiles, and which count each one's drill-down list has (so the link can say it). */
export const TILES: {
  metric: KpiKey;
  countOf: KpiKey;
  noun: string;
  /** A line under the value (the skeleton keeps its room: pending repeats are the usual case). */
  note?: (current: KpiSummary['current']) => ReactNode;
}[] = [
  {
    metric: 'analysedCalls',
    countOf: 'analysedCalls',
    noun: 'analysed calls',
    note: (c) => excludedNote(c.calls, c.excludedCalls),
  },
  { metric: 'ahtMs', countOf: 'analysedCalls', noun: 'handled calls' },
  { metric: 'customerSentiment', countOf: 'sentimentScoredCalls', noun: 'calls scored' },
  { metric: 'qaScore', countOf: 'evaluatedCalls', noun: 'evaluated calls' },
  { metric: 'complianceRate', countOf: 'nonCompliantCalls', noun: 'non-compliant calls' },
  {
    metric: 'repeatRate',
    countOf: 'followedByRepeatCalls',
    noun: 'calls with a repeat',
    note: repeatPendingNote,
  },
  { metric: 'fakeCallRate', countOf: 'fakeCalls', noun: 'flagged calls' },
  {
    metric: 'churnRiskCalls',
    countOf: 'churnRiskCalls',
    noun: 'high-risk calls',
    note: (c) => `${formatMetric('churnRiskRate', c.churnRiskRate)} of analysed calls`,
  },
];

export default function Dashboard() {
  const url = useUrlFilters(GLOBAL_FILTER_PARAMS);
  return (
    <FilteredScreen
      problems={url.problems}
      placeholder={
        <>
          <FilterBarSkeleton />
          <KpiGridSkeleton />
        </>
      }
    >
      {(ctx) => <DashboardBody context={ctx} url={url} />}
    </FilteredScreen>
  );
}

/**
 * What the dashboard reads for the address's filters and the data's range: the one place its
 * queries are written, for its render and for reading them ahead.
 */
function dashboardReads({ period, filters }: Pick<FilteredPeriod, 'period' | 'filters'>) {
  const bucket = timeBucket(period);
  return {
    period,
    filters,
    bucket,
    kpis: { filters },
    series: { filters, bucket },
    categories: { filters, by: 'category', limit: 8 },
    topics: { filters, by: 'topic', limit: 8 },
  } as const;
}

/**
 * With an API, the dashboard's four reads start as soon as the data's range arrives, not after
 * the screen has rendered with it (the runtime calls this before the first render at `/`).
 */
Dashboard.readAhead = (search: URLSearchParams) => {
  const { filters } = filtersFromParams(search, GLOBAL_FILTER_PARAMS);
  readAheadWithInfo((info) => {
    const reads = dashboardReads(filtersOverPeriod(filters, info));
    return [
      { method: 'kpis', args: [reads.kpis] },
      { method: 'timeSeries', args: [reads.series] },
      { method: 'aggregate', args: [reads.categories] },
      { method: 'aggregate', args: [reads.topics] },
    ];
  });
};

function DashboardBody({ context, url }: { context: CorpusContext; url: UrlFilters }) {
  const shown = filteredPeriod(url, context);
  const reads = dashboardReads(shown);
  const { period, filters, bucket } = reads;

  const kpis = useQuery((s) => s.kpis(reads.kpis), [filters]);
  const series = useQuery((s) => s.timeSeries(reads.series), [filters, bucket]);
  const categories = useQuery((s) => s.aggregate(reads.categories), [filters]);
  const topics = useQuery((s) => s.aggregate(reads.topics), [filters]);

  return (
    <>
      <FilterBar {...shown.bar} />
      <QueryState query={kpis} label="KPIs" isEmpty={() => false} placeholder={<KpiGridSkeleton />}>
        {(summary) => (
          <>
            <p className="an-period" data-testid="dashboard-period">
              <span>{periodLabel(summary.period)}</span>
              <span className="muted">
                {' '}
                · compared with {periodLabel(summary.previousPeriod)} ·{' '}
                <span data-testid="dashboard-calls" data-value={summary.current.calls}>
                  {formatCount(summary.current.calls)}
                </span>{' '}
                calls recorded
              </span>
            </p>
            <KpiGrid
              summary={summary}
              series={series.data}
              period={period}
              currency={currencyOf(context.catalog)}
            />
          </>
        )}
      </QueryState>
      <Panel
        title={
          bucket === 'day'
            ? 'Calls and customer sentiment per day'
            : 'Calls and customer sentiment per week'
        }
        subtitle="Bars count analysed calls; the line is the customers' average sentiment (−5 to +5). Select a bar to list its calls."
      >
        <QueryState query={series} label="the daily trend" isEmpty={(r) => r.points.length === 0}>
          {(result) => <VolumeChart result={result} filters={filters} bucket={bucket} />}
        </QueryState>
      </Panel>
      <div className="an-columns">
        <Panel title="Top categories" subtitle="Category rules the calls hit, by number of calls.">
          <TopCategories query={categories} />
        </Panel>
        <Panel title="Top topics" subtitle="The main topic of each analysed call.">
          <TopTopics query={topics} />
        </Panel>
      </div>
    </>
  );
}

function KpiGrid(props: {
  summary: KpiSummary;
  series: TimeSeriesResult | undefined;
  period: Period;
  currency: string;
}) {
  return (
    <div className="an-kpis" data-testid="kpi-grid">
      {TILES.map((tile) => (
        <DashboardTile key={tile.metric} tile={tile} {...props} />
      ))}
    </div>
  );
}

/** The tiles' shape and the period line above them, while the numbers load. */
function KpiGridSkeleton() {
  return (
    <>
      <p className="an-period">{'\u00a0'}</p>
      <div className="an-kpis">
        {TILES.map((tile) => (
          <KpiCardSkeleton key={tile.metric} metric={tile.metric} note={tile.note !== undefined} />
        ))}
      </div>
    </>
  );
}

/** The analysed tile's note: recorded calls, and those cost control left out when there are any. */
function excludedNote(calls: number, excluded: number): string {
  const recorded = `of ${formatCount(calls)} recorded`;
  return excluded > 0 ? `${recorded}; ${formatCount(excluded)} excluded by cost control` : recorded;
}

/** One Dashboard tile (My Dashboard shows them one by one). */
export function DashboardTile(props: {
  tile: (typeof TILES)[number];
  summary: KpiSummary;
  series: TimeSeriesResult | undefined;
  period: Period;
  currency: string;
}) {
  const { tile, summary, series } = props;
  return (
    <KpiCard
      metric={tile.metric}
      value={summary.current[tile.metric]}
      previous={summary.previous[tile.metric]}
      previousLabel={previousLabel(props.period)}
      trend={series?.points.map((p) => p.metrics[tile.metric]) ?? []}
      currency={props.currency}
      note={tile.note?.(summary.current)}
      drill={{
        href: callListHref(summary.drillDown[tile.metric]),
        count: summary.current[tile.countOf] as number,
        noun: tile.noun,
      }}
    />
  );
}

/** The top categories as bars with their share of analysed calls, each linking to its calls. */
export function TopCategories({ query }: { query: QueryResult<AggregateResult> }) {
  return (
    <TopBars
      query={query}
      what="categories"
      empty="No category hits in this selection."
      detail={(row, total) =>
        total.analysedCalls > 0 ? formatShare(row.metrics.calls / total.analysedCalls) : undefined
      }
    />
  );
}

/** The top topics as bars with their customer sentiment, each linking to its calls. */
export function TopTopics({ query }: { query: QueryResult<AggregateResult> }) {
  return (
    <TopBars
      query={query}
      what="topics"
      empty="No analysed calls in this selection."
      detail={(row) =>
        row.metrics.customerSentiment === null
          ? undefined
          : `sentiment ${formatSentiment(row.metrics.customerSentiment)}`
      }
    />
  );
}

function TopBars(props: {
  query: QueryResult<AggregateResult>;
  what: string;
  empty: string;
  detail: (row: AggregateRow, total: AggregateResult['total']) => string | undefined;
}) {
  return (
    <QueryState
      query={props.query}
      label={props.what}
      isEmpty={(r) => r.rows.length === 0}
      empty={props.empty}
    >
      {(result) => (
        <BarList
          label={`Top ${props.what}`}
          items={result.rows.map((row) => ({
            key: row.key,
            label: row.label,
            value: row.metrics.calls,
            valueText: formatCount(row.metrics.calls),
            detail: props.detail(row, result.total),
            href: callListHref(row.filters),
          }))}
        />
      )}
    </QueryState>
  );
}

export function VolumeChart(props: {
  result: TimeSeriesResult;
  filters: CallFilters;
  bucket: 'day' | 'week';
}) {
  const { points } = props.result;
  const total = points.reduce((n, p) => n + p.metrics.analysedCalls, 0);
  const busiest = points.reduce(
    (a, b) => (b.metrics.analysedCalls > a.metrics.analysedCalls ? b : a),
    points[0]!,
  );
  const sentiments = points
    .map((p) => p.metrics.customerSentiment)
    .filter((v): v is number => v !== null);
  const unit = props.bucket === 'day' ? 'day' : 'week';
  const summary =
    `${formatCount(total)} analysed calls over ${points.length} ${unit}s; the busiest ${unit} was ` +
    `${formatDay(busiest.start)} with ${formatCount(busiest.metrics.analysedCalls)}. ` +
    (sentiments.length > 0
      ? `Customer sentiment ranged from ${formatSentiment(Math.min(...sentiments))} to ${formatSentiment(Math.max(...sentiments))}.`
      : 'No sentiment in this selection.');
  return (
    <TimeChart
      title={`Analysed calls and ${metricDefinitions.customerSentiment.label.toLowerCase()} per ${unit}`}
      points={points.map((p) => ({
        start: p.start,
        volume: p.metrics.analysedCalls,
        line: p.metrics.customerSentiment,
        href: callListHref({ ...props.filters, from: p.start, to: p.end, status: 'analysed' }),
      }))}
      volumeLabel="Analysed calls"
      lineLabel="Customer sentiment"
      formatVolume={formatCompact}
      formatLine={(v) => (v === null ? '–' : formatSentiment(v))}
      formatBucket={formatShortDay}
      formatBucketLong={(iso) =>
        props.bucket === 'day' ? formatDay(iso) : `Week of ${formatDay(iso)}`
      }
      summary={summary}
    />
  );
}
