/**
 * How numbers read on the analytics screens. One place, so "AHT 6:42" or "QA 87.5%" looks the
 * same on every tile, table and chart. Times are shown in UTC because days and buckets are
 * UTC days in the data layer: a call at 23:30 UTC stays on the day its bucket counts it in.
 */
import { metricDefinitions, type KpiKey, type MetricDefinition } from '../data/index.ts';

/** What an absent value reads as (an empty selection has no average). */
export const NO_VALUE = '–';

// Counts, axis labels and days are written out here rather than by Intl, with Intl's output
// (the unit tests compare the two): a page's first Intl formatter costs Chromium 30-80 ms of
// locale set-up, one task on the first visit of every data screen (issue 18). Intl still
// formats the numbers these do not cover (not finite, 1e15 and beyond), and
// money and the screens' own formats, which the first screen does not show.
/** 1234567.5 -> "1,234,568" (en-US: halves away from zero). */
export function formatCount(value: number): string {
  if (!(Math.abs(value) < 1e15)) return value.toLocaleString('en-US', { maximumFractionDigits: 0 });
  return signOf(value) + grouped(decimalText(Math.abs(value), 0, 0));
}

/** 12.3K for axis labels, where space is short (en-US compact, one decimal at most). */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  if (!(abs < 1e15))
    return value.toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 1 });
  let power = 0;
  while (power < 4 && abs >= 1000 ** (power + 1)) power += 1;
  // The magnitude follows the rounded value: 999,950 reads 1M, not 1000K.
  let text = decimalText(abs, 3 * power, 1);
  if (power < 4 && Number(text) >= 1000) text = decimalText(abs, 3 * ++power, 1);
  return signOf(value) + text + ['', 'K', 'M', 'B', 'T'][power]!;
}

/** Intl writes a minus for every value below zero that rounds to zero too ("-0"). */
function signOf(value: number): string {
  return value < 0 || Object.is(value, -0) ? '-' : '';
}

/**
 * `abs` / 10^shift, rounded half away from zero to at most `fraction` decimals. Like Intl it
 * rounds the number's shortest decimal form: shifting the decimal point in text is exact where
 * dividing the float is not (1.15 is 1.149999... in binary, and Intl reads 1.2).
 */
function decimalText(abs: number, shift: number, fraction: number): string {
  const text = String(abs); // exponent notation only below 1e-6 here, which rounds to 0
  const scaled = text.includes('e') ? 0 : Math.round(Number(`${text}e${fraction - shift}`));
  return String(scaled / 10 ** fraction);
}

