/**
 * The frame of the themed reports (churn, brand, sentiment): global filters in the URL, KPI
 * tiles against the previous period, the outcome over time, its top drivers, a distribution,
 * and one breakdown table per dimension, with CSV export and a print layout. Every count links
 * to exactly the calls behind it; the total row of each table equals the dashboard's calls for
 * the same filters.
 */
import { useCallback } from 'react';
import {
  QueryState,
  asList,
  filterFor,
  metricDefinitions,
  useQuery,
  type Catalog,
  type CallFilters,
  type Dimension,
  type TimeSeriesResult,
} from '../../../data/index.ts';
import '../../../ui/analytics.css';
import { BarList } from '../../../ui/charts/bar-list.tsx';
import { TimeChart } from '../../../ui/charts/time-chart.tsx';
import { csvFileName, downloadCsv, toCsv } from '../../../ui/csv.ts';
import { FilterBar } from '../../../ui/filter-bar.tsx';
import { filteredPeriod } from '../../../ui/filtered-period.ts';
import {
  formatCompact,
  formatCount,
  formatDay,
  formatMetric,
  formatShare,
  formatShortDay,
} from '../../../ui/format.ts';
import { KpiCard } from '../../../ui/kpi-card.tsx';
import { PeriodLine } from '../../../ui/period-line.tsx';
import { callListHref } from '../../../ui/links.ts';
import { periodLabel, previousLabel, timeBucket } from '../../../ui/period.ts';
import {
  FilteredScreen,
  Panel,
  currencyOf,
  type CorpusContext,
} from '../../../ui/screen-parts.tsx';
import { GLOBAL_FILTER_PARAMS, inclusiveDays } from '../../../ui/url-filters.ts';
import { useUrlFilters, type UrlFilters } from '../../../ui/use-url-filters.ts';
import { BreakdownTable } from './breakdown-table.tsx';
import { MIN_CONCERN_CALLS, MIN_CONCERN_Z, groupConcerns } from './concerns.ts';
import { ConcernsList } from './concerns-panel.tsx';
import { DriversTable } from './drivers-table.tsx';
import { rankDrivers } from './drivers.ts';
import { ReportActions } from './report-actions.tsx';
import { reportCsv } from './report-csv.ts';
import { dimensionLabel, type ReportTheme } from './report-theme.ts';
import './report.css';

export function ReportScreen({ theme }: { theme: ReportTheme }) {
  const url = useUrlFilters(GLOBAL_FILTER_PARAMS);
  return (
    <FilteredScreen problems={url.problems}>
      {(ctx) => <ReportBody theme={theme} context={ctx} url={url} />}
    </FilteredScreen>
  );
}

