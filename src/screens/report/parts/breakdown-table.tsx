/**
 * One breakdown of a report: a row per vendor (brand, queue, product) with its calls, the
 * report's outcome (count and rate) and the theme's KPI columns, the selection's total in the
 * footer. The calls and outcome cells link to exactly those calls.
 */
import { useMemo, useState } from 'react';
import {
  metricDefinitions,
  type AggregateResult,
  type CallFilters,
  type CallKpis,
  type Dimension,
  type KpiKey,
} from '../../../data/index.ts';
import { Sparkline } from '../../../ui/charts/sparkline.tsx';
import {
  DataTable,
  nextSort,
  sortRows,
  type Column,
  type TableSort,
} from '../../../ui/data-table.tsx';
import { NO_VALUE, formatMetric, formatShare } from '../../../ui/format.ts';
import { callListHref } from '../../../ui/links.ts';
import { HrefLink } from '../../../ui/href-link.tsx';
import { dimensionLabel, outcomeRate, type ReportTheme } from './report-theme.ts';

interface Row {
  key: string;
  label: string;
  metrics: CallKpis;
  filters: CallFilters;
  total?: boolean;
}

export function BreakdownTable(props: {
  by: Dimension;
  result: AggregateResult;
  /** The selection's filters (the total row's calls). */
  filters: CallFilters;
  theme: ReportTheme;
  currency: string;
  /** The outcome per bucket of a row, for a trend column (primary breakdown only). */
  trends?: (key: string) => readonly number[] | undefined;
}) {
  const { by, result, theme } = props;
  const [sort, setSort] = useState<TableSort>({ column: 'calls', direction: 'desc' });
  // Cheap to build; the trend lookup is a new function on every render of the frame anyway.
  const columns = breakdownColumns(props);
  const rows = useMemo(() => {
    const value = (r: Row) =>
      sort.column === 'label' ? r.label : (r.metrics[sort.column as KpiKey] as number | null);
    return sortRows(result.rows, value, sort.direction);
  }, [result.rows, sort]);
  return (
    <DataTable
      caption={`${theme.title} by ${dimensionLabel(by).toLowerCase()}`}
      captionHidden
      columns={columns}
      rowCount={rows.length}
      row={(i) => rows[i]}
      rowKey={(r) => r.key}
      footer={[
        { key: 'total', label: 'All', metrics: result.total, filters: props.filters, total: true },
      ]}
      sort={sort}
      onSort={(column) => setSort((s) => nextSort(s, column))}
      virtualiseFrom={200}
      testId={`breakdown-${by}`}
    />
  );
}

function breakdownColumns(props: {
  by: Dimension;
  theme: ReportTheme;
  currency: string;
  trends?: (key: string) => readonly number[] | undefined;
}): Column<Row>[] {
  const { by, theme, trends } = props;
  const outcome = theme.outcome;
  const metricColumn = (metric: KpiKey): Column<Row> => ({
    id: metric,
    label: metricDefinitions[metric].label,
    metric,
    sortable: true,
    firstSort: metricDefinitions[metric].better === 'lower' ? 'asc' : 'desc',
    align: 'end',
    cell: (r) => formatMetric(metric, r.metrics[metric], props.currency),
  });
  const columns: Column<Row>[] = [
    {
      id: 'label',
      label: dimensionLabel(by),
      rowHeader: true,
      sortable: true,
      firstSort: 'asc',
      cell: (r) => r.label,
    },
  ];
  if (trends)
    columns.push({
      id: 'trend',
      label: 'Trend',
      help: `${metricDefinitions[outcome.count].label} per bucket of the period.`,
      cell: (r) => {
        if (r.total) return null;
        const values = trends(r.key);
        return values ? (
          <Sparkline
            values={values}
            width={92}
            height={26}
            label={`${metricDefinitions[outcome.count].label}: ${values.reduce((a, b) => a + b, 0)} over ${values.length} buckets`}
          />
        ) : (
          <span className="an-skeleton" />
        );
      },
    });
  columns.push(
    {
      id: 'calls',
      label: 'Calls',
      metric: 'calls',
      sortable: true,
      align: 'end',
      cell: (r) => (
        <HrefLink
          href={callListHref(r.filters)}
          testId={r.total ? 'breakdown-total-calls' : 'breakdown-calls'}
          value={r.metrics.calls}
        >
          {formatMetric('calls', r.metrics.calls)}
        </HrefLink>
      ),
    },
    {
      id: outcome.count,
      label: metricDefinitions[outcome.count].label,
      metric: outcome.count,
      sortable: true,
      align: 'end',
      cell: (r) => (
        <HrefLink
          href={callListHref({ ...r.filters, status: 'analysed', ...outcome.filters })}
          testId="breakdown-outcome"
          value={r.metrics[outcome.count] as number}
        >
          {formatMetric(outcome.count, r.metrics[outcome.count])}
        </HrefLink>
      ),
    },
    {
      id: 'outcomeRate',
      label: outcome.rateLabel,
      help: `${metricDefinitions[outcome.count].definition} Rate = ${outcome.noun} / analysed calls.`,
      align: 'end',
      cell: (r) => {
        const value = outcomeRate(outcome, r.metrics);
        return value === null ? NO_VALUE : formatShare(value);
      },
    },
    ...theme.columns.map(metricColumn),
  );
  return columns;
}
