/**
 * Repeated Call statistics `/analytics/repeated-call-stats`: repeat % and FCR for the selection
 * (the dashboard's figures for the same filters), over time, by queue, vendor, agent, topic or
 * disposition, and what the repeat calls cost at each vendor's rate card. Every count links to
 * exactly its calls. Organisation data only for a signed-in user (a public route).
 */
import {
  QueryState,
  useQuery,
  type CallFilters,
  type KpiKey,
  type KpiSummary,
  type RepeatCostResult,
  type TimeSeriesResult,
} from '../../data/index.ts';
import { useRouteQuery } from '../../runtime/index.ts';
import '../../ui/analytics.css';
import { niceTicks } from '../../ui/charts/scale.ts';
import { TimeChart } from '../../ui/charts/time-chart.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { FilterBar } from '../../ui/filter-bar.tsx';
import {
  formatCompact,
  formatCount,
  formatDay,
  formatMoney,
  formatShare,
  formatShortDay,
} from '../../ui/format.ts';
import { InfoTip } from '../../ui/info-tip.tsx';
import { KpiCard } from '../../ui/kpi-card.tsx';
import { callListHref } from '../../ui/links.ts';
import { periodLabel, previousLabel, timeBucket, type Period } from '../../ui/period.ts';
import { filteredPeriod } from '../../ui/filtered-period.ts';
import { Panel, type CorpusContext } from '../../ui/screen-parts.tsx';
import { repeatPendingNote } from '../../ui/repeat-pending-note.tsx';
import { GLOBAL_FILTER_PARAMS } from '../../ui/url-filters.ts';
import type { UrlFilters } from '../../ui/use-url-filters.ts';
import { GatedScreen } from './parts/gated-screen.tsx';
import { RepeatSettingsLine } from './parts/repeat-format.tsx';
import { RepeatTable } from './parts/repeat-table.tsx';
import './repeated-calls.css';

const GROUPINGS = [
  { by: 'queue', label: 'Queue' },
  { by: 'vendor', label: 'Vendor' },
  { by: 'agent', label: 'Agent' },
  { by: 'topic', label: 'Topic' },
  { by: 'disposition', label: 'Disposition' },
] as const;
type Grouping = (typeof GROUPINGS)[number]['by'];

const TILES: { metric: KpiKey; countOf: KpiKey; noun: string }[] = [
  { metric: 'repeatRate', countOf: 'followedByRepeatCalls', noun: 'calls with a repeat' },
  { metric: 'fcr', countOf: 'followedByRepeatCalls', noun: 'calls not resolved first time' },
  { metric: 'followedByRepeatCalls', countOf: 'followedByRepeatCalls', noun: 'calls' },
  { metric: 'repeatCalls', countOf: 'repeatCalls', noun: 'repeat calls' },
];

export default function RepeatedCallStatistics() {
  return (
    <GatedScreen params={GLOBAL_FILTER_PARAMS}>
      {(ctx, url) => <StatisticsBody context={ctx} url={url} />}
    </GatedScreen>
  );
}

