/** "This month" of the data: from the first of the month of its last day to its end. */
import type { CorpusInfo } from '../../../data/index.ts';

export function thisMonth(info: CorpusInfo): { from: string; to: string } {
  const end = new Date(Date.parse(info.range.to) - 1);
  const from = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 1));
  const start = Math.max(from.getTime(), Date.parse(info.range.from));
  return { from: new Date(start).toISOString(), to: info.range.to };
}

/** Days of the month covered so far and in total, to project a month-to-date figure. */
export function monthProgress(period: { from: string; to: string }): {
  elapsedDays: number;
  monthDays: number;
} {
  const from = new Date(period.from);
  const monthDays = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 0),
  ).getUTCDate();
  const elapsedDays = Math.max(
    1,
    Math.min(monthDays, (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000),
  );
  return { elapsedDays, monthDays };
}
