/** The monthly cap of the cost-control settings, spread evenly over the month's days and the vendors. */

export function daysInMonthOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
}

/** One vendor's share of the monthly cap for one day. */
export function vendorDailyBudget(monthlyCap: number, day: string, vendors: number): number {
  return monthlyCap / daysInMonthOf(day) / Math.max(1, vendors);
}