function ReportBody(props: { theme: ReportTheme; context: CorpusContext; url: UrlFilters }) {
  const { theme, context, url } = props;
  const { period, filters, bar } = filteredPeriod(url, context);
  const bucket = timeBucket(period);
  const primary = theme.breakdowns[0]!;

  const summary = useQuery((s) => s.kpis({ filters }), [filters]);
  const series = useQuery((s) => s.timeSeries({ filters, bucket }), [filters, bucket]);
  const drivers = useQuery(
    async (s) => {
      const [categories, topics] = await Promise.all([
        s.aggregate({ filters, by: 'category' }),
        s.aggregate({ filters, by: 'topic' }),
      ]);
      return rankDrivers(
        [
          { kind: 'category', result: categories },
          { kind: 'topic', result: topics },
        ],
        theme.outcome,
      );
    },
    [filters, theme.id],
  );
  const distribution = useQuery(
    (s) => s.aggregate({ filters, by: theme.distribution.by }),
    [filters, theme.distribution.by],
  );
  const breakdowns = useQuery(
    (s) =>
      Promise.all(
        theme.breakdowns.map(async (by) => ({ by, result: await s.aggregate({ filters, by }) })),
      ),
    [filters, theme.breakdowns.join()],
  );
  const rowTrends = useQuery(
    async (s) => {
      const keys = dimensionKeys(context.catalog, primary);
      const entries = await Promise.all(
        keys.map(
          async (k) =>
            [
              k,
              await s.timeSeries({
                filters: { ...filterFor(primary, k, filters), ...period },
                bucket,
              }),
            ] as const,
        ),
      );
      return new Map<string, TimeSeriesResult>(entries);
    },
    [filters, primary, bucket],
  );

  const concerns = useQuery(
    async (s) => {
      if (!theme.concerns) return null;
      const by = theme.concerns.by;
      const keys = dimensionKeys(context.catalog, by);
      const [all, ...groups] = await Promise.all([
        s.aggregate({ filters, by: 'topic' }),
        ...keys.map((k) => s.aggregate({ filters: filterFor(by, k, filters), by: 'topic' })),
      ]);
      return groupConcerns(
        keys.map((k, i) => ({
          key: k,
          label: labelOf(context.catalog, by, k),
          topics: groups[i]!,
        })),
        all!,
      );
    },
    [filters, theme.concerns?.by],
  );

  const words = filterWords(url.filters, context.catalog);
  const shownDays = inclusiveDays(period);
  const ready = summary.data && series.data && drivers.data && distribution.data && breakdowns.data;
  const download = useCallback(() => {
    if (!summary.data || !series.data || !drivers.data || !distribution.data || !breakdowns.data)
      return;
    const rows = reportCsv({
      theme,
      period: shownDays,
      filterWords: words,
      summary: summary.data,
      series: series.data,
      drivers: drivers.data,
      distribution: distribution.data,
      breakdowns: breakdowns.data,
      concerns: concerns.data ?? undefined,
    });
    downloadCsv(csvFileName(theme.title, shownDays.from, 'to', shownDays.to), toCsv(rows));
  }, [
    summary.data,
    series.data,
    drivers.data,
    distribution.data,
    breakdowns.data,
    concerns.data,
    theme,
    shownDays,
    words,
  ]);

  const unit = bucket === 'day' ? 'day' : 'week';
  const outcomeLabel = metricDefinitions[theme.outcome.count].label;
  const lineLabel = metricDefinitions[theme.trendLine].label;
  const lineIsShare = metricDefinitions[theme.trendLine].unit === 'share';
  const currency = currencyOf(context.catalog);

  return (
    <div className="rp-report" data-testid={`report-${theme.id}`}>
      <p className="rp-purpose">{theme.purpose}</p>
      <div className="rp-toolbar">
        <FilterBar {...bar} />
        <ReportActions onDownload={ready ? download : undefined} testId="report" />
      </div>
      <p className="rp-print-only">
        {periodLabel(period)} ·{' '}
        {words.length > 0 ? words.join(' · ') : 'All vendors, teams, queues and brands'}
      </p>

      <QueryState query={summary} label="the report's KPIs" isEmpty={() => false}>
        {(s) => (
          <>
            <PeriodLine summary={s} callsTestId="report-calls" />
            <div className="an-kpis rp-kpis" data-testid="report-kpis">
              {theme.kpis.map((metric) => (
                <KpiCard
                  key={metric}
                  metric={metric}
                  value={s.current[metric]}
                  previous={s.previous[metric]}
                  previousLabel={previousLabel(period)}
                  trend={series.data?.points.map((p) => p.metrics[metric])}
                  currency={currency}
                  drill={{
                    href: callListHref(s.drillDown[metric]),
                    count: s.current[drillCountOf(metric)] as number,
                    noun: drillNoun(metric),
                  }}
                />
              ))}
            </div>
          </>
        )}
      </QueryState>

      <Panel
        title={`${outcomeLabel} and ${lineLabel.toLowerCase()} per ${unit}`}
        subtitle={`Bars count ${theme.outcome.noun}; the line is ${lineLabel.toLowerCase()}. Select a bar to list its ${theme.outcome.noun}.`}
      >
        <QueryState query={series} label="the trend" isEmpty={(r) => r.points.length === 0}>
          {(result) => {
            const points = result.points;
            const total = points.reduce(
              (n, p) => n + (p.metrics[theme.outcome.count] as number),
              0,
            );
            const peak = points.reduce((a, b) =>
              (b.metrics[theme.outcome.count] as number) >
              (a.metrics[theme.outcome.count] as number)
                ? b
                : a,
            );
            return (
              <TimeChart
                title={`${outcomeLabel} and ${lineLabel.toLowerCase()} per ${unit}`}
                points={points.map((p) => ({
                  start: p.start,
                  volume: p.metrics[theme.outcome.count] as number,
                  line: p.metrics[theme.trendLine],
                  href: callListHref({
                    ...filters,
                    ...theme.outcome.filters,
                    from: p.start,
                    to: p.end,
                  }),
                }))}
                volumeLabel={outcomeLabel}
                lineLabel={lineLabel}
                formatVolume={formatCompact}
                formatLine={(v) => formatMetric(theme.trendLine, v)}
                formatBucket={formatShortDay}
                formatBucketLong={(iso) =>
                  bucket === 'day' ? formatDay(iso) : `Week of ${formatDay(iso)}`
                }
                lineRange={lineIsShare ? { min: 0, max: 0.1 } : undefined}
                summary={
                  `${formatCount(total)} ${theme.outcome.noun} over ${points.length} ${unit}s; ` +
                  `the most were ${bucket === 'day' ? 'on' : 'in the week of'} ${formatDay(peak.start)} ` +
                  `(${formatCount(peak.metrics[theme.outcome.count] as number)}).`
                }
              />
            );
          }}
        </QueryState>
      </Panel>

      <div className="rp-columns">
        <Panel
          title={`Top drivers of ${theme.outcome.label.toLowerCase()}`}
          subtitle={`Categories and topics whose calls are ${theme.outcome.noun} more often than the other analysed calls, ranked by the difference in rate; differences within the noise (under two standard errors) are left out.`}
          testId="report-drivers"
        >
          <QueryState
            query={drivers}
            label="the drivers"
            isEmpty={(rows) => rows.length === 0}
            empty={`No category or topic is linked with more ${theme.outcome.noun} than the rest in this selection.`}
          >
            {(rows) => <DriversTable rows={rows} outcome={theme.outcome} />}
          </QueryState>
        </Panel>
        <Panel title={theme.distribution.title} subtitle={theme.distribution.subtitle}>
          <QueryState
            query={distribution}
            label={theme.distribution.title}
            isEmpty={(r) => r.rows.length === 0}
            empty="No analysed calls in this selection."
          >
            {(result) => (
              <BarList
                label={theme.distribution.title}
                items={result.rows.map((row) => ({
                  key: row.key,
                  label: row.label,
                  value: row.metrics.analysedCalls,
                  valueText: formatCount(row.metrics.analysedCalls),
                  detail:
                    result.total.analysedCalls > 0
                      ? formatShare(row.metrics.analysedCalls / result.total.analysedCalls)
                      : undefined,
                  href: callListHref({ ...row.filters, status: 'analysed' }),
                }))}
              />
            )}
          </QueryState>
        </Panel>
      </div>

      {theme.concerns && (
        <Panel
          title={`What sets each ${dimensionLabel(theme.concerns.by).toLowerCase()} apart`}
          subtitle={`Topics each ${dimensionLabel(theme.concerns.by).toLowerCase()}'s calls are about more often than the other ${theme.concerns.plural}' calls, by the difference in share; listed only with at least ${MIN_CONCERN_CALLS} calls and a difference of at least ${MIN_CONCERN_Z} standard errors, so noise is left out.`}
        >
          <QueryState
            query={concerns}
            label="the topics per group"
            isEmpty={(g) => !g || g.length === 0}
          >
            {(groups) => <ConcernsList groups={groups ?? []} other={theme.concerns!.plural} />}
          </QueryState>
        </Panel>
      )}

      <QueryState query={breakdowns} label="the breakdowns" isEmpty={() => false}>
        {(tables) => (
          <>
            {tables.map(({ by, result }) => (
              <Panel
                key={by}
                title={`By ${dimensionLabel(by).toLowerCase()}`}
                subtitle={
                  by === primary
                    ? `Trend: ${outcomeLabel.toLowerCase()} per ${unit}. Select a number to list its calls.`
                    : 'Select a number to list its calls.'
                }

                testId={`report-by-${by}`}
              >
                <BreakdownTable
                  by={by}
                  result={result}
                  filters={filters}
                  theme={theme}
                  currency={currency}
                  trends={
                    by === primary
                      ? (k) =>
                          rowTrends.data
                            ?.get(k)
                            ?.points.map((p) => p.metrics[theme.outcome.count] as number)
                      : undefined
                  }
                />
              </Panel>
            ))}
          </>
        )}
      </QueryState>
    </div>
  );
}