function StatisticsBody({ context, url }: { context: CorpusContext; url: UrlFilters }) {
  const by: Grouping = useRouteQuery('repeated-call-stats').by ?? 'queue';
  const { period, filters, bar } = filteredPeriod(url, context);
  const bucket = timeBucket(period);

  const kpis = useQuery((s) => s.kpis({ filters }), [filters]);
  const series = useQuery((s) => s.timeSeries({ filters, bucket }), [filters, bucket]);
  const cost = useQuery((s) => s.repeatCost({ filters }), [filters]);
  const groups = useQuery((s) => s.aggregate({ filters, by }), [filters, by]);
  const grouping = GROUPINGS.find((g) => g.by === by)!;

  return (
    <>
      <FilterBar {...bar} />
      <RepeatSettingsLine />
      <QueryState query={kpis} label="repeat figures" isEmpty={() => false}>
        {(summary) => <Tiles summary={summary} series={series.data} period={period} />}
      </QueryState>
      <Panel
        title={bucket === 'day' ? 'Repeat % per day' : 'Repeat % per week'}
        subtitle="Bars count analysed calls; the line is the share followed by a repeat (FCR is 100% minus it). Calls whose repeat window reaches the end of the data are pending and left out of the line. Select a bar to list its calls followed by a repeat."
      >
        <QueryState query={series} label="the trend" isEmpty={(r) => r.points.length === 0}>
          {(result) => <RepeatTrend result={result} filters={filters} bucket={bucket} />}
        </QueryState>
      </Panel>
      <Panel
        title="What repeat calls cost"
        subtitle="Repeat calls and their handle time, priced by each vendor's rate card (price per call + price per handled minute)."
        testId="repeat-cost"
      >
        <QueryState query={cost} label="repeat cost" isEmpty={() => false}>
          {(result) => <RepeatCost result={result} />}
        </QueryState>
      </Panel>
      <Panel
        title={`Repeat % by ${grouping.label.toLowerCase()}`}
        subtitle="Select a number to list its calls."
        actions={
          <div className="an-tabs rc-tabs" role="group" aria-label="Group by">
            {GROUPINGS.map((g) => (
              <button
                key={g.by}
                type="button"
                aria-pressed={g.by === by}
                onClick={() => url.setParams({ by: g.by === 'queue' ? undefined : g.by })}
              >
                {g.label}
              </button>
            ))}
          </div>
        }
        testId="repeat-groups"
      >
        <QueryState
          query={groups}
          label={`${grouping.label.toLowerCase()} rows`}
          isEmpty={(r) => r.rows.length === 0}
          empty="No calls in this selection."
        >
          {(result) => (
            <>
              {!result.partition && (
                <p className="an-panel__subtitle">
                  Topics are set on analysed calls only, so the rows cover analysed calls.
                </p>
              )}
              <RepeatTable
                caption={`Repeat % by ${grouping.label.toLowerCase()}`}
                groupLabel={grouping.label}
                rows={result.rows}
                total={{
                  key: 'total',
                  label: 'All calls',
                  metrics: result.total,
                  filters,
                  total: true,
                }}
                testId="repeat-group-table"
              />
            </>
          )}
        </QueryState>
      </Panel>
    </>
  );
}

function Tiles(props: {
  summary: KpiSummary;
  series: TimeSeriesResult | undefined;
  period: Period;
}) {
  const { summary } = props;
  return (
    <>
      <p className="an-period">
        <span>{periodLabel(summary.period)}</span>
        <span className="muted">
          {' '}
          ·{' '}
          <span data-testid="repeat-calls-recorded" data-value={summary.current.calls}>
            {formatCount(summary.current.calls)}
          </span>{' '}
          calls recorded,{' '}
          <span data-testid="repeat-calls-analysed" data-value={summary.current.analysedCalls}>
            {formatCount(summary.current.analysedCalls)}
          </span>{' '}
          analysed
        </span>
      </p>
      <div className="an-kpis" data-testid="repeat-kpis">
        {TILES.map((tile) => (
          <KpiCard
            key={tile.metric}
            metric={tile.metric}
            value={summary.current[tile.metric]}
            previous={summary.previous[tile.metric]}
            previousLabel={previousLabel(props.period)}
            trend={props.series?.points.map((p) => p.metrics[tile.metric])}
            note={
              tile.metric === 'repeatRate' || tile.metric === 'fcr'
                ? repeatPendingNote(summary.current)
                : undefined
            }
            drill={{
              href: callListHref(summary.drillDown[tile.metric]),
              count: summary.current[tile.countOf] as number,
              noun: tile.noun,
            }}
          />
        ))}
      </div>
    </>
  );
}