function grouped(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A share 0..1 as a percentage: 0.8754 -> "87.5%". */
export function formatShare(value: number, digits = 1): string {
  return `${(value * 100).toFixed(digits)}%`;
}

/** Milliseconds as a clock: 402_000 -> "6:42", 3_725_000 -> "1:02:05". */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Sentiment on -5..+5 with its sign: 1.23 -> "+1.2", -0.04 -> "0.0". */
export function formatSentiment(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return '0.0';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(1)}`;
}

export function formatMoney(value: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: value !== 0 && Math.abs(value) < 0.1 ? 3 : 2,
    }).format(value);
  } catch {
    // An unknown currency code still shows the amount.
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** A value in the unit of its metric definition; null reads as "–". */
export function formatMetricValue(
  unit: MetricDefinition['unit'],
  value: number | null | undefined,
  currency?: string,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  switch (unit) {
    case 'count':
      return formatCount(value);
    case 'share':
      return formatShare(value);
    case 'duration':
      return formatClock(value);
    case 'sentiment':
      return formatSentiment(value);
    case 'ratio':
      return `${value.toFixed(2)} : 1`;
    case 'perCall':
      return value.toFixed(2);
    case 'money':
      return formatMoney(value, currency);
  }
}

export function formatMetric(key: KpiKey, value: number | null | undefined, currency?: string) {
  return formatMetricValue(metricDefinitions[key].unit, value, currency);
}

export interface MetricChange {
  /** "+1.2 pp", "−8.0%", "+0:12", "+0.3". */
  text: string;
  /** Which way the value moved; 'flat' when it did not (or cannot be compared). */
  direction: 'up' | 'down' | 'flat';
  /** Whether the move is good news, by the metric's `better`; null when neither or flat. */
  good: boolean | null;
  /** Words for screen readers: "up 1.2 percentage points on the previous period". */
  spoken: string;
}

/**
 * Change against the previous period, in the way that reads right for the unit: shares in
 * percentage points, sentiment as a difference on its scale, durations as a clock difference,
 * counts and money as a relative change. Null when either side has no value.
 */
export function metricChange(
  key: KpiKey,
  current: number | null | undefined,
  previous: number | null | undefined,
): MetricChange | null {
  if (current === null || current === undefined || previous === null || previous === undefined)
    return null;
  const def = metricDefinitions[key];
  const diff = current - previous;
  let text: string;
  let spokenAmount: string;
  let moved: number;
  switch (def.unit) {
    case 'share': {
      const pp = Math.round(diff * 1000) / 10;
      moved = pp;
      text = `${signed(pp, 1)} pp`;
      spokenAmount = `${Math.abs(pp).toFixed(1)} percentage points`;
      break;
    }
    case 'sentiment': {
      const d = Math.round(diff * 10) / 10;
      moved = d;
      text = signed(d, 1);
      spokenAmount = `${Math.abs(d).toFixed(1)} points`;
      break;
    }
    case 'duration': {
      const s = Math.round(diff / 1000);
      moved = s;
      text = `${s > 0 ? '+' : s < 0 ? '−' : '±'}${formatClock(Math.abs(s) * 1000)}`;
      spokenAmount = `${Math.abs(s)} seconds`;
      break;
    }
    case 'ratio':
    case 'perCall': {
      const d = Math.round(diff * 100) / 100;
      moved = d;
      text = signed(d, 2);
      spokenAmount = Math.abs(d).toFixed(2);
      break;
    }
    case 'count':
    case 'money': {
      if (previous === 0) {
        moved = diff;
        text = current === 0 ? '±0%' : 'new';
        spokenAmount = current === 0 ? 'unchanged' : 'from none';
        break;
      }
      const pct = Math.round((diff / Math.abs(previous)) * 1000) / 10;
      moved = pct;
      text = `${signed(pct, 1)}%`;
      spokenAmount = `${Math.abs(pct).toFixed(1)} percent`;
      break;
    }
  }
  const direction = moved > 0 ? 'up' : moved < 0 ? 'down' : 'flat';
  const good =
    direction === 'flat' || def.better === null
      ? null
      : (direction === 'up') === (def.better === 'higher');
  const spoken =
    direction === 'flat'
      ? 'unchanged on the previous period'
      : `${direction} ${spokenAmount} on the previous period`;
  return { text, direction, good, spoken };
}

function signed(value: number, digits: number): string {
  if (value === 0) return `±${(0).toFixed(digits)}`;
  return `${value > 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;
}

// prettier-ignore
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** A UTC day as en-GB writes it: "14 Mar", with the year or the time of day. */
function utcDay(iso: string, shape: 'year' | 'short' | 'time'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid time value: ${iso}`);
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]!}`;
  const year = date.getUTCFullYear();
  // Intl counts years before 1 as 1 BC, 2 BC... (without the era).
  if (shape === 'year') return `${day} ${year > 0 ? year : 1 - year}`;
  if (shape === 'short') return day;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${day}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
}

/** "14 Mar 2026" (UTC). */
export function formatDay(iso: string): string {
  return utcDay(iso, 'year');
}

/** "14 Mar" (UTC), for axes. */
export function formatShortDay(iso: string): string {
  return utcDay(iso, 'short');
}

/** "14 Mar, 09:05" (UTC). */
export function formatDateTime(iso: string): string {
  return utcDay(iso, 'time');
}