/** The count a KPI tile's drill-down list has (as on the dashboard). */
function drillCountOf(metric: keyof typeof metricDefinitions) {
  switch (metric) {
    case 'qaScore':
      return 'evaluatedCalls';
    case 'complianceRate':
      return 'nonCompliantCalls';
    case 'repeatRate':
    case 'fcr':
      return 'followedByRepeatCalls';
    case 'fakeCallRate':
      return 'fakeCalls';
    case 'churnRiskRate':
      return 'churnRiskCalls';
    case 'escalationRate':
      return 'escalatedCalls';
    case 'calls':
      return 'calls';
    default:
      return metricDefinitions[metric].unit === 'count' ? metric : 'analysedCalls';
  }
}

function drillNoun(metric: keyof typeof metricDefinitions): string {
  const nouns: Partial<Record<keyof typeof metricDefinitions, string>> = {
    qaScore: 'evaluated calls',
    complianceRate: 'non-compliant calls',
    repeatRate: 'calls with a repeat',
    fcr: 'calls with a repeat',
    fakeCallRate: 'flagged calls',
    churnRiskRate: 'high-risk calls',
    churnRiskCalls: 'high-risk calls',
    escalationRate: 'escalated calls',
    negativeCalls: 'negative calls',
    calls: 'calls',
  };
  return nouns[metric] ?? 'analysed calls';
}

