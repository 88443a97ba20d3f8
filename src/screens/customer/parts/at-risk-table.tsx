/** Customers ranked by rolling churn risk, each with its reasons and links to its calls. */
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import type { AtRiskCustomer, ChurnRiskLevel } from '../../../data/index.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { formatCount, formatDateTime } from '../../../ui/format.ts';
import { callHref, callListHref } from '../../../ui/links.ts';
import { CHURN_SIGNAL_NAMES } from './signal-names.ts';
import { SortedTable } from './sorted-table.tsx';

// Medium has no tone of its own: the warn chip is too faint for text on the light theme.
const LEVEL_TONE: Record<ChurnRiskLevel, string | undefined> = {
  high: 'bad',
  medium: undefined,
  low: 'good',
};
const SEGMENT_NAMES: Record<string, string> = {
  consumer: 'Consumer',
  'small-business': 'Small business',
  enterprise: 'Enterprise',
};

export const segmentName = (segment: string) => SEGMENT_NAMES[segment] ?? segment;

export function AtRiskTable({
  rows,
  caption,
}: {
  rows: readonly AtRiskCustomer[];
  caption?: string;
}) {
  return (
    <SortedTable
      caption={caption ?? 'Customers ranked by rolling churn risk'}
      captionHidden
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => r.customerId}
      rowHeight={64}
      sortValue={(r, column) =>
        column === 'customer'
          ? r.name
          : column === 'last'
            ? r.lastContactAt
            : column === 'contacts'
              ? r.contactsIn30Days
              : column === 'calls'
                ? r.calls
                : column === 'segment'
                  ? r.segment
                  : r.score
      }
      initialSort={{ column: 'score', direction: 'desc' }}
      testId="at-risk-table"
    />
  );
}

const COLUMNS: Column<AtRiskCustomer>[] = [
  {
    id: 'customer',
    label: 'Customer',
    rowHeader: true,
    sortable: true,
    firstSort: 'asc',
    cell: (r) => (
      <span>
        {r.name}
        <span className="an-cell-sub">{r.customerId}</span>
      </span>
    ),
  },
  {
    id: 'score',
    label: 'Risk',
    metric: 'churnRiskCalls',
    sortable: true,
    align: 'end',
    cell: (r) => (
      <span>
        <span className="an-chip" data-tone={LEVEL_TONE[r.level]}>
          {r.level}
        </span>
        <span className="an-cell-sub" data-testid="at-risk-score">
          score {r.score.toFixed(2)}
        </span>
      </span>
    ),
  },
  {
    id: 'reasons',
    label: 'Reasons',
    cell: (r) =>
      r.reasons.length === 0 ? (
        <span className="muted">No signal</span>
      ) : (
        <span className="cx-reason-chips">
          {r.reasons.map((s) => (
            <span key={s} className="an-chip an-chip--plain">
              {CHURN_SIGNAL_NAMES[s]}
            </span>
          ))}
        </span>
      ),
  },
  {
    id: 'evidence',
    label: 'Evidence',
    help: 'The call that set the risk score: its transcript shows what the customer said.',
    cell: (r) => <Link href={callHref(r.riskCallId)}>{r.riskCallId}</Link>,
  },
  {
    id: 'last',
    label: 'Last contact',
    sortable: true,
    cell: (r) => formatDateTime(r.lastContactAt),
  },
  {
    id: 'contacts',
    label: 'Contacts in 30 days',
    sortable: true,
    align: 'end',
    cell: (r) => formatCount(r.contactsIn30Days),
  },
  {
    id: 'calls',
    label: 'Calls',
    help: "The customer's calls in this selection.",
    sortable: true,
    align: 'end',
    cell: (r) => (
      <Link href={callListHref(r.filters)} data-testid="at-risk-calls" data-value={r.calls}>
        {formatCount(r.calls)}
      </Link>
    ),
  },
  {
    id: 'segment',
    label: 'Segment',
    sortable: true,
    cell: (r) => segmentName(r.segment),
  },
];
