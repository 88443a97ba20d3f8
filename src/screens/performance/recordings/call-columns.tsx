/**
 * The columns of the call list: which exist, which show by default, and how each cell reads.
 * Every column is a field of CallRow, so every column sorts on the data source.
 */
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import type { CallRow, CallSortField } from '../../../data/index.ts';
import type { Column } from '../../../ui/data-table.tsx';
import {
  NO_VALUE,
  formatClock,
  formatDateTime,
  formatMetric,
  formatSentiment,
  formatShare,
} from '../../../ui/format.ts';
import { callHref } from '../../../ui/links.ts';
import './call-columns.css';

export type CallColumn = Column<CallRow> & { id: CallSortField; optional?: boolean };

/** A sentiment score with the call's trend (end quarter minus start quarter) as an arrow. */
export function SentimentCell({ score, trend }: { score: number | null; trend: number | null }) {
  if (score === null) return <span className="muted">{NO_VALUE}</span>;
  const tone = score <= -1 ? 'bad' : score >= 1 ? 'good' : undefined;
  const arrow = trend === null ? '' : trend > 0.5 ? '↗' : trend < -0.5 ? '↘' : '→';
  const words =
    trend === null
      ? ''
      : trend > 0.5
        ? `, improving by ${trend.toFixed(1)}`
        : trend < -0.5
          ? `, worsening by ${Math.abs(trend).toFixed(1)}`
          : ', steady';
  return (
    <span className="an-sentiment" data-tone={tone}>
      {formatSentiment(score)}
      {arrow && (
        <span className="an-sentiment__trend" aria-hidden="true">
          {' '}
          {arrow}
        </span>
      )}
      <span className="sr-only">{words}</span>
    </span>
  );
}

const STATUS_TONE: Record<CallRow['status'], 'good' | 'warn' | 'bad' | 'accent'> = {
  analysed: 'good',
  queued: 'accent',
  transcribing: 'warn',
  failed: 'bad',
  excluded: 'accent',
};

const yesNo = (value: boolean | null, yes = 'Yes', no = 'No') =>
  value === null ? <span className="muted">{NO_VALUE}</span> : value ? yes : no;

