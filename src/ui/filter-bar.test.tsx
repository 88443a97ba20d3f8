// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallFilters, Catalog } from '../data/index.ts';
import { FilterBar } from './filter-bar.tsx';
import { lastDaysBefore } from './url-filters.ts';

afterEach(cleanup);

const info = { range: { from: '2026-01-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' } };
const catalog = { vendors: [], teams: [], queues: [], brands: [] } as unknown as Catalog;

/** The bar as a screen uses it: filters in state, the period derived from them. */
function Harness() {
  const [filters, setFilters] = useState<CallFilters>({});
  const period =
    filters.from && filters.to
      ? { from: filters.from, to: filters.to }
      : lastDaysBefore(info.range.to, 30);
  return (
    <FilterBar
      filters={filters}
      period={period}
      catalog={catalog}
      info={info}
      onChange={setFilters}
    />
  );
}

describe('FilterBar period', () => {
  it('“Custom…” opens the date fields even when the period equals a preset', () => {
    render(<Harness />);
    const select = screen.getByLabelText('Period') as HTMLSelectElement;
    expect(select.value).toBe('30');
    expect(screen.queryByLabelText('From')).toBeNull();
    fireEvent.change(select, { target: { value: 'custom' } });
    expect(select.value).toBe('custom');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-02');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-03-31');
    // Choosing a preset again closes them.
    fireEvent.change(select, { target: { value: '7' } });
    expect(screen.queryByLabelText('From')).toBeNull();
  });
});
