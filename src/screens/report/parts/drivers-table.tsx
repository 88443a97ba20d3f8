/**
 * The top drivers of a report's outcome as a table: the category or topic, its analysed calls,
 * how many of them have the outcome (a link to exactly those calls), the rate with and without
 * it, the difference in percentage points and the lift. The measure's definition is on hover.
 */
import { DRIVER_DEFINITION } from '../../../metrics/index.ts';
import { DataTable, type Column } from '../../../ui/data-table.tsx';
import { NO_VALUE, formatCount, formatShare } from '../../../ui/format.ts';
import { HrefLink } from '../../../ui/href-link.tsx';
import { callListHref } from '../../../ui/links.ts';
import type { DriverRow } from './drivers.ts';
import type { ReportOutcome } from './report-theme.ts';

/** "+12.5 pp": a difference of two shares. */
export function formatPoints(share: number | null): string {
  if (share === null) return NO_VALUE;
  const pp = share * 100;
  return `${pp > 0 ? '+' : pp < 0 ? '−' : ''}${Math.abs(pp).toFixed(1)} pp`;
}

export function formatLift(lift: number | null): string {
  return lift === null ? NO_VALUE : `${lift.toFixed(1)}×`;
}

export function DriversTable(props: { rows: readonly DriverRow[]; outcome: ReportOutcome }) {
  const { outcome } = props;
  const columns: Column<DriverRow>[] = [
    {
      id: 'label',
      label: 'Category or topic',
      rowHeader: true,
      cell: (r) => (
        <span>
          {r.label}
          <span className="an-cell-sub">{r.kind === 'category' ? 'Category' : 'Topic'}</span>
        </span>
      ),
    },
    {
      id: 'outcome',
      label: outcome.label,
      help: `Analysed calls with the category or topic that are ${outcome.noun}, of all its analysed calls.`,
      align: 'end',
      cell: (r) => (
        <span>
          <HrefLink href={callListHref(r.filters)} testId="driver-outcome" value={r.outcome}>
            {formatCount(r.outcome)}
          </HrefLink>
          <span className="an-cell-sub">of {formatCount(r.calls)}</span>
        </span>
      ),
    },
    {
      id: 'rate',
      label: 'Rate with / without',
      help: DRIVER_DEFINITION,
      align: 'end',
      cell: (r) =>
        `${r.groupRate === null ? NO_VALUE : formatShare(r.groupRate)} / ${r.restRate === null ? NO_VALUE : formatShare(r.restRate)}`,
    },
    {
      id: 'difference',
      label: 'Difference',
      help: DRIVER_DEFINITION,
      align: 'end',
      cell: (r) => <strong data-value={r.difference ?? ''}>{formatPoints(r.difference)}</strong>,
    },
    {
      id: 'lift',
      label: 'Lift',
      help: DRIVER_DEFINITION,
      align: 'end',
      cell: (r) => formatLift(r.lift),
    },
  ];
  return (
    <DataTable
      caption={`Top drivers of ${outcome.label.toLowerCase()}`}
      captionHidden
      columns={columns}
      rowCount={props.rows.length}
      row={(i) => props.rows[i]}
      rowKey={(r) => `${r.kind}:${r.key}`}
      testId="drivers-table"
    />
  );
}
