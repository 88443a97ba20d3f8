/** Which two periods Trend Analysis compares. */
import { previousPeriod, type CallFilters } from '../../../data/index.ts';
import type { Period } from '../../../ui/period.ts';

const DAY_MS = 86_400_000;
const ms = (value: string) =>
  Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);

/**
 * Period B from the address against the shown period; by default the period just before it,
 * or, when that starts before the first call, the shown period's first half against its second.
 */
export function comparedPeriods(
  period: Period,
  compare: CallFilters,
  dataFrom: string,
): { a: Period; b: Period; split: boolean } {
  if (compare.from && compare.to)
    return { a: period, b: { from: compare.from, to: compare.to }, split: false };
  const before = previousPeriod(period);
  if (ms(before.from) >= ms(dataFrom) - DAY_MS) return { a: period, b: before, split: false };
  const from = ms(period.from);
  const days = Math.round((ms(period.to) - from) / DAY_MS);
  const middle = new Date(from + Math.floor(days / 2) * DAY_MS).toISOString().slice(0, 10);
  return { a: { from: middle, to: period.to }, b: { from: period.from, to: middle }, split: true };
}
