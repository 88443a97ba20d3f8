/**
 * The period a screen shows: the one in the URL, else the last N days of data. The corpus ends
 * on its anchor day (today for visitors, a pinned day in tests; see CorpusInfo.range), and
 * "today" here is always that day, so "last 30 days" means the last 30 days with data.
 */
import type { CallFilters, CorpusInfo } from '../data/index.ts';
import { formatDay } from './format.ts';
import { inclusiveDays, lastDaysBefore, periodDays } from './url-filters.ts';

export const PERIOD_PRESETS = [7, 30, 90] as const;
export const DEFAULT_PERIOD_DAYS = 30;

export type Period = { from: string; to: string };

const DAY_MS = 86_400_000;
const instant = (value: string) =>
  Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);

/** The period of the filters, completed from the data's range where a side is missing. */
export function resolvePeriod(
  filters: CallFilters,
  info: Pick<CorpusInfo, 'range'>,
  defaultDays = DEFAULT_PERIOD_DAYS,
): Period {
  if (filters.from && filters.to) return { from: filters.from, to: filters.to };
  const end = lastDaysBefore(info.range.to, 1).to;
  if (filters.from) return { from: filters.from, to: end };
  if (filters.to) {
    const to = instant(filters.to);
    return { from: new Date(to - defaultDays * DAY_MS).toISOString().slice(0, 10), to: filters.to };
  }
  return lastDaysBefore(info.range.to, defaultDays);
}

/** Which preset a period is (the last N days of data), or null for a custom period. */
export function presetOf(period: Period, info: Pick<CorpusInfo, 'range'>): number | null {
  for (const days of PERIOD_PRESETS) {
    const preset = lastDaysBefore(info.range.to, days);
    if (instant(preset.from) === instant(period.from) && instant(preset.to) === instant(period.to))
      return days;
  }
  return null;
}

/** "1 Mar 2026 – 30 Mar 2026" (inclusive days). */
export function periodLabel(period: Period): string {
  const days = inclusiveDays(period);
  return days.from === days.to
    ? formatDay(days.from)
    : `${formatDay(days.from)} – ${formatDay(days.to)}`;
}

/** "previous 30 days", for change lines. */
export function previousLabel(period: Period): string {
  const days = periodDays(period);
  return days === 1 ? 'previous day' : `previous ${days} days`;
}

/**
 * Periods of more than this many days are drawn per week, so a chart never has more than about
 * 45 bars and a 90-day period shows 13 weeks on every screen. The one rule for day/week buckets.
 */
export const DAILY_UP_TO_DAYS = 45;

/** The time bucket every screen uses for a period's charts and trends. */
export function timeBucket(period: Period): 'day' | 'week' {
  return periodDays(period) > DAILY_UP_TO_DAYS ? 'week' : 'day';
}