/** The values of a dimension, for a trend per row (the catalog lists them all). */
function dimensionKeys(catalog: Catalog, by: Dimension): string[] {
  switch (by) {
    case 'vendor':
      return catalog.vendors.map((v) => v.id);
    case 'brand':
      return catalog.brands;
    case 'queue':
      return catalog.queues;
    case 'product':
      return catalog.products;
    case 'team':
      return catalog.teams;
    default:
      return [];
  }
}

/** The name shown for a dimension's value (vendors by name, the rest as they are). */
function labelOf(catalog: Catalog, by: Dimension, key: string): string {
  return by === 'vendor' ? (catalog.vendors.find((v) => v.id === key)?.name ?? key) : key;
}

/** The global filters in words, for the printed page and the CSV. */
export function filterWords(filters: CallFilters, catalog: Catalog): string[] {
  const vendorName = (id: string) => catalog.vendors.find((v) => v.id === id)?.name ?? id;
  const out: string[] = [];
  const vendors = asList(filters.vendorId);
  if (vendors) out.push(`Vendor: ${vendors.map(vendorName).join(', ')}`);
  const teams = asList(filters.team);
  if (teams) out.push(`Team: ${teams.join(', ')}`);
  const queues = asList(filters.queue);
  if (queues) out.push(`Queue: ${queues.join(', ')}`);
  const brands = asList(filters.brand);
  if (brands) out.push(`Brand: ${brands.join(', ')}`);
  return out;
}
