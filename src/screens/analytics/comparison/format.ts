/** How the matrix writes a difference, its interval and its p-value, in the metric's own unit. */
import { metricDefinitions, type KpiKey } from '../../../data/index.ts';
import { formatMoney } from '../../../ui/format.ts';

function money(value: number, currency: string, digits: number): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: digits,
    }).format(value);
  } catch {
    return formatMoney(value, currency);
  }
}

function signed(value: number, digits: number): string {
  const rounded = Number(value.toFixed(digits));
  if (rounded === 0) return `±${(0).toFixed(digits)}`;
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(digits)}`;
}

/** "+2.1 pp", "−12 s", "+0.15", "+$0.004". */
export function formatDifference(metric: KpiKey, value: number, currency: string): string {
  switch (metricDefinitions[metric].unit) {
    case 'share':
      return `${signed(value * 100, 1)} pp`;
    case 'duration':
      return `${signed(value / 1000, 0)} s`;
    case 'sentiment':
      return signed(value, 2);
    case 'money': {
      // Per-call costs differ in tenths of a cent: four decimals below one unit.
      const digits = Math.abs(value) < 1 ? 4 : 2;
      const rounded = Number(value.toFixed(digits));
      const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '±';
      return `${sign}${money(Math.abs(rounded), currency, digits)}`;
    }
    default:
      return signed(value, 2);
  }
}

export function formatInterval(metric: KpiKey, [lo, hi]: [number, number], currency: string) {
  return `${formatDifference(metric, lo, currency)} to ${formatDifference(metric, hi, currency)}`;
}

export function formatP(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`;
}
