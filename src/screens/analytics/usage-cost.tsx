/**
 * Usage & Cost `/analytics/usage-cost`: calls, audio and speech-to-text minutes, storage and
 * analysis cost per day and per vendor against the budget (the monthly cap of the cost-control
 * settings spread over days and vendors), the month's spend projected to its end and the alerts
 * that have fired or would fire, and cost per analysed call (the dashboard's for the same
 * filters). Organisation data only for a signed-in user (a public route).
 */
import { useMemo, useState } from 'react';
import {
  QueryState,
  useQuery,
  type CallFilters,
  type MonthProjection,
  type UsageCostResult,
  type UsageDay,
  type UsageVendor,
} from '../../data/index.ts';
import { AppLink } from '../../runtime/index.ts';
import '../../ui/analytics.css';
import { niceTicks } from '../../ui/charts/scale.ts';
import { TimeChart } from '../../ui/charts/time-chart.tsx';
import {
  DataTable,
  nextSort,
  sortRows,
  type Column,
  type TableSort,
} from '../../ui/data-table.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { FilterBar } from '../../ui/filter-bar.tsx';
import {
  formatCount,
  formatDay,
  formatMetric,
  formatMoney,
  formatShare,
  formatShortDay,
} from '../../ui/format.ts';
import { InfoTip } from '../../ui/info-tip.tsx';
import { callListHref } from '../../ui/links.ts';
import { periodLabel } from '../../ui/period.ts';
import { filteredPeriod } from '../../ui/filtered-period.ts';
import { Panel, type CorpusContext } from '../../ui/screen-parts.tsx';
import type { UrlFilters } from '../../ui/use-url-filters.ts';
import { GatedScreen } from './parts/gated-screen.tsx';
import './usage-cost.css';

const FILTERS = ['from', 'to', 'vendor'] as const;

export default function UsageCost() {
  return (
    <GatedScreen params={FILTERS}>
      {(ctx, url) => <UsageBody context={ctx} url={url} />}
    </GatedScreen>
  );
}

function UsageBody({ context, url }: { context: CorpusContext; url: UrlFilters }) {
  const { period, filters, bar } = filteredPeriod(url, context);
  const usage = useQuery(
    (s) =>
      s.usageCost({
        from: period.from,
        to: period.to,
        ...(filters.vendorId !== undefined ? { vendorId: filters.vendorId } : {}),
      }),
    [filters],
  );
  return (
    <>
      <FilterBar {...bar} fields={['vendor']} />
      <QueryState query={usage} label="usage and cost" isEmpty={() => false}>
        {(result) => <UsageReport result={result} filters={filters} period={period} />}
      </QueryState>
    </>
  );
}

function UsageReport(props: {
  result: UsageCostResult;
  filters: CallFilters;
  period: { from: string; to: string };
}) {
  const { result, filters } = props;
  const { totals, currency } = result;
  const money = (v: number) => formatMoney(v, currency);
  const used = totals.budget > 0 ? totals.cost / totals.budget : null;
  return (
    <>
      <p className="an-period">
        <span>{periodLabel(props.period)}</span>
        <span className="muted">
          {' '}
          ·{' '}
          <HrefLink href={callListHref(filters)} value={totals.calls} testId="usage-calls">
            {formatCount(totals.calls)} calls
          </HrefLink>{' '}
          recorded
        </span>
      </p>
      <dl className="uc-stats" data-testid="usage-totals">
        <Stat label="Analysed calls" value={formatCount(totals.analysedCalls)} />
        <Stat label="Audio minutes" value={formatCount(Math.round(totals.audioMinutes))} />
        <Stat label="Speech-to-text minutes" value={formatCount(Math.round(totals.asrMinutes))} />
        <Stat label="Storage added" value={`${totals.storageGb.toFixed(2)} GB`} />
        <Stat
          label="Cost"
          value={money(totals.cost)}
          note={
            used === null ? undefined : `${formatShare(used)} of the ${money(totals.budget)} budget`
          }
          testId="usage-cost"
          data={totals.cost}
        />
        <Stat
          label="Cost per analysed call"
          value={formatMetric('costPerAnalysedCall', totals.costPerAnalysedCall, currency)}
          testId="usage-cost-per-call"
          data={totals.costPerAnalysedCall}
          help="(Speech-to-text + analysis + storage cost) / analysed calls; the same figure as the Vendors and Dashboard for this period and vendor."
        />
      </dl>
      <MonthPanel month={result.month} currency={currency} />
      <Panel
        title="Cost per day against the budget"
        subtitle="Bars are each day's analysis cost; the line is the share of the day's budget it used (the monthly cap spread over the month's days and, with a vendor chosen, over the vendors). Select a bar to list the day's analysed calls."
      >
        <CostChart days={result.days} filters={filters} currency={currency} />
      </Panel>
      <Panel
        title="Per vendor"
        subtitle="Select a number of calls to list them."
        testId="usage-vendors"
      >
        <VendorTable
          vendors={result.vendors}
          filters={filters}
          currency={currency}
          totals={totals}
        />
      </Panel>
      <Panel title="Per day" testId="usage-days">
        <DayTable days={result.days} filters={filters} currency={currency} />
      </Panel>
    </>
  );
}

