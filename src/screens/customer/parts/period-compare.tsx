/**
 * Two periods side by side: the KPIs and each topic's or category's calls and share in both,
 * every count drilling to its list. Period B is chosen in the address (compareFrom, compareTo).
 */
import { useEffect, useState } from 'react';
import {
  QueryState,
  metricDefinitions,
  useQuery,
  type AggregateRow,
  type CallFilters,
  type KpiKey,
} from '../../../data/index.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import { formatCount, formatMetric, formatShare } from '../../../ui/format.ts';
import { callListHref } from '../../../ui/links.ts';
import { periodLabel, type Period } from '../../../ui/period.ts';
import { inclusiveDays } from '../../../ui/url-filters.ts';
import { Change } from './change.tsx';
import { SortedTable } from './sorted-table.tsx';
import type { TrendView } from './trend-table.tsx';

const KPIS: KpiKey[] = [
  'analysedCalls',
  'customerSentiment',
  'negativeCalls',
  'churnRiskRate',
  'fakeCallRate',
  'complianceRate',
];

interface CompareRow {
  key: string;
  label: string;
  a: AggregateRow | undefined;
  b: AggregateRow | undefined;
  shareA: number;
  shareB: number;
}

export function PeriodCompare(props: {
  filters: CallFilters;
  a: Period;
  b: Period;
  view: TrendView;
  onChangeB: (days: { from: string; to: string }) => void;
}) {
  const { filters, a, b, view } = props;
  const key = JSON.stringify([filters, a, b, view]);
  const data = useQuery(
    async (s) => {
      const analysed = { ...filters, status: 'analysed' as const };
      const fa = { ...analysed, ...a };
      const fb = { ...analysed, ...b };
      const [ka, kb, ga, gb] = await Promise.all([
        s.kpis({ filters: fa }),
        s.kpis({ filters: fb }),
        s.aggregate({ filters: fa, by: view }),
        s.aggregate({ filters: fb, by: view }),
      ]);
      const keys = [...new Set([...ga.rows, ...gb.rows].map((r) => r.key))];
      const rows = keys.map((k): CompareRow => {
        const ra = ga.rows.find((r) => r.key === k);
        const rb = gb.rows.find((r) => r.key === k);
        return {
          key: k,
          label: (ra ?? rb)!.label,
          a: ra,
          b: rb,
          shareA: ga.total.analysedCalls
            ? (ra?.metrics.analysedCalls ?? 0) / ga.total.analysedCalls
            : 0,
          shareB: gb.total.analysedCalls
            ? (rb?.metrics.analysedCalls ?? 0) / gb.total.analysedCalls
            : 0,
        };
      });
      return { a: ka.current, b: kb.current, rows, fa, fb };
    },
    [key],
  );
  return (
    <>
      <PeriodBPicker b={b} onChange={props.onChangeB} />
      <QueryState query={data} label="the comparison" isEmpty={() => false}>
        {(d) => (
          <>
            <div className="an-table-scroll">
              <table className="an-table cx-simple" data-testid="compare-kpis">
                <caption className="sr-only">KPIs in the two periods</caption>
                <thead>
                  <tr>
                    <th scope="col">KPI</th>
                    <th scope="col" className="cx-num">
                      A: {periodLabel(a)}
                    </th>
                    <th scope="col" className="cx-num">
                      B: {periodLabel(b)}
                    </th>
                    <th scope="col" className="cx-num">
                      A vs B
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {KPIS.map((k) => (
                    <tr key={k}>
                      <th scope="row">{metricDefinitions[k].label}</th>
                      <td className="cx-num">{formatMetric(k, d.a[k])}</td>
                      <td className="cx-num">{formatMetric(k, d.b[k])}</td>
                      <td className="cx-num">
                        <Change metric={k} value={d.a[k]} previous={d.b[k]} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <SortedTable
              caption={`${view === 'topic' ? 'Topics' : 'Categories'} in period A against period B`}
              captionHidden
              columns={columns(view, d.fa, d.fb)}
              rows={d.rows}
              rowKey={(r) => r.key}
              sortValue={(r, column) =>
                column === 'name'
                  ? r.label
                  : column === 'b'
                    ? (r.b?.metrics.analysedCalls ?? 0)
                    : column === 'change'
                      ? r.shareA - r.shareB
                      : (r.a?.metrics.analysedCalls ?? 0)
              }
              initialSort={{ column: 'a', direction: 'desc' }}
              testId="compare-table"
            />
          </>
        )}
      </QueryState>
    </>
  );
}

function columns(view: TrendView, fa: CallFilters, fb: CallFilters): Column<CompareRow>[] {
  /** One period's calls of the row (drilling to them) and its share of that period's calls. */
  const side = (
    id: 'a' | 'b',
    row: (r: CompareRow) => AggregateRow | undefined,
    share: (r: CompareRow) => number,
    base: CallFilters,
  ): Column<CompareRow> => ({
    id,
    label: `Calls in ${id.toUpperCase()}`,
    sortable: true,
    align: 'end',
    cell: (r) => (
      <span>
        <Link
          href={callListHref({ ...base, [view]: r.key })}
          data-testid={`compare-${id}`}
          data-value={row(r)?.metrics.analysedCalls ?? 0}
        >
          {formatCount(row(r)?.metrics.analysedCalls ?? 0)}
        </Link>
        <span className="an-cell-sub">{formatShare(share(r))} of calls</span>
      </span>
    ),
  });
  return [
    {
      id: 'name',
      label: view === 'topic' ? 'Topic' : 'Category',
      rowHeader: true,
      sortable: true,
      firstSort: 'asc',
      cell: (r) => r.label,
    },
    side(
      'a',
      (r) => r.a,
      (r) => r.shareA,
      fa,
    ),
    side(
      'b',
      (r) => r.b,
      (r) => r.shareB,
      fb,
    ),
    {
      id: 'change',
      label: 'Share A vs B',
      help: 'Share of calls in A minus share in B, in percentage points.',
      sortable: true,
      align: 'end',
      cell: (r) => {
        const pp = Math.round((r.shareA - r.shareB) * 1000) / 10;
        return (
          <span className="cx-tone" data-tone={pp > 0 ? 'accent' : 'neutral'}>
            {pp > 0 ? '+' : pp < 0 ? '−' : '±'}
            {Math.abs(pp).toFixed(1)} pp
          </span>
        );
      },
    },
  ];
}

/** Period B's first and last day; applied when both are valid days in order. */
function PeriodBPicker({
  b,
  onChange,
}: {
  b: Period;
  onChange: (d: { from: string; to: string }) => void;
}) {
  const days = inclusiveDays(b);
  const [from, setFrom] = useState(days.from);
  const [to, setTo] = useState(days.to);
  useEffect(() => {
    setFrom(days.from);
    setTo(days.to);
  }, [days.from, days.to]);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  return (
    <form
      className="cx-compare"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onChange({ from, to });
      }}
    >
      <div className="an-field an-field--date">
        <label htmlFor="compare-from">Period B from</label>
        <input
          id="compare-from"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="an-field an-field--date">
        <label htmlFor="compare-to">to</label>
        <input id="compare-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <button type="submit" className="an-button an-button--small" disabled={!valid}>
        Compare
      </button>
      {!valid && (
        <p className="an-search__problem" role="alert">
          Choose a first day on or before the last day.
        </p>
      )}
    </form>
  );
}
