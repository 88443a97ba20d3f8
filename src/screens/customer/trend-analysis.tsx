/**
 * Trend Analysis `/customer/trend-analysis`: KPIs, topics and categories over time by day, week
 * or month; topics and categories flagged emerging or declining by a stated rule (TREND_RULE);
 * the biggest moves annotated; and two periods compared side by side. Every count drills to
 * its calls.
 */
import { useState } from 'react';
import {
  QueryState,
  TREND_RULE,
  metricDefinitions,
  useQuery,
  type CallFilters,
  type KpiKey,
  type TopicTrends,
  type TrendBucket,
} from '../../data/index.ts';
import { useRouteQuery } from '../../runtime/index.ts';
import '../../ui/analytics.css';
import { MetricSelect } from '../../ui/metric-select.tsx';
import { TimeChart } from '../../ui/charts/time-chart.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { FilterBar } from '../../ui/filter-bar.tsx';
import { filteredPeriod } from '../../ui/filtered-period.ts';
import {
  formatCompact,
  formatDay,
  formatMetric,
  formatShare,
  formatShortDay,
} from '../../ui/format.ts';
import { callListHref } from '../../ui/links.ts';
import { periodLabel } from '../../ui/period.ts';
import { FilteredScreen, Panel, type CorpusContext } from '../../ui/screen-parts.tsx';
import { GLOBAL_FILTER_PARAMS, filtersFromParams } from '../../ui/url-filters.ts';
import { useUrlFilters, type UrlFilters } from '../../ui/use-url-filters.ts';
import { biggestChanges } from './parts/biggest-changes.ts';
import { comparedPeriods } from './parts/compared-periods.ts';
import { PeriodCompare } from './parts/period-compare.tsx';
import { TrendTable, type TrendView } from './parts/trend-table.tsx';
import './customer.css';

/** Trends need history: the default period is the last 90 days of data. */
const DEFAULT_DAYS = 90;
const BUCKETS: TrendBucket[] = ['day', 'week', 'month'];
const LINE_METRICS = [
  'customerSentiment',
  'negativeCalls',
  'churnRiskRate',
  'fakeCallRate',
  'complianceRate',
  'qaScore',
  'ahtMs',
  'repeatRate',
] as const satisfies readonly KpiKey[];
type LineMetric = (typeof LINE_METRICS)[number];

export default function TrendAnalysis() {
  const url = useUrlFilters(GLOBAL_FILTER_PARAMS);
  const query = useRouteQuery('trend-analysis');
  // Period B of the comparison, read like the main period (inclusive days in the address).
  const compare = filtersFromParams(
    new URLSearchParams(
      Object.entries({ from: query.compareFrom, to: query.compareTo }).filter(
        (e): e is [string, string] => e[1] !== undefined,
      ),
    ),
    ['from', 'to'],
  );
  const problems = [
    ...url.problems,
    ...compare.problems.map((p) => ({
      ...p,
      param: p.param === 'from' ? 'compareFrom' : 'compareTo',
      reason: p.reason.replace('"to"', '"compareTo"'),
    })),
  ];
  return (
    <FilteredScreen problems={problems}>
      {(ctx) => (
        <TrendBody
          context={ctx}
          url={url}
          bucket={query.bucket ?? 'week'}
          compare={compare.filters}
        />
      )}
    </FilteredScreen>
  );
}

