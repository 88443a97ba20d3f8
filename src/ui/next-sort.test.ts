import { describe, expect, it } from 'vitest';
import { nextSort } from './data-table.tsx';

describe('a click on a sortable header', () => {
  it('flips the direction of the column already sorted', () => {
    expect(nextSort({ column: 'aht', direction: 'desc' }, { id: 'aht' })).toEqual({
      column: 'aht',
      direction: 'asc',
    });
    expect(nextSort({ column: 'aht', direction: 'asc' }, { id: 'aht' })).toEqual({
      column: 'aht',
      direction: 'desc',
    });
  });

  it('starts another column with its own first direction, descending by default', () => {
    expect(nextSort({ column: 'aht', direction: 'asc' }, { id: 'calls' })).toEqual({
      column: 'calls',
      direction: 'desc',
    });
    expect(
      nextSort({ column: 'aht', direction: 'desc' }, { id: 'name', firstSort: 'asc' }),
    ).toEqual({ column: 'name', direction: 'asc' });
  });
});