function RepeatTrend(props: {
  result: TimeSeriesResult;
  filters: CallFilters;
  bucket: 'day' | 'week';
}) {
  const { points } = props.result;
  const unit = props.bucket;
  const rates = points
    .map((p) => ({ start: p.start, rate: p.metrics.repeatRate }))
    .filter((p): p is { start: string; rate: number } => p.rate !== null);
  const highest = rates.reduce<(typeof rates)[number] | null>(
    (a, b) => (a === null || b.rate > a.rate ? b : a),
    null,
  );
  const summary =
    rates.length === 0
      ? 'No analysed calls in this period.'
      : `Repeat % ranged from ${formatShare(Math.min(...rates.map((r) => r.rate)))} to ${formatShare(highest!.rate)} (the ${unit} of ${formatDay(highest!.start)}) over ${points.length} ${unit}s; FCR is 100% minus the repeat %.`;
  return (
    <TimeChart
      title={`Analysed calls and repeat % per ${unit}`}
      points={points.map((p) => ({
        start: p.start,
        volume: p.metrics.analysedCalls,
        line: p.metrics.repeatRate,
        href: callListHref({ ...props.filters, from: p.start, to: p.end, followedByRepeat: true }),
      }))}
      volumeLabel="Analysed calls"
      lineLabel="Repeat %"
      formatVolume={formatCompact}
      formatLine={(v) => (v === null ? '–' : formatShare(v))}
      formatBucket={formatShortDay}
      formatBucketLong={(iso) => (unit === 'day' ? formatDay(iso) : `Week of ${formatDay(iso)}`)}
      lineTicks={niceTicks(0, Math.max(0.05, ...rates.map((r) => r.rate)), 4)}
      summary={summary}
    />
  );
}

type CostRow = RepeatCostResult['rows'][number] & { total?: boolean };

function RepeatCost({ result }: { result: RepeatCostResult }) {
  const { total, currency } = result;
  const money = (v: number) => formatMoney(v, currency);
  const columns: Column<CostRow>[] = [
    { id: 'vendor', label: 'Vendor', rowHeader: true, cell: (r) => r.vendorName },
    {
      id: 'repeatCalls',
      label: 'Repeat calls',
      align: 'end',
      cell: (r) => (
        <HrefLink
          href={callListHref(r.filters)}
          value={r.repeatCalls}
          testId={r.total ? 'repeat-cost-calls-total' : 'repeat-cost-calls'}
        >
          {formatCount(r.repeatCalls)}
        </HrefLink>
      ),
    },
    {
      id: 'minutes',
      label: 'Handle minutes',
      align: 'end',
      cell: (r) => formatCount(Math.round(r.handleMinutes)),
    },
    {
      id: 'rate',
      label: 'Rate card',
      help: 'What the vendor charges: a price per handled call plus a price per minute of handle time.',
      cell: (r) =>
        r.total
          ? ''
          : `${money(r.rateCard.perCall)} / call + ${money(r.rateCard.perHandledMinute)} / min`,
    },
    { id: 'cost', label: 'Cost', align: 'end', cell: (r) => money(r.cost) },
  ];
  const footer: CostRow = {
    vendorId: 'total',
    vendorName: 'All vendors',
    repeatCalls: total.repeatCalls,
    handleMinutes: total.handleMinutes,
    cost: total.cost,
    rateCard: { currency, perCall: 0, perHandledMinute: 0 },
    filters: total.filters,
    total: true,
  };
  return (
    <>
      <dl className="an-facts rc-facts">
        <div>
          <dt>Repeat calls</dt>
          <dd>
            <HrefLink
              href={callListHref(total.filters)}
              value={total.repeatCalls}
              testId="repeat-cost-total"
            >
              {formatCount(total.repeatCalls)}
            </HrefLink>
          </dd>
        </div>
        <div>
          <dt>Handle time they took</dt>
          <dd>{formatCount(Math.round(total.handleMinutes))} minutes</dd>
        </div>
        <div>
          <dt>
            Their cost{' '}
            <InfoTip label="About the cost of repeat calls">
              Repeat calls x the vendor&apos;s price per call + their handle-time minutes x its
              price per handled minute, summed over vendors. Calls that were avoided would not have
              been charged.
            </InfoTip>
          </dt>
          <dd data-testid="repeat-cost-money" data-value={total.cost}>
            {money(total.cost)}
          </dd>
        </div>
      </dl>
      {result.rows.length > 0 && (
        <DataTable
          caption="Repeat calls and their cost per vendor"
          captionHidden
          columns={columns}
          rowCount={result.rows.length}
          row={(i) => result.rows[i]}
          rowKey={(r) => r.vendorId}
          footer={[footer]}
          testId="repeat-cost-table"
        />
      )}
    </>
  );
}
