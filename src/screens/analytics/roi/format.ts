/** How the ROI calculator writes its values: money without cents above 100, ROI as a whole percent. */
import { formatCount, formatMoney, NO_VALUE } from '../../../ui/format.ts';
import type { RoiField } from './fields.ts';

export function moneyOf(currency: string): (value: number) => string {
  return (value) =>
    Math.abs(value) >= 100
      ? new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency,
          maximumFractionDigits: 0,
        }).format(value)
      : formatMoney(value, currency);
}

export function formatRoi(roi: number | null): string {
  return roi === null ? NO_VALUE : `${Math.round(roi * 100).toLocaleString('en-US')}%`;
}

export function formatMonths(months: number | null): string {
  if (months === null) return NO_VALUE;
  return `${months.toLocaleString('en-US', { maximumFractionDigits: 1 })} months`;
}

export function formatFieldValue(field: RoiField, value: number, money: (v: number) => string) {
  switch (field.unit) {
    case 'money':
      return money(value);
    case 'hours':
      return `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} h`;
    case 'seconds':
      return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
    default:
      return Number.isInteger(value) ? formatCount(value) : value.toLocaleString('en-US');
  }
}
