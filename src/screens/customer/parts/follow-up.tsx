/**
 * What followed high-risk calls, per vendor and per agent: how many customers called again
 * within the repeat window, and whether the next call saved them, lost them, or left it open.
 */
import { FOLLOW_UP_RULE, type ChurnFollowUpRow } from '../../../data/index.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import { formatCount, formatShare } from '../../../ui/format.ts';
import { callListHref } from '../../../ui/links.ts';
import { SortedTable } from './sorted-table.tsx';

export function FollowUpTable(props: {
  rows: readonly ChurnFollowUpRow[];
  total: ChurnFollowUpRow;
  noun: string;
  testId: string;
}) {
  const columns: Column<ChurnFollowUpRow>[] = [
    {
      id: 'name',
      label: props.noun,
      rowHeader: true,
      sortable: true,
      firstSort: 'asc',
      cell: (r) => (r.key === 'total' ? `All ${props.noun.toLowerCase()}s` : r.label),
    },
    {
      id: 'high',
      label: 'High-risk calls',
      sortable: true,
      align: 'end',
      cell: (r) => (
        <Link
          href={callListHref(r.filters)}
          data-testid="follow-up-high"
          data-value={r.highRiskCalls}
        >
          {formatCount(r.highRiskCalls)}
        </Link>
      ),
    },
    {
      id: 'again',
      label: 'Contacted again',
      help: FOLLOW_UP_RULE,
      sortable: true,
      align: 'end',
      cell: (r) => (
        <Link
          href={callListHref({ ...r.filters, followedByRepeat: true })}
          data-testid="follow-up-again"
          data-value={r.contactedAgain}
        >
          {formatCount(r.contactedAgain)}
          <span className="an-cell-sub">
            {formatShare(r.highRiskCalls ? r.contactedAgain / r.highRiskCalls : 0)}
          </span>
        </Link>
      ),
    },
    {
      id: 'saved',
      label: 'Saved',
      sortable: true,
      align: 'end',
      cell: (r) => (
        <span className="cx-tone" data-tone="good">
          {formatCount(r.saved)}
        </span>
      ),
    },
    {
      id: 'churned',
      label: 'Churned',
      sortable: true,
      align: 'end',
      cell: (r) => (
        <span className="cx-tone" data-tone="bad">
          {formatCount(r.churned)}
        </span>
      ),
    },
    {
      id: 'open',
      label: 'Still open',
      sortable: true,
      align: 'end',
      cell: (r) => formatCount(r.open),
    },
    {
      id: 'outcome',
      label: 'Outcome',
      help: 'Saved, churned and still open among the customers contacted again.',
      cell: (r) =>
        r.contactedAgain === 0 ? (
          <span className="muted">–</span>
        ) : (
          <span
            className="cx-outcome"
            role="img"
            aria-label={`${r.saved} saved, ${r.churned} churned, ${r.open} still open`}
          >
            {(['saved', 'churned', 'open'] as const).map((k) => (
              <span
                key={k}
                data-outcome={k}
                style={{ width: `${(r[k] / r.contactedAgain) * 100}%` }}
              />
            ))}
          </span>
        ),
    },
  ];
  const value = (r: ChurnFollowUpRow, column: string) =>
    column === 'name'
      ? r.label
      : column === 'again'
        ? r.contactedAgain
        : column === 'saved'
          ? r.saved
          : column === 'churned'
            ? r.churned
            : column === 'open'
              ? r.open
              : r.highRiskCalls;
  return (
    <SortedTable
      caption={`High-risk calls and what followed, per ${props.noun.toLowerCase()}`}
      captionHidden
      columns={columns}
      rows={props.rows}
      footer={[props.total]}
      rowKey={(r) => r.key}
      sortValue={value}
      initialSort={{ column: 'high', direction: 'desc' }}
      testId={props.testId}
    />
  );
}
