/**
 * The analytics table: real <table> semantics (caption, column headers with scope, a row
 * header per row), sortable headers as buttons carrying aria-sort, definitions one hover away,
 * and virtualised rows once a table is long, so 20,000 rows scroll as smoothly as 20.
 *
 * Virtualisation keeps the table a table: the visible rows sit between two spacer rows inside
 * a scroll box with a sticky header; aria-rowcount/aria-rowindex tell assistive technology
 * where a row is in the whole list. Rows of a lazily loaded list may be missing (`undefined`)
 * and show as placeholders until their page arrives.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { KpiKey } from '../data/index.ts';
import { InfoTip, MetricDefinitionText, MetricLabel, useTooltip } from './info-tip.tsx';
import { useSideways } from './use-sideways.ts';

export type SortDirection = 'asc' | 'desc';

export interface Column<T> {
  id: string;
  /** Header text (also the column's name in the column chooser). */
  label: string;
  /** A KPI column: its definition is one hover away. */
  metric?: KpiKey;
  /** Definition of a non-KPI column. */
  help?: ReactNode;
  cell: (row: T) => ReactNode;
  /** Sortable when given (client-side tables) or when the table's `onSort` handles it. */
  sortable?: boolean;
  /** Which way a first click sorts (numbers: descending). */
  firstSort?: SortDirection;
  align?: 'start' | 'end';
  /** CSS width, for example "9rem". */
  width?: string;
  /** The row's name: rendered as <th scope="row"> and kept in view when scrolling sideways. */
  rowHeader?: boolean;
  /** Visually hide the header text (still read out), e.g. for an actions column. */
  hideLabel?: boolean;
}

export interface TableSort {
  column: string;
  direction: SortDirection;
}

/**
 * The sort after a click on `column`'s header: the same column flips direction, another column
 * starts with its own first direction (numbers: descending).
 */
export function nextSort(
  current: TableSort,
  column: Pick<Column<unknown>, 'id' | 'firstSort'>,
): TableSort {
  if (current.column === column.id) {
    return { column: column.id, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { column: column.id, direction: column.firstSort ?? 'desc' };
}

export interface DataTableProps<T> {
  caption: ReactNode;
  /** Hide the caption visually (a heading nearby says the same). */
  captionHidden?: boolean;
  columns: readonly Column<T>[];
  /** Number of rows in the whole list. */
  rowCount: number;
  /** The row at an index, undefined while its page is loading. */
  row: (index: number) => T | undefined;
  rowKey: (row: T, index: number) => string;
  sort?: TableSort;
  onSort?: (column: Column<T>) => void;
  /** Rows below the body (totals), always rendered. */
  footer?: readonly T[];
  /** Virtualise above this many rows (default 60). */
  virtualiseFrom?: number;
  /** Height of a body row in px (fixed, so the virtualiser needs no measuring). */
  rowHeight?: number;
  /** Height of the scroll box when virtualised. */
  maxHeight?: number;
  /** Told which rows are in view (to fetch their pages). */
  onVisibleRange?: (start: number, end: number) => void;
  /** Class of a row, e.g. for highlighting. */
  rowClass?: (row: T) => string | undefined;
  testId?: string;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const {
    columns,
    rowCount,
    row,
    rowKey,
    sort,
    onSort,
    footer,
    virtualiseFrom = 60,
    rowHeight = 44,
    maxHeight = 640,
    onVisibleRange,
    rowClass,
  } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const sideways = useSideways(scroller);
  const virtual = rowCount >= virtualiseFrom;
  const virtualizer = useVirtualizer({
    count: virtual ? rowCount : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // Without layout (tests, first paint, a hidden container) still render a screenful.
    initialRect: { width: 1024, height: maxHeight },
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width || 1024, height: maxHeight }),
      ),
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const first = virtual ? (items[0]?.index ?? 0) : 0;
  const last = virtual ? (items[items.length - 1]?.index ?? -1) : rowCount - 1;

  useEffect(() => {
    if (onVisibleRange && last >= first) onVisibleRange(first, last);
  }, [first, last, onVisibleRange]);

  const indices = virtual
    ? items.map((i) => i.index)
    : Array.from({ length: rowCount }, (_, i) => i);
  const padTop = virtual ? (items[0]?.start ?? 0) : 0;
  const padBottom = virtual
    ? Math.max(0, virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0))
    : 0;

  const headerCells = columns.map((column) => {
    const active = sort?.column === column.id;
    const ariaSort = active ? (sort!.direction === 'asc' ? 'ascending' : 'descending') : undefined;
    const sortable = Boolean(onSort && column.sortable);
    const text = column.metric ? (
      <MetricLabel metric={column.metric}>{column.label}</MetricLabel>
    ) : (
      <span className="an-metric-label">
        <span className={column.hideLabel ? 'sr-only' : undefined}>{column.label}</span>
        {column.help && <InfoTip label={`About ${column.label}`}>{column.help}</InfoTip>}
      </span>
    );
    return (
      <th
        key={column.id}
        scope="col"
        aria-sort={sortable ? (ariaSort ?? 'none') : undefined}
        className={cellClass(column)}
        style={column.width ? { width: column.width } : undefined}
      >
        {sortable ? (
          <SortButton
            label={column.label}
            hideLabel={column.hideLabel}
            definition={
              column.metric ? <MetricDefinitionText metric={column.metric} /> : column.help
            }
            direction={active ? sort!.direction : undefined}
            onClick={() => onSort!(column)}
          />
        ) : (
          text
        )}
      </th>
    );
  });

  const renderRow = (index: number, r: T | undefined, rowIndex: number) => {
    if (r === undefined) {
      return (
        <tr key={`loading-${index}`} className="an-row an-row--loading" aria-rowindex={rowIndex}>
          {columns.map((column) => (
            <td key={column.id} className={cellClass(column)}>
              <span className="an-skeleton" />
            </td>
          ))}
        </tr>
      );
    }
    return (
      <tr
        key={rowKey(r, index)}
        className={`an-row ${rowClass?.(r) ?? ''}`}
        aria-rowindex={rowIndex}
      >
        {columns.map((column) =>
          column.rowHeader ? (
            <th key={column.id} scope="row" className={cellClass(column)}>
              {column.cell(r)}
            </th>
          ) : (
            <td key={column.id} className={cellClass(column)}>
              {column.cell(r)}
            </td>
          ),
        )}
      </tr>
    );
  };

  return (
    <>
      {/* A table wider than its card says so (the row's name stays pinned on the left). */}
      {sideways.hidden > 0 && (
        <p className="an-table-hint" data-testid={props.testId && `${props.testId}-sideways`}>
          {sideways.hidden} more {sideways.hidden === 1 ? 'column' : 'columns'}: scroll sideways{' '}
          <span aria-hidden="true">{sideways.left && !sideways.right ? '←' : '→'}</span>
        </p>
      )}
      <div
        ref={scroller}
        className="an-table-scroll"
        data-more-right={sideways.right || undefined}
        data-more-left={sideways.left || undefined}
        data-virtual={virtual || undefined}
        style={virtual ? { maxHeight } : undefined}
        data-testid={props.testId}
        // A scroll box must be reachable by keyboard to scroll it (axe: scrollable-region-focusable).
        tabIndex={0}
        role="region"
        aria-label={typeof props.caption === 'string' ? props.caption : undefined}
      >
        <table
          className="an-table"
          aria-rowcount={rowCount + 1 + (footer?.length ?? 0)}
          // Fixed row heights keep the virtualiser's arithmetic exact.
          style={{ '--an-row-h': `${rowHeight}px` } as React.CSSProperties}
        >
          <caption className={props.captionHidden ? 'sr-only' : 'an-table__caption'}>
            {props.caption}
          </caption>
          <thead>
            <tr aria-rowindex={1}>{headerCells}</tr>
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true" className="an-spacer">
                <td colSpan={columns.length} style={{ height: padTop }} />
              </tr>
            )}
            {indices.map((index) => renderRow(index, row(index), index + 2))}
            {padBottom > 0 && (
              <tr aria-hidden="true" className="an-spacer">
                <td colSpan={columns.length} style={{ height: padBottom }} />
              </tr>
            )}
          </tbody>
          {footer && footer.length > 0 && (
            <tfoot>{footer.map((r, i) => renderRow(-1 - i, r, rowCount + 2 + i))}</tfoot>
          )}
        </table>
      </div>
    </>
  );
}

