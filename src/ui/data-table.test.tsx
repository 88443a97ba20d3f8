// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, sortRows, type Column } from './data-table.tsx';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
  qa: number | null;
}

const columns: Column<Row>[] = [
  { id: 'name', label: 'Agent', rowHeader: true, sortable: true, cell: (r) => r.name },
  {
    id: 'qa',
    label: 'QA',
    metric: 'qaScore',
    sortable: true,
    align: 'end',
    cell: (r) => String(r.qa),
  },
  { id: 'note', label: 'Note', help: 'Free text.', cell: () => '' },
];

const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i,
    name: `Agent ${i}`,
    qa: i % 7 === 0 ? null : i / n,
  }));

describe('DataTable', () => {
  it('is a real table: column headers, a row header per row, sort state on the header', () => {
    const data = rows(3);
    const onSort = vi.fn();
    render(
      <DataTable
        caption="Agents"
        columns={columns}
        rowCount={data.length}
        row={(i) => data[i]}
        rowKey={(r) => String(r.id)}
        sort={{ column: 'qa', direction: 'desc' }}
        onSort={onSort}
      />,
    );
    const table = screen.getByRole('table', { name: 'Agents' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
    expect(headers[0]!.getAttribute('aria-sort')).toBe('none');
    expect(headers[1]!.getAttribute('aria-sort')).toBe('descending');
    expect(headers[2]!.hasAttribute('aria-sort')).toBe(false);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Agent 0', 'Agent 1', 'Agent 2']);
    fireEvent.click(within(headers[1]!).getByRole('button', { name: 'QA' }));
    expect(onSort).toHaveBeenCalledWith(expect.objectContaining({ id: 'qa' }));
  });

  it('gives a sortable metric column its definition as the sort button’s description', () => {
    const data = rows(1);
    render(
      <DataTable
        caption="Agents"
        columns={columns}
        rowCount={1}
        row={(i) => data[i]}
        rowKey={(r) => String(r.id)}
        onSort={() => {}}
      />,
    );
    const button = screen.getByRole('button', { name: 'QA' });
    const description = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(description?.getAttribute('role')).toBe('tooltip');
    expect(description?.textContent).toMatch(/^QA %\./);
    fireEvent.focus(button);
    expect(description?.hidden).toBe(false);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(description?.hidden).toBe(true);
    // A non-sortable column with help gets an info button.
    expect(screen.getByRole('button', { name: 'About Note' })).toBeTruthy();
  });

  it('renders only the rows in view of a long list, and says where they are', () => {
    const data = rows(5000);
    const seen: [number, number][] = [];
    render(
      <DataTable
        caption="Agents"
        columns={columns}
        rowCount={data.length}
        row={(i) => data[i]}
        rowKey={(r) => String(r.id)}
        maxHeight={440}
        onVisibleRange={(a, b) => seen.push([a, b])}
      />,
    );
    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    const rendered = within(table).getAllByRole('rowheader');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    expect(rendered[0]!.closest('tr')!.getAttribute('aria-rowindex')).toBe('2');
    expect(seen.at(-1)![0]).toBe(0);
  });

  it('draws placeholders for rows whose page has not arrived', () => {
    render(
      <DataTable
        caption="Calls"
        columns={columns}
        rowCount={3}
        row={() => undefined}
        rowKey={(r) => String(r.id)}
      />,
    );
    expect(document.querySelectorAll('tr.an-row--loading')).toHaveLength(3);
  });
});

describe('sortRows', () => {
  it('sorts numbers and text either way and keeps empty values last', () => {
    const data = [
      { n: 2, s: 'b' },
      { n: null, s: 'c' },
      { n: 1, s: 'a' },
    ];
    expect(sortRows(data, (r) => r.n, 'asc').map((r) => r.n)).toEqual([1, 2, null]);
    expect(sortRows(data, (r) => r.n, 'desc').map((r) => r.n)).toEqual([2, 1, null]);
    expect(sortRows(data, (r) => r.s, 'desc').map((r) => r.s)).toEqual(['c', 'b', 'a']);
  });
});