export const CALL_COLUMNS: CallColumn[] = [
  {
    id: 'startedAt',
    label: 'Time (UTC)',
    rowHeader: true,
    sortable: true,
    cell: (r) => (
      <Link href={callHref(r.id)} data-testid="call-link">
        {formatDateTime(r.startedAt)}
        <span className="sr-only"> {r.id}</span>
      </Link>
    ),
  },
  { id: 'agentName', label: 'Agent', sortable: true, firstSort: 'asc', cell: (r) => r.agentName },
  {
    id: 'customerName',
    label: 'Customer',
    sortable: true,
    firstSort: 'asc',
    cell: (r) => r.customerName,
  },
  { id: 'queue', label: 'Queue', sortable: true, firstSort: 'asc', cell: (r) => r.queue },
  {
    id: 'durationMs',
    label: 'Duration',
    help: 'Length of the recording (IVR and conversation, hold excluded).',
    sortable: true,
    align: 'end',
    cell: (r) => formatClock(r.durationMs),
  },
  {
    id: 'customerSentiment',
    label: 'Sentiment',
    metric: 'customerSentiment',
    sortable: true,
    align: 'end',
    cell: (r) => <SentimentCell score={r.customerSentiment} trend={r.sentimentTrend} />,
  },
  {
    id: 'topic',
    label: 'Topic',
    sortable: true,
    firstSort: 'asc',
    cell: (r) => r.topic ?? NO_VALUE,
  },
  {
    id: 'resolved',
    label: 'Resolved',
    help: 'Whether the customer’s issue was resolved by the end of the call, from its disposition.',
    sortable: true,
    cell: (r) => yesNo(r.resolved),
  },
  {
    id: 'summary',
    label: 'Summary',
    sortable: true,
    firstSort: 'asc',
    cell: (r) =>
      r.summary ? (
        <span className="an-truncate" title={r.summary}>
          {r.summary}
        </span>
      ) : (
        NO_VALUE
      ),
  },
  {
    id: 'status',
    label: 'Status',
    help: 'Where the call is in the pipeline: queued, transcribing, analysed, failed, or excluded by cost control (sampling or duration limits). Only analysed calls have scores.',
    sortable: true,
    firstSort: 'asc',
    cell: (r) => (
      <span className="an-chip" data-tone={STATUS_TONE[r.status]}>
        {r.status}
      </span>
    ),
  },
  // Optional columns, off by default.
  {
    id: 'vendorName',
    label: 'Vendor',
    optional: true,
    sortable: true,
    firstSort: 'asc',
    cell: (r) => r.vendorName,
  },
  {
    id: 'team',
    label: 'Team',
    optional: true,
    sortable: true,
    firstSort: 'asc',
    cell: (r) => r.team,
  },
  {
    id: 'brand',
    label: 'Brand',
    optional: true,
    sortable: true,
    firstSort: 'asc',
    cell: (r) => r.brand,
  },
  {
    id: 'direction',
    label: 'Direction',
    optional: true,
    sortable: true,
    firstSort: 'asc',
    cell: (r) => r.direction,
  },
  {
    id: 'dispositionLabel',
    label: 'Disposition',
    optional: true,
    sortable: true,
    firstSort: 'asc',
    cell: (r) => r.dispositionLabel,
  },
  {
    id: 'handleTimeMs',
    label: 'Handle time',
    metric: 'ahtMs',
    optional: true,
    sortable: true,
    align: 'end',
    cell: (r) => formatClock(r.handleTimeMs),
  },
  {
    id: 'qaScore',
    label: 'QA',
    metric: 'qaScore',
    optional: true,
    sortable: true,
    align: 'end',
    cell: (r) => formatMetric('qaScore', r.qaScore),
  },
  {
    id: 'complianceScore',
    label: 'Compliance',
    metric: 'complianceScore',
    optional: true,
    sortable: true,
    align: 'end',
    cell: (r) =>
      r.compliant === false ? (
        <span className="an-chip" data-tone="bad">
          {formatMetric('complianceScore', r.complianceScore)}
        </span>
      ) : (
        formatMetric('complianceScore', r.complianceScore)
      ),
  },
  {
    id: 'churnRisk',
    label: 'Churn risk',
    metric: 'churnRiskCalls',
    optional: true,
    sortable: true,
    cell: (r) =>
      r.churnRisk ? (
        <span
          className="an-chip"
          data-tone={r.churnRisk === 'high' ? 'bad' : r.churnRisk === 'medium' ? 'warn' : undefined}
        >
          {r.churnRisk}
        </span>
      ) : (
        NO_VALUE
      ),
  },
  {
    id: 'fakeCallScore',
    label: 'Fake score',
    metric: 'fakeCalls',
    optional: true,
    sortable: true,
    align: 'end',
    cell: (r) =>
      r.fakeCallScore === null ? (
        NO_VALUE
      ) : r.fakeCall ? (
        <span className="an-chip" data-tone="bad">
          {formatShare(r.fakeCallScore, 0)}
        </span>
      ) : (
        formatShare(r.fakeCallScore, 0)
      ),
  },
  {
    id: 'silenceShare',
    label: 'Silence %',
    metric: 'silenceShare',
    optional: true,
    sortable: true,
    align: 'end',
    cell: (r) => formatMetric('silenceShare', r.silenceShare),
  },
  {
    id: 'interruptions',
    label: 'Interruptions',
    metric: 'interruptionsPerCall',
    optional: true,
    sortable: true,
    align: 'end',
    cell: (r) => (r.interruptions === null ? NO_VALUE : String(r.interruptions)),
  },
];

export const DEFAULT_COLUMN_IDS: readonly CallSortField[] = CALL_COLUMNS.filter(
  (c) => !c.optional,
).map((c) => c.id);

export const SORT_FIELDS = new Set<string>(CALL_COLUMNS.map((c) => c.id));
