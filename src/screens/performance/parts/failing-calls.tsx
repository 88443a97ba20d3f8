/**
 * Non-compliant calls (`/performance/agents?compliant=false`): every call with a failed critical
 * rule, its failed rules (most severe first), the evidence and its time, and a link that opens
 * the call at that moment. Read page by page as it scrolls.
 */
import { useState } from 'react';
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import { QueryState, type CallFilters, type ComplianceFailureRow } from '../../../data/index.ts';
import { SeverityChip } from '../../../ui/call/severity-chip.tsx';
import { DataTable, type Column, type TableSort, nextSort } from '../../../ui/data-table.tsx';
import { formatClock, formatCount, formatDateTime, formatMetric } from '../../../ui/format.ts';
import { callHref } from '../../../ui/links.ts';
import { Panel } from '../../../ui/screen-parts.tsx';
import { usePagedRows } from '../../../ui/use-paged-rows.ts';

type SortField = 'startedAt' | 'agentName' | 'vendorName' | 'complianceScore';

export function FailingCalls(props: { filters: CallFilters; scope: string }) {
  const [sort, setSort] = useState<TableSort>({ column: 'startedAt', direction: 'desc' });
  const filters: CallFilters = { ...props.filters, compliant: false };
  const list = usePagedRows(
    (s, offset, limit) =>
      s.complianceFailures({
        filters,
        offset,
        limit,
        sort: { field: sort.column as SortField, direction: sort.direction },
      }),
    [filters, sort.column, sort.direction],
  );

  const columns: Column<ComplianceFailureRow>[] = [
    {
      id: 'startedAt',
      label: 'Call',
      rowHeader: true,
      sortable: true,
      cell: (r) => (
        <Link href={callHref(r.callId)}>
          {formatDateTime(r.startedAt)}
          <span className="an-cell-sub">{r.callId}</span>
        </Link>
      ),
    },
    {
      id: 'agentName',
      label: 'Agent',
      sortable: true,
      firstSort: 'asc',
      cell: (r) => (
        <>
          {r.agentName}
          <span className="an-cell-sub">{r.vendorName}</span>
        </>
      ),
    },
    {
      id: 'rule',
      label: 'Rule failed',
      help: 'The most severe rule the call failed; the count says how many more failed.',
      cell: (r) => {
        const first = r.failures[0];
        if (!first) return '–';
        return (
          <span data-testid="failed-rule">
            {first.ruleName}
            {r.failures.length > 1 && (
              <span
                className="an-cell-sub"
                title={r.failures
                  .slice(1)
                  .map((f) => f.ruleName)
                  .join(', ')}
              >
                +{r.failures.length - 1} more:{' '}
                {r.failures
                  .slice(1)
                  .map((f) => f.ruleName)
                  .join(', ')}
              </span>
            )}
          </span>
        );
      },
    },
    {
      id: 'severity',
      label: 'Severity',
      cell: (r) => (r.failures[0] ? <SeverityChip severity={r.failures[0].severity} /> : '–'),
    },
    {
      id: 'evidence',
      label: 'Evidence',
      help: 'Where in the call the failure shows. A rule that failed because something was never said has no single moment; its link opens the call at the start.',
      cell: (r) => {
        const evidence = r.failures[0]?.evidence;
        return evidence ? (
          <span className="an-truncate">
            <b>{formatClock(evidence.beginMs)}</b> “{evidence.text}”
          </span>
        ) : (
          <span className="muted">Not said in the call</span>
        );
      },
    },
    {
      id: 'complianceScore',
      label: 'Score',
      metric: 'complianceScore',
      sortable: true,
      firstSort: 'asc',
      align: 'end',
      cell: (r) => formatMetric('complianceScore', r.complianceScore),
    },
    {
      id: 'play',
      label: 'Open',
      hideLabel: true,
      cell: (r) => {
        const evidence = r.failures[0]?.evidence;
        return (
          <Link
            className="an-button an-button--small"
            href={callHref(r.callId, evidence?.beginMs)}
            data-testid="play-evidence"
          >
            <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
              <path d="M3 1.5v9l7-4.5z" fill="currentColor" />
            </svg>
            {evidence ? `Play at ${formatClock(evidence.beginMs)}` : 'Open call'}
            <span className="sr-only"> {r.callId}</span>
          </Link>
        );
      },
    },
  ];

  return (
    <Panel
      title="Non-compliant calls"
      subtitle={`${props.scope}. Calls where a critical compliance rule failed, with every rule they failed.`}
      testId="failing-calls"
    >
      <QueryState
        query={list.first}
        label="non-compliant calls"
        empty="No call failed a critical rule in this selection."
      >
        {(page) => (
          <>
            <p className="an-table-meta">
              <span>
                <strong data-testid="failing-total" data-value={page.total}>
                  {formatCount(page.total)}
                </strong>{' '}
                non-compliant calls · times in UTC
              </span>
            </p>
            <DataTable
              caption="Non-compliant calls"
              captionHidden
              columns={columns}
              rowCount={list.total}
              row={list.row}
              rowKey={(r) => r.callId}
              rowHeight={52}
              sort={sort}
              onSort={(column) => setSort((s) => nextSort(s, column))}
              onVisibleRange={list.want}
              testId="failing-table"
            />
          </>
        )}
      </QueryState>
      <QueryState query={list.more} label="more non-compliant calls">
        {() => null}
      </QueryState>
    </Panel>
  );
}
