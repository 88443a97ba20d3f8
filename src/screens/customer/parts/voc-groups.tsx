/**
 * What the selection's calls are about, by disposition, topic or category: volume, customer
 * sentiment, and the change of each against the previous period. Every count links to its calls.
 */
import { useState } from 'react';
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import {
  QueryState,
  useQuery,
  type AggregateRow,
  type CallFilters,
  type Dimension,
} from '../../../data/index.ts';
import { formatCount, formatMetric, formatShare } from '../../../ui/format.ts';
import { callListHref } from '../../../ui/links.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { Change } from './change.tsx';
import { SortedTable } from './sorted-table.tsx';

export interface GroupRow {
  key: string;
  label: string;
  now: AggregateRow;
  before: AggregateRow | undefined;
  share: number;
}

const VIEWS = [
  { by: 'disposition', label: 'Disposition' },
  { by: 'topic', label: 'Topic' },
  { by: 'category', label: 'Category' },
] as const;

export function VocGroups(props: {
  filters: CallFilters & { from: string; to: string };
  previous: { from: string; to: string };
  /** Disposition codes when a disposition group is chosen, else the groups. */
  dispositionBy: Extract<Dimension, 'disposition' | 'dispositionGroup'>;
}) {
  const [view, setView] = useState<(typeof VIEWS)[number]['by']>('topic');
  const by: Dimension = view === 'disposition' ? props.dispositionBy : view;
  const key = JSON.stringify([props.filters, props.previous, by]);
  const groups = useQuery(
    async (s) => {
      const analysed = { ...props.filters, status: 'analysed' as const };
      const [now, before] = await Promise.all([
        s.aggregate({ filters: analysed, by }),
        s.aggregate({ filters: { ...analysed, ...props.previous }, by }),
      ]);
      const total = now.total.analysedCalls;
      return now.rows.map((row): GroupRow => ({
        key: row.key,
        label: row.label,
        now: row,
        before: before.rows.find((r) => r.key === row.key),
        share: total > 0 ? row.metrics.analysedCalls / total : 0,
      }));
    },
    [key],
  );
  return (
    <>
      <div className="an-tabs" role="group" aria-label="Group calls by">
        {VIEWS.map((v) => (
          <button
            key={v.by}
            type="button"
            aria-pressed={view === v.by}
            onClick={() => setView(v.by)}
          >
            {v.label}
          </button>
        ))}
      </div>
      <QueryState
        query={groups}
        label="groups"
        isEmpty={(rows) => rows.length === 0}
        empty="No analysed calls in this selection."
      >
        {(rows) => (
          <SortedTable
            caption={`Analysed calls by ${view}, with the change against the previous period`}
            captionHidden
            columns={columns(view)}
            rows={rows}
            rowKey={(r) => r.key}
            sortValue={sortValue}
            initialSort={{ column: 'calls', direction: 'desc' }}
            testId="voc-groups"
          />
        )}
      </QueryState>
    </>
  );
}

function sortValue(r: GroupRow, column: string) {
  if (column === 'group') return r.label;
  if (column === 'sentiment') return r.now.metrics.customerSentiment;
  if (column === 'negative') return r.now.metrics.negativeCalls;
  return r.now.metrics.analysedCalls;
}

function columns(view: string): Column<GroupRow>[] {
  return [
    {
      id: 'group',
      label: view[0]!.toUpperCase() + view.slice(1),
      rowHeader: true,
      sortable: true,
      firstSort: 'asc',
      cell: (r) => r.label,
    },
    {
      id: 'calls',
      label: 'Calls',
      metric: 'analysedCalls',
      sortable: true,
      align: 'end',
      cell: (r) => (
        <Link
          href={callListHref(r.now.filters)}
          data-testid="voc-group-calls"
          data-value={r.now.metrics.analysedCalls}
        >
          {formatCount(r.now.metrics.analysedCalls)}
          <span className="an-cell-sub">{formatShare(r.share)} of calls</span>
        </Link>
      ),
    },
    {
      id: 'callsChange',
      label: 'Calls change',
      help: 'Calls against the previous period of the same length.',
      align: 'end',
      cell: (r) => (
        <Change
          metric="analysedCalls"
          value={r.now.metrics.analysedCalls}
          previous={r.before?.metrics.analysedCalls ?? 0}
        />
      ),
    },
    {
      id: 'sentiment',
      label: 'Sentiment',
      metric: 'customerSentiment',
      sortable: true,
      align: 'end',
      cell: (r) => formatMetric('customerSentiment', r.now.metrics.customerSentiment),
    },
    {
      id: 'sentimentChange',
      label: 'Sentiment change',
      help: 'Customer sentiment against the previous period.',
      align: 'end',
      cell: (r) => (
        <Change
          metric="customerSentiment"
          value={r.now.metrics.customerSentiment}
          previous={r.before?.metrics.customerSentiment ?? null}
        />
      ),
    },
    {
      id: 'negative',
      label: 'Negative',
      metric: 'negativeCalls',
      sortable: true,
      align: 'end',
      cell: (r) => (
        <Link
          href={callListHref({ ...r.now.filters, sentiment: 'negative' })}
          data-value={r.now.metrics.negativeCalls}
        >
          {formatCount(r.now.metrics.negativeCalls)}
        </Link>
      ),
    },
  ];
}
