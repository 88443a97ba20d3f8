/** A DataTable over rows in memory, sorted by the column the user picks. */
import { useMemo, useState } from 'react';
import {
  DataTable,
  nextSort,
  sortRows,
  type DataTableProps,
  type TableSort,
} from '../../../ui/data-table.tsx';

export type SortedTableProps<T> = Omit<
  DataTableProps<T>,
  'rowCount' | 'row' | 'sort' | 'onSort'
> & {
  rows: readonly T[];
  /** The value a column sorts by. */
  sortValue: (row: T, column: string) => number | string | null | undefined;
  initialSort: TableSort;
};

export function SortedTable<T>({ rows, sortValue, initialSort, ...rest }: SortedTableProps<T>) {
  const [sort, setSort] = useState<TableSort>(initialSort);
  const sorted = useMemo(
    () => sortRows(rows, (r) => sortValue(r, sort.column), sort.direction),
    [rows, sortValue, sort],
  );
  return (
    <DataTable
      {...rest}
      rowCount={sorted.length}
      row={(i) => sorted[i]}
      sort={sort}
      onSort={(column) => setSort((s) => nextSort(s, column))}
    />
  );
}