/**
 * A sortable column's header: one button that sorts, whose description is the column's
 * definition (shown on hover and focus), so the header needs no separate info button.
 */
function SortButton(props: {
  label: string;
  hideLabel?: boolean;
  definition?: ReactNode;
  direction: SortDirection | undefined;
  onClick: () => void;
}) {
  const { trigger, tip } = useTooltip(props.definition);
  const described = props.definition !== undefined;
  return (
    <>
      <button
        type="button"
        className="an-sort"
        onClick={props.onClick}
        data-active={props.direction ? true : undefined}
        data-defined={described || undefined}
        {...(described ? trigger : {})}
      >
        <span className={props.hideLabel ? 'sr-only' : 'an-sort__label'}>{props.label}</span>
        <SortIcon direction={props.direction} />
      </button>
      {described && tip}
    </>
  );
}

function cellClass(column: { align?: 'start' | 'end'; rowHeader?: boolean }): string {
  return [
    column.align === 'end' ? 'an-num' : undefined,
    column.rowHeader ? 'an-rowhead' : undefined,
  ]
    .filter(Boolean)
    .join(' ');
}

function SortIcon({ direction }: { direction?: SortDirection }) {
  return (
    <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" className="an-sort__icon">
      <path
        d="M3 4.5 6 1.5l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        opacity={direction === 'desc' ? 0.25 : direction ? 1 : 0.45}
      />
      <path
        d="M3 7.5 6 10.5l3-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        opacity={direction === 'asc' ? 0.25 : direction ? 1 : 0.45}
      />
    </svg>
  );
}

/** Sorts rows by a column's value: nulls last whatever the direction. */
export function sortRows<T>(
  rows: readonly T[],
  value: (row: T) => number | string | null | undefined,
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || x === undefined) return y === null || y === undefined ? 0 : 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return String(x).localeCompare(String(y)) * sign;
  });
}
