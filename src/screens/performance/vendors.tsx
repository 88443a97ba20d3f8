/**
 * Vendor performance `/performance/vendors`: a vendor x KPI matrix against each vendor's SLA
 * targets (red / amber / green), a trend per vendor, and drill-down to the vendor's agents.
 * The total row is the whole selection, so it equals the dashboard for the same filters.
 */
import { useMemo, useState } from 'react';
import { HrefLink as Link } from '../../ui/href-link.tsx';
import {
  QueryState,
  metricDefinitions,
  readAheadWithInfo,
  useQuery,
  type AggregateRow,
  type CallFilters,
  type KpiKey,
  type TimeSeriesResult,
  type Vendor,
} from '../../data/index.ts';
import {
  SLA_STATUS_DEFINITION,
  SLA_STATUS_WORDS,
  slaStatus,
  type SlaMetric,
} from '../../metrics/index.ts';
import '../../ui/analytics.css';
import { filteredPeriod, filtersOverPeriod } from '../../ui/filtered-period.ts';
import { MetricSelect } from '../../ui/metric-select.tsx';
import { Sparkline } from '../../ui/charts/sparkline.tsx';
import {
  DataTable,
  sortRows,
  type Column,
  type TableSort,
  nextSort,
} from '../../ui/data-table.tsx';
import { FilterBar } from '../../ui/filter-bar.tsx';
import { formatMetric } from '../../ui/format.ts';
import { agentsHref, callListHref } from '../../ui/links.ts';
import { DAILY_UP_TO_DAYS, periodLabel, timeBucket } from '../../ui/period.ts';
import { FilteredScreen, Panel, currencyOf, type CorpusContext } from '../../ui/screen-parts.tsx';
import { GLOBAL_FILTER_PARAMS, filtersFromParams } from '../../ui/url-filters.ts';
import { useUrlFilters, type UrlFilters } from '../../ui/use-url-filters.ts';

const FILTERS = GLOBAL_FILTER_PARAMS.filter((p) => p !== 'vendor');
const TREND_METRICS = [
  'qaScore',
  'complianceRate',
  'ahtMs',
  'fcr',
  'customerSentiment',
  'analysedCalls',
] as const;
type TrendMetric = (typeof TREND_METRICS)[number];

interface VendorRow {
  key: string;
  vendor: Vendor | undefined;
  label: string;
  metrics: AggregateRow['metrics'];
  filters: CallFilters;
  trend?: (number | null)[];
  total?: boolean;
}

export default function VendorPerformance() {
  const url = useUrlFilters(FILTERS);
  return (
    <FilteredScreen problems={url.problems}>
      {(ctx) => <VendorsBody context={ctx} url={url} />}
    </FilteredScreen>
  );
}

/** The matrix's read: the body's query and the read ahead ask with the same arguments. */
function matrixRead(filters: CallFilters) {
  return { filters, by: 'vendor' } as const;
}

/**
 * With an API, the matrix's read starts as the screen's chunk arrives (runtime: a route change
 * calls this before the screen renders), not after the filter lists have come back.
 */
VendorPerformance.readAhead = (search: URLSearchParams) => {
  const { filters } = filtersFromParams(search, FILTERS);
  readAheadWithInfo((info) => [
    { method: 'aggregate', args: [matrixRead(filtersOverPeriod(filters, info).filters)] },
  ]);
};

function VendorsBody({ context, url }: { context: CorpusContext; url: UrlFilters }) {
  const { period, filters, bar } = filteredPeriod(url, context);
  const bucket = timeBucket(period);
  const [trendMetric, setTrendMetric] = useState<TrendMetric>('qaScore');

  const matrix = useQuery((s) => s.aggregate(matrixRead(filters)), [filters]);
  const trends = useQuery(
    async (s) => {
      const entries = await Promise.all(
        context.catalog.vendors.map(
          async (v) =>
            [
              v.id,
              await s.timeSeries({
                filters: { ...filters, from: period.from, to: period.to, vendorId: v.id },
                bucket,
              }),
            ] as const,
        ),
      );
      return new Map<string, TimeSeriesResult>(entries);
    },
    [filters, bucket],
  );

  return (
    <>
      <FilterBar {...bar} fields={['team', 'queue', 'brand']} />
      <Panel
        title="Vendors against their SLA targets"
        subtitle={`${periodLabel(period)}. Select a vendor to see its agents; select a number of calls to list them.`}
        actions={
          <MetricSelect
            id="vendor-trend"
            label="Trend"
            metrics={TREND_METRICS}
            value={trendMetric}
            onChange={setTrendMetric}
          />
        }
        testId="vendor-matrix"
      >
        <QueryState query={matrix} label="vendors" isEmpty={(r) => r.rows.length === 0}>
          {(result) => (
            <VendorMatrix
              rows={result.rows.map((row) => ({
                key: row.key,
                vendor: context.catalog.vendors.find((v) => v.id === row.key),
                label: row.label,
                metrics: row.metrics,
                filters: row.filters,
                trend: trends.data?.get(row.key)?.points.map((p) => p.metrics[trendMetric]),
              }))}
              total={{
                key: 'total',
                vendor: undefined,
                label: 'All vendors',
                metrics: result.total,
                filters,
                total: true,
              }}
              trendMetric={trendMetric}
              currency={currencyOf(context.catalog)}
              filters={filters}
            />
          )}
        </QueryState>
        <p className="an-legend-row">
          <span>
            <span className="an-rag" data-status="green" /> meets target
          </span>
          <span>
            <span className="an-rag" data-status="amber" /> just misses
          </span>
          <span>
            <span className="an-rag" data-status="red" /> misses
          </span>
          <span>{SLA_STATUS_DEFINITION}</span>
        </p>
      </Panel>
    </>
  );
}