function Stat(props: {
  label: string;
  value: string;
  note?: string;
  help?: string;
  testId?: string;
  data?: number | null;
}) {
  return (
    <div className="uc-stat">
      <dt>
        {props.label}
        {props.help && <InfoTip label={`About ${props.label}`}>{props.help}</InfoTip>}
      </dt>
      <dd data-testid={props.testId} data-value={props.data ?? undefined}>
        {props.value}
      </dd>
      {props.note && <dd className="uc-stat__note">{props.note}</dd>}
    </div>
  );
}

const ALERT_WORDS = {
  fired: 'Fired',
  'will-fire': 'Would fire',
  'not-expected': 'Not expected this month',
} as const;
const ALERT_TONE = { fired: 'bad', 'will-fire': 'warn', 'not-expected': 'good' } as const;

function MonthPanel({ month, currency }: { month: MonthProjection; currency: string }) {
  const money = (v: number) => formatMoney(v, currency);
  const monthName = new Date(`${month.month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const spentShare = month.cap > 0 ? month.spentToDate / month.cap : null;
  const projectedShare = month.cap > 0 ? month.projected / month.cap : null;
  const pct = (v: number | null) => `${Math.min(100, Math.max(0, (v ?? 0) * 100))}%`;
  return (
    <Panel
      title={`${monthName} against the monthly cap`}
      subtitle={`As of ${formatDay(month.asOf)} (day ${month.daysElapsed} of ${month.daysInMonth}), every vendor: the cap covers the whole organisation. Projected month end = spent so far + average daily spend so far x days left.`}
      actions={<AppLink route="cost-control-settings">Cost-control settings</AppLink>}
      testId="usage-month"
    >
      <dl className="uc-stats">
        <Stat
          label="Spent so far"
          value={money(month.spentToDate)}
          note={spentShare === null ? 'No cap set' : `${formatShare(spentShare)} of the cap`}
          testId="month-spent"
          data={month.spentToDate}
        />
        <Stat label="Average per day" value={money(month.dailyRunRate)} />
        <Stat
          label="Projected month end"
          value={money(month.projected)}
          note={projectedShare === null ? undefined : `${formatShare(projectedShare)} of the cap`}
          testId="month-projected"
          data={month.projected}
        />
        <Stat label="Monthly cap" value={money(month.cap)} testId="month-cap" data={month.cap} />
      </dl>
      <div className="uc-burn" aria-hidden="true">
        <span className="uc-burn__projected" style={{ width: pct(projectedShare) }} />
        <span className="uc-burn__spent" style={{ width: pct(spentShare) }} />
        {month.alerts.map((a) => (
          <span
            key={a.share}
            className="uc-burn__mark"
            style={{ left: pct(month.cap > 0 ? a.threshold / month.cap : null) }}
          />
        ))}
      </div>
      <h3 className="uc-subhead">Budget alerts</h3>
      {month.alerts.length === 0 ? (
        <p className="muted">No alert thresholds are set in the cost-control settings.</p>
      ) : (
        <ul className="uc-alerts" data-testid="budget-alerts">
          {month.alerts.map((a) => (
            <li key={a.share} data-status={a.status}>
              <span className="an-chip" data-tone={ALERT_TONE[a.status]}>
                {ALERT_WORDS[a.status]}
              </span>{' '}
              at {formatShare(a.share, 0)} of the cap ({money(a.threshold)})
              {a.day &&
                (a.status === 'fired'
                  ? ` on ${formatDay(a.day)}`
                  : ` around ${formatDay(a.day)} at this pace`)}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function CostChart(props: { days: UsageDay[]; filters: CallFilters; currency: string }) {
  const { days, currency } = props;
  const money = (v: number) => formatMoney(v, currency);
  const shareOf = (d: UsageDay) => (d.budget > 0 ? d.cost / d.budget : null);
  const shares = days.map(shareOf).filter((v): v is number => v !== null);
  const over = shares.filter((v) => v > 1).length;
  const total = days.reduce((n, d) => n + d.cost, 0);
  const summary =
    days.length === 0
      ? 'No days in this period.'
      : `${money(total)} over ${days.length} days; ${
          over === 0
            ? 'no day went over its budget'
            : `${over} ${over === 1 ? 'day' : 'days'} went over budget`
        }${shares.length > 0 ? ` (the most was ${formatShare(Math.max(...shares))} of a day's budget).` : '.'}`;
  return (
    <TimeChart
      title="Analysis cost per day and its share of the day's budget"
      points={days.map((d) => {
        const from = `${d.day}T00:00:00.000Z`;
        const to = new Date(Date.parse(from) + 86_400_000).toISOString();
        return {
          start: from,
          volume: d.cost,
          line: shareOf(d),
          href: callListHref({ ...props.filters, from, to, status: 'analysed' }),
        };
      })}
      volumeLabel="Cost"
      lineLabel="Share of the day's budget"
      formatVolume={money}
      formatLine={(v) => (v === null ? '–' : formatShare(v, 0))}
      formatBucket={formatShortDay}
      formatBucketLong={formatDay}
      lineTicks={niceTicks(0, Math.max(1, ...shares), 4)}
      summary={summary}
    />
  );
}

type VendorRow = UsageVendor & { total?: boolean };

function VendorTable(props: {
  vendors: UsageVendor[];
  filters: CallFilters;
  currency: string;
  totals: UsageCostResult['totals'];
}) {
  const { filters, currency } = props;
  const [sort, setSort] = useState<TableSort>({ column: 'cost', direction: 'desc' });
  const sorted = useMemo(
    () =>
      sortRows(
        props.vendors,
        (r) =>
          sort.column === 'vendor' ? r.vendorName : (r[sort.column as keyof UsageVendor] as number),
        sort.direction,
      ),
    [props.vendors, sort],
  );
  const columns = figureColumns<VendorRow>(
    currency,
    (r) => (r.total ? filters : { ...filters, vendorId: r.vendorId }),
    true,
  );
  columns.unshift({
    id: 'vendor',
    label: 'Vendor',
    rowHeader: true,
    sortable: true,
    firstSort: 'asc',
    cell: (r) => r.vendorName,
  });
  columns.push({
    id: 'costPerAnalysedCall',
    label: 'Cost\u00a0/\u00a0call',
    metric: 'costPerAnalysedCall',
    sortable: true,
    firstSort: 'asc',
    align: 'end',
    cell: (r) => formatMetric('costPerAnalysedCall', r.costPerAnalysedCall, currency),
  });
  const footer: VendorRow = {
    ...props.totals,
    vendorId: 'total',
    vendorName: 'All vendors',
    total: true,
  };
  return (
    <DataTable
      caption="Usage and cost per vendor"
      captionHidden
      columns={columns}
      rowCount={sorted.length}
      row={(i) => sorted[i]}
      rowKey={(r) => r.vendorId}
      footer={[footer]}
      sort={sort}
      onSort={(column) => setSort((s) => nextSort(s, column))}
      testId="usage-vendor-table"
    />
  );
}

function DayTable(props: { days: UsageDay[]; filters: CallFilters; currency: string }) {
  const columns = figureColumns<UsageDay>(props.currency, (d) => {
    const from = `${d.day}T00:00:00.000Z`;
    return { ...props.filters, from, to: new Date(Date.parse(from) + 86_400_000).toISOString() };
  });
  columns.unshift({ id: 'day', label: 'Day', rowHeader: true, cell: (d) => formatDay(d.day) });
  const rows = [...props.days].reverse();
  return (
    <DataTable
      caption="Usage and cost per day, newest first"
      captionHidden
      columns={columns}
      rowCount={rows.length}
      row={(i) => rows[i]}
      rowKey={(d) => d.day}
      maxHeight={420}
      testId="usage-day-table"
    />
  );
}

/** The usage figures as columns; `callsOf` gives the filters of a row's calls. */
function figureColumns<T extends UsageDay | VendorRow>(
  currency: string,
  callsOf: (row: T) => CallFilters,
  sortable = false,
): Column<T>[] {
  const money = (v: number) => formatMoney(v, currency);
  const num = (id: keyof UsageDay, label: string, text: (row: T) => string, help?: string) => ({
    id,
    label,
    help,
    sortable,
    align: 'end' as const,
    cell: text,
  });
  return [
    {
      id: 'calls',
      label: 'Calls',
      sortable,
      align: 'end',
      cell: (r) => (
        <HrefLink
          href={callListHref(callsOf(r))}
          value={r.calls}
          testId={'total' in r && r.total ? 'usage-vendor-calls-total' : 'usage-row-calls'}
        >
          {formatCount(r.calls)}
        </HrefLink>
      ),
    },
    num('analysedCalls', 'Analysed', (r) => formatCount(r.analysedCalls)),
    num('audioMinutes', 'Audio min', (r) => formatCount(Math.round(r.audioMinutes))),
    num(
      'asrMinutes',
      'Speech-to-text min',
      (r) => formatCount(Math.round(r.asrMinutes)),
      'Minutes of audio sent to speech-to-text (analysed calls).',
    ),
    num(
      'storageGb',
      'Storage GB',
      (r) => r.storageGb.toFixed(2),
      'Audio stored, at 64 kbit/s mono (0.48 MB a minute).',
    ),
    num('cost', 'Cost', (r) => money(r.cost)),
    num(
      'budget',
      'Budget',
      (r) => money(r.budget),
      'The share of the monthly cap for these days (cap / days of the month / vendors).',
    ),
    {
      id: 'used',
      label: 'Of budget',
      align: 'end',
      cell: (r) => (r.budget > 0 ? formatShare(r.cost / r.budget) : '–'),
    },
  ];
}
