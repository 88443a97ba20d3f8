/**
 * Groups of calls against their repeat rate: analysed calls, calls followed by a repeat (a link
 * to exactly those calls), repeat %, its difference from the whole selection, FCR and the
 * repeat calls. Used by Repeated Call statistics (by queue, vendor, agent...) and analysis (by
 * the first call's topic, resolution and end sentiment).
 */
import { useMemo, useState } from 'react';
import type { CallFilters, CallKpis, KpiKey } from '../../../data/index.ts';
import {
  DataTable,
  nextSort,
  sortRows,
  type Column,
  type TableSort,
} from '../../../ui/data-table.tsx';
import { formatMetric } from '../../../ui/format.ts';
import { callListHref } from '../../../ui/links.ts';
import { HrefLink } from '../../../ui/href-link.tsx';
import { ppDifference } from './repeat-format.tsx';

export interface RepeatGroup {
  key: string;
  label: string;
  metrics: CallKpis;
  /** The group's calls; null when no call filter can express the group (no drill-down). */
  filters: CallFilters | null;
  total?: boolean;
}

export function RepeatTable(props: {
  caption: string;
  groupLabel: string;
  rows: readonly RepeatGroup[];
  total: RepeatGroup;
  /** Rows start sorted by this column (default: repeat %, highest first). */
  initialSort?: TableSort;
  testId?: string;
}) {
  const [sort, setSort] = useState<TableSort>(
    props.initialSort ?? { column: 'repeatRate', direction: 'desc' },
  );
  const overall = props.total.metrics.repeatRate;
  const columns = useMemo(
    () => repeatColumns(props.groupLabel, overall),
    [props.groupLabel, overall],
  );
  const sorted = useMemo(() => {
    const value = (r: RepeatGroup) =>
      sort.column === 'group'
        ? r.label
        : sort.column === 'difference'
          ? r.metrics.repeatRate === null || overall === null
            ? null
            : r.metrics.repeatRate - overall
          : (r.metrics[sort.column as KpiKey] as number | null);
    return sortRows(props.rows, value, sort.direction);
  }, [props.rows, sort, overall]);
  return (
    <DataTable
      caption={props.caption}
      captionHidden
      columns={columns}
      rowCount={sorted.length}
      row={(i) => sorted[i]}
      rowKey={(r) => r.key}
      footer={[props.total]}
      sort={sort}
      onSort={(column) => setSort((s) => nextSort(s, column))}
      testId={props.testId}
    />
  );
}

function repeatColumns(groupLabel: string, overall: number | null): Column<RepeatGroup>[] {
  const count = (
    metric: 'followedByRepeatCalls' | 'repeatCalls' | 'analysedCalls' | 'repeatPendingCalls',
    label: string,
    drill: CallFilters,
    testId: string,
  ): Column<RepeatGroup> => ({
    id: metric,
    label,
    metric,
    sortable: true,
    align: 'end',
    cell: (r) => {
      const value = r.metrics[metric];
      if (!r.filters) return formatMetric(metric, value);
      return (
        <HrefLink
          href={callListHref({ ...r.filters, ...drill })}
          testId={r.total ? `${testId}-total` : testId}
          value={value}
        >
          {formatMetric(metric, value)}
        </HrefLink>
      );
    },
  });
  return [
    {
      id: 'group',
      label: groupLabel,
      rowHeader: true,
      sortable: true,
      firstSort: 'asc',
      cell: (r) => r.label,
    },
    count('analysedCalls', 'Calls', { status: 'analysed' }, 'group-calls'),
    count(
      'followedByRepeatCalls',
      'Followed by a repeat',
      { followedByRepeat: true },
      'group-followed',
    ),
    {
      id: 'repeatRate',
      label: 'Repeat\u00a0%',
      metric: 'repeatRate',
      sortable: true,
      align: 'end',
      cell: (r) => (
        <span
          data-testid={r.total ? 'group-rate-total' : 'group-rate'}
          data-value={r.metrics.repeatRate ?? ''}
        >
          {formatMetric('repeatRate', r.metrics.repeatRate)}
        </span>
      ),
    },
    {
      id: 'difference',
      label: 'vs all',
      help: 'Repeat % of the group minus the repeat % of the whole selection, in percentage points.',
      sortable: true,
      align: 'end',
      cell: (r) => (r.total ? '' : ppDifference(r.metrics.repeatRate, overall)),
    },
    {
      id: 'fcr',
      label: 'FCR',
      metric: 'fcr',
      sortable: true,
      align: 'end',
      cell: (r) => formatMetric('fcr', r.metrics.fcr),
    },
    count('repeatCalls', 'Repeat calls', { repeatCall: true }, 'group-repeats'),
    // Left out of repeat % and FCR: the window after them reaches the end of the data.
    count('repeatPendingCalls', 'Pending', { repeatPending: true }, 'group-pending'),
  ];
}