function TrendBody(props: {
  context: CorpusContext;
  url: UrlFilters;
  bucket: TrendBucket;
  compare: CallFilters;
}) {
  const { context, url, bucket } = props;
  const { period, filters, bar } = filteredPeriod(url, context, DEFAULT_DAYS);
  const key = JSON.stringify([filters, bucket]);
  const [view, setView] = useState<TrendView>('topic');
  const [line, setLine] = useState<LineMetric>('customerSentiment');
  const trends = useQuery((s) => s.topicTrends({ filters, bucket }), [key]);
  const { a, b, split } = comparedPeriods(period, props.compare, context.info.range.from);
  const bucketLabel = (iso: string) =>
    bucket === 'day'
      ? formatDay(iso)
      : bucket === 'week'
        ? `week of ${formatDay(iso)}`
        : new Date(iso).toLocaleDateString('en-GB', {
            month: 'long',
            year: 'numeric',
            timeZone: 'UTC',
          });

  return (
    <>
      <FilterBar {...bar}>
        <div className="an-tabs" role="group" aria-label="Time bucket">
          {BUCKETS.map((x) => (
            <button
              key={x}
              type="button"
              aria-pressed={bucket === x}
              onClick={() => url.setParams({ bucket: x })}
            >
              {x[0]!.toUpperCase() + x.slice(1)}
            </button>
          ))}
        </div>
      </FilterBar>
      <Panel
        title={`KPIs per ${bucket}`}
        subtitle={`${periodLabel(period)}. Bars count analysed calls; the line is the KPI you choose. Select a bar to list its calls.`}
        actions={
          <MetricSelect
            id="trend-line"
            label="Line"
            metrics={LINE_METRICS}
            value={line}
            onChange={setLine}
          />
        }
        testId="trend-kpis"
      >
        <QueryState query={trends} label="trends" isEmpty={(t) => t.buckets.length === 0}>
          {(t) => <KpiChart trends={t} metric={line} filters={filters} bucketLabel={bucketLabel} />}
        </QueryState>
      </Panel>
      <Panel
        title={view === 'topic' ? 'Topics over time' : 'Categories over time'}
        subtitle={TREND_RULE}
        actions={
          <div className="an-tabs" role="group" aria-label="Show">
            {(['topic', 'category'] as const).map((v) => (
              <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
                {v === 'topic' ? 'Topics' : 'Categories'}
              </button>
            ))}
          </div>
        }
        testId="trend-topics"
      >
        <QueryState query={trends} label="topics over time" isEmpty={() => false}>
          {(t) => (
            <>
              <Annotations trends={t} view={view} filters={filters} bucketLabel={bucketLabel} />
              <TrendTable
                trends={t}
                view={view}
                filters={{ ...filters, status: 'analysed' }}
                bucketLabel={bucketLabel}
              />
            </>
          )}
        </QueryState>
      </Panel>
      <Panel
        title="Compare two periods"
        subtitle={
          split
            ? `There are no calls before ${periodLabel(period)}, so period A is its second half and period B its first half unless you choose another B.`
            : `Period A is the period above (${periodLabel(period)}); period B is the period before it unless you choose another.`
        }
        testId="trend-compare"
      >
        <PeriodCompare
          filters={url.filters}
          a={a}
          b={b}
          view={view}
          onChangeB={(d) => url.setParams({ compareFrom: d.from, compareTo: d.to })}
        />
      </Panel>
    </>
  );
}

function KpiChart(props: {
  trends: TopicTrends;
  metric: LineMetric;
  filters: CallFilters;
  bucketLabel: (iso: string) => string;
}) {
  const { trends, metric } = props;
  const points = trends.buckets;
  const total = points.reduce((n, p) => n + p.metrics.analysedCalls, 0);
  const values = points.map((p) => p.metrics[metric]).filter((v): v is number => v !== null);
  const label = metricDefinitions[metric].label;
  const summary =
    `${formatCompact(total)} analysed calls over ${points.length} ${trends.bucket}s. ` +
    (values.length > 0
      ? `${label} ranged from ${formatMetric(metric, Math.min(...values))} to ${formatMetric(metric, Math.max(...values))}.`
      : `No ${label.toLowerCase()} in this selection.`);
  return (
    <TimeChart
      title={`Analysed calls and ${label.toLowerCase()} per ${trends.bucket}`}
      points={points.map((p) => ({
        start: p.start,
        volume: p.metrics.analysedCalls,
        line: p.metrics[metric],
        href: callListHref({ ...props.filters, from: p.start, to: p.end, status: 'analysed' }),
      }))}
      volumeLabel="Analysed calls"
      lineLabel={label}
      formatVolume={formatCompact}
      formatLine={(v) => formatMetric(metric, v)}
      formatBucket={formatShortDay}
      formatBucketLong={props.bucketLabel}
      summary={summary}
    />
  );
}

/** The biggest moves of the period, written out, each linking to the calls behind it. */
function Annotations(props: {
  trends: TopicTrends;
  view: TrendView;
  filters: CallFilters;
  bucketLabel: (iso: string) => string;
}) {
  const { trends, view } = props;
  const series = view === 'topic' ? trends.topics : trends.categories;
  const analysed = trends.buckets.map((x) => x.metrics.analysedCalls);
  const changes = biggestChanges(series, analysed, 4);
  if (changes.length === 0) return null;
  return (
    <>
      <h3 className="cx-subhead">Biggest changes</h3>
      <ul className="cx-annotations" data-testid="trend-annotations">
        {changes.map((c) => {
          const bucket = trends.buckets[c.bucket]!;
          const rose = c.share > c.previousShare;
          return (
            <li key={`${c.key}-${c.bucket}`}>
              <strong>{props.bucketLabel(bucket.start)}:</strong> {c.label}{' '}
              <span className="cx-tone" data-tone={rose ? 'accent' : 'neutral'}>
                {rose ? 'rose' : 'fell'} from {formatShare(c.previousShare)} to{' '}
                {formatShare(c.share)} of calls
              </span>{' '}
              (
              <HrefLink
                href={callListHref({
                  ...props.filters,
                  status: 'analysed',
                  [view]: c.key,
                  from: bucket.start,
                  to: bucket.end,
                })}
                data-value={c.calls}
              >
                {c.calls} calls
              </HrefLink>
              )
            </li>
          );
        })}
      </ul>
    </>
  );
}
