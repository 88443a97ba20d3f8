/** The period a customer-insight query needs, checked and as epoch ms. */
import { parseInstant } from '../../period.ts';
import { DataSourceError, type CallFilters } from '../../source.ts';

export function requirePeriod(
  filters: CallFilters | undefined,
  method: string,
): { fromMs: number; toMs: number } {
  if (!filters?.from || !filters.to)
    throw new DataSourceError('invalid-query', `${method} needs filters.from and filters.to`, [
      'filters.from',
      'filters.to',
    ]);
  return {
    fromMs: parseInstant(filters.from, 'filters.from'),
    toMs: parseInstant(filters.to, 'filters.to'),
  };
}
