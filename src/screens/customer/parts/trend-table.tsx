/**
 * Topics or categories over time: each with its share of calls per bucket (sparkline), its
 * calls in the period and in the latest bucket (both drill to the list), and its emerging or
 * declining flag with the z-score the rule computed.
 */
import type { CallFilters, TopicTrendSeries, TopicTrends } from '../../../data/index.ts';
import { Sparkline } from '../../../ui/charts/sparkline.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import { formatCount, formatShare } from '../../../ui/format.ts';
import { callListHref } from '../../../ui/links.ts';
import { SortedTable } from './sorted-table.tsx';

export type TrendView = 'topic' | 'category';

interface TrendRow {
  series: TopicTrendSeries;
  total: number;
  last: number;
  lastShare: number | null;
  shares: (number | null)[];
}

export function TrendTable(props: {
  trends: TopicTrends;
  view: TrendView;
  filters: CallFilters;
  bucketLabel: (iso: string) => string;
}) {
  const { trends, view, filters } = props;
  const analysed = trends.buckets.map((b) => b.metrics.analysedCalls);
  const lastBucket = trends.buckets[trends.buckets.length - 1];
  const rows: TrendRow[] = (view === 'topic' ? trends.topics : trends.categories).map((series) => {
    const last = series.calls[series.calls.length - 1] ?? 0;
    const lastAnalysed = analysed[analysed.length - 1] ?? 0;
    return {
      series,
      total: series.calls.reduce((a, b) => a + b, 0),
      last,
      lastShare: lastAnalysed > 0 ? last / lastAnalysed : null,
      shares: series.calls.map((n, b) => (analysed[b]! > 0 ? n / analysed[b]! : null)),
    };
  });
  const narrow = (row: TrendRow): CallFilters => ({ ...filters, [view]: row.series.key });
  const columns: Column<TrendRow>[] = [
    {
      id: 'name',
      label: view === 'topic' ? 'Topic' : 'Category',
      rowHeader: true,
      sortable: true,
      firstSort: 'asc',
      cell: (r) => r.series.label,
    },
    {
      id: 'trend',
      label: 'Share of calls over time',
      cell: (r) => (
        <Sparkline
          values={r.shares}
          width={120}
          height={28}
          label={sparkWords(r, props.bucketLabel, trends)}
        />
      ),
    },
    {
      id: 'total',
      label: 'Calls',
      help: 'Analysed calls in the whole period.',
      sortable: true,
      align: 'end',
      cell: (r) => (
        <Link href={callListHref(narrow(r))} data-testid="trend-calls" data-value={r.total}>
          {formatCount(r.total)}
        </Link>
      ),
    },
    {
      id: 'last',
      label: 'Latest bucket',
      help: lastBucket ? `Calls from ${props.bucketLabel(lastBucket.start)}.` : undefined,
      sortable: true,
      align: 'end',
      cell: (r) =>
        lastBucket ? (
          <Link
            href={callListHref({ ...narrow(r), from: lastBucket.start, to: lastBucket.end })}
            data-value={r.last}
          >
            {formatCount(r.last)}
            <span className="an-cell-sub">
              {r.lastShare === null ? '–' : formatShare(r.lastShare)} of calls
            </span>
          </Link>
        ) : (
          '–'
        ),
    },
    {
      id: 'flag',
      label: 'Trend',
      help: 'Emerging or declining by the rule under the table; z is how many standard deviations the latest share is from its history.',
      sortable: true,
      cell: (r) => <FlagChip series={r.series} />,
    },
  ];
  return (
    <SortedTable
      caption={`${view === 'topic' ? 'Topics' : 'Categories'} over time with their trend flags`}
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={(r) => r.series.key}
      rowHeight={52}
      sortValue={(r, column) =>
        column === 'name'
          ? r.series.label
          : column === 'last'
            ? r.last
            : column === 'flag'
              ? Math.abs(r.series.flag.z ?? 0)
              : r.total
      }
      initialSort={{ column: 'total', direction: 'desc' }}
      testId="trend-table"
    />
  );
}

function FlagChip({ series }: { series: TopicTrendSeries }) {
  const { direction, z } = series.flag;
  const zText = z === null ? 'not enough history' : `z ${z > 0 ? '+' : ''}${z.toFixed(1)}`;
  if (!direction) return <span className="muted cx-flag">Steady · {zText}</span>;
  return (
    <span
      className="an-chip cx-flag"
      data-tone={direction === 'emerging' ? 'accent' : undefined}
      data-testid="trend-flag"
      data-flag={direction}
    >
      {direction === 'emerging' ? '▲ Emerging' : '▼ Declining'} · {zText}
    </span>
  );
}

function sparkWords(r: TrendRow, label: (iso: string) => string, trends: TopicTrends): string {
  const known = r.shares
    .map((s, b) => ({ s, b }))
    .filter((x): x is { s: number; b: number } => x.s !== null);
  if (known.length < 2) return `${r.series.label}: not enough data for a trend`;
  const first = known[0]!;
  const last = known[known.length - 1]!;
  return `${r.series.label}: ${formatShare(first.s)} of calls in ${label(trends.buckets[first.b]!.start)}, ${formatShare(last.s)} in ${label(trends.buckets[last.b]!.start)}`;
}
