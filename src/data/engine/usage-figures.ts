/**
 * Usage figures: the budget (the monthly cap of the cost-control settings spread evenly over the
 * month's days and the vendors) and sums of usage records.
 */
import type { UsageFigures } from '../usage-cost-queries.ts';

export function daysInMonthOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
}

/** One vendor's share of the monthly cap for one day. */
export function vendorDailyBudget(monthlyCap: number, day: string, vendors: number): number {
  return monthlyCap / daysInMonthOf(day) / Math.max(1, vendors);
}

export function emptyFigures(): UsageFigures {
  return {
    calls: 0,
    analysedCalls: 0,
    audioMinutes: 0,
    asrMinutes: 0,
    storageGb: 0,
    cost: 0,
    budget: 0,
  };
}

const FIGURES = Object.keys(emptyFigures()) as (keyof UsageFigures)[];

/** Adds the figures of `from` (a record, a day, a vendor) into `into`. */
export function addFigures(into: UsageFigures, from: UsageFigures): void {
  for (const k of FIGURES) into[k] += from[k];
}