function VendorMatrix(props: {
  rows: VendorRow[];
  total: VendorRow;
  trendMetric: TrendMetric;
  currency: string;
  filters: CallFilters;
}) {
  const [sort, setSort] = useState<TableSort>({ column: 'analysedCalls', direction: 'desc' });
  const columns = useMemo(() => vendorColumns(props), [props]);
  const sorted = useMemo(() => {
    const column = columns.find((c) => c.id === sort.column);
    const value = (r: VendorRow) =>
      column?.id === 'vendor' ? r.label : (r.metrics[column?.id as KpiKey] as number | null);
    return sortRows(props.rows, value, sort.direction);
  }, [props.rows, columns, sort]);
  return (
    <DataTable
      caption={`Vendor KPIs against SLA targets. Trend: ${metricDefinitions[props.trendMetric].label}.`}
      captionHidden
      columns={columns}
      rowCount={sorted.length}
      row={(i) => sorted[i]}
      rowKey={(r) => r.key}
      footer={[props.total]}
      rowHeight={52}
      sort={sort}
      onSort={(column) => setSort((s) => nextSort(s, column))}
      testId="vendor-table"
    />
  );
}

function vendorColumns(props: { trendMetric: TrendMetric; currency: string }): Column<VendorRow>[] {
  const sla = (metric: SlaMetric & KpiKey, label: string): Column<VendorRow> => ({
    id: metric,
    label,
    metric,
    sortable: true,
    firstSort: metric === 'ahtMs' ? 'asc' : 'desc',
    align: 'end',
    cell: (r) => {
      const value = r.metrics[metric] as number | null;
      if (!r.vendor) return formatMetric(metric, value);
      const target = r.vendor.sla[metric];
      const status = slaStatus(metric, value, target);
      const comparator = metric === 'ahtMs' ? '≤' : '≥';
      return (
        <span className="an-rag" data-status={status ?? 'none'} data-testid={`sla-${metric}`}>
          <span>
            {formatMetric(metric, value)}
            <span className="an-target">
              SLA {comparator} {formatTarget(metric, target)}
              <span className="sr-only">, {status ? SLA_STATUS_WORDS[status] : 'no data'}</span>
            </span>
          </span>
        </span>
      );
    },
  });
  return [
    {
      id: 'vendor',
      label: 'Vendor',
      rowHeader: true,
      sortable: true,
      firstSort: 'asc',
      cell: (r) =>
        r.total ? (
          <span>All vendors</span>
        ) : (
          <Link href={agentsHref(r.filters, r.key)} data-testid="vendor-link" data-vendor={r.key}>
            {r.label}
            <span className="an-cell-sub">{r.vendor?.sites.join(' · ')}</span>
          </Link>
        ),
    },
    {
      id: 'trend',
      label: 'Trend',
      help: `${metricDefinitions[props.trendMetric].label} per day (per week for periods over ${DAILY_UP_TO_DAYS} days) across the period.`,
      cell: (r) =>
        r.trend ? (
          <Sparkline
            values={r.trend}
            width={92}
            height={26}
            label={trendWords(props.trendMetric, r.trend)}
          />
        ) : r.total ? null : (
          <span className="an-skeleton" />
        ),
    },
    {
      id: 'analysedCalls',
      label: 'Calls',
      metric: 'analysedCalls',
      sortable: true,
      align: 'end',
      cell: (r) => (
        <Link
          href={callListHref({ ...r.filters, status: 'analysed' })}
          data-testid={r.total ? 'vendor-total-calls' : 'vendor-calls'}
          data-value={r.metrics.analysedCalls}
        >
          {formatMetric('analysedCalls', r.metrics.analysedCalls)}
        </Link>
      ),
    },
    sla('ahtMs', 'AHT'),
    sla('qaScore', 'QA'),
    sla('complianceRate', 'Compliance'),
    sla('fcr', 'FCR'),
    {
      id: 'customerSentiment',
      label: 'Sentiment',
      metric: 'customerSentiment',
      sortable: true,
      align: 'end',
      cell: (r) => formatMetric('customerSentiment', r.metrics.customerSentiment),
    },
    {
      id: 'fakeCallRate',
      label: 'Fake\u00a0%',
      metric: 'fakeCallRate',
      sortable: true,
      firstSort: 'asc',
      align: 'end',
      cell: (r) => formatMetric('fakeCallRate', r.metrics.fakeCallRate),
    },
    {
      id: 'costPerAnalysedCall',
      label: 'Cost\u00a0/\u00a0call',
      metric: 'costPerAnalysedCall',
      sortable: true,
      firstSort: 'asc',
      align: 'end',
      cell: (r) =>
        formatMetric('costPerAnalysedCall', r.metrics.costPerAnalysedCall, props.currency),
    },
  ];
}

/** A target as contracts write it: "80%" rather than "80.0%", "6:45". */
function formatTarget(metric: SlaMetric & KpiKey, target: number): string {
  if (metric === 'ahtMs') return formatMetric(metric, target);
  const percent = target * 100;
  return Number.isInteger(Math.round(percent * 10) / 10)
    ? `${Math.round(percent)}%`
    : formatMetric(metric, target);
}

/** "QA % from 84.0% to 88.1%": what the sparkline shows, in words. */
function trendWords(metric: KpiKey, values: readonly (number | null)[]): string {
  const known = values.filter((v): v is number => v !== null);
  const label = metricDefinitions[metric].label;
  if (known.length < 2) return `${label}: not enough data for a trend`;
  return `${label} from ${formatMetric(metric, known[0]!)} to ${formatMetric(metric, known[known.length - 1]!)}`;
}
