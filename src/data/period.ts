/** Periods: parsing filter dates, the previous period, "last N days". All UTC. */
import { DataSourceError, type DateRange } from './source.ts';

const DAY_MS = 86_400_000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Epoch ms of an ISO timestamp or YYYY-MM-DD (UTC midnight); a clear error otherwise. */
export function parseInstant(value: string, field: string): number {
  const ms = Date.parse(DAY_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(ms)) {
    throw new DataSourceError('invalid-query', `${field} is not a date: "${value}"`, [
      `${field}: expected an ISO 8601 timestamp or YYYY-MM-DD`,
    ]);
  }
  return ms;
}

/** The period of the same length that ends where this one starts. */
export function previousPeriod(range: DateRange): DateRange {
  const from = parseInstant(range.from, 'from');
  const to = parseInstant(range.to, 'to');
  return { from: new Date(from - (to - from)).toISOString(), to: new Date(from).toISOString() };
}

/** The last `days` whole UTC days up to the day containing `end` (inclusive). */
export function lastDays(end: string, days: number): DateRange {
  const endMs = parseInstant(end, 'end');
  const to = (Math.floor((endMs - 1) / DAY_MS) + 1) * DAY_MS;
  return { from: new Date(to - days * DAY_MS).toISOString(), to: new Date(to).toISOString() };
}

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
