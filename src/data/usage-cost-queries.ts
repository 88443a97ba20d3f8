/**
 * Query and result types of Usage & Cost: usage per day and per vendor against the monthly cap
 * of the cost-control settings, the month's projection and the alerts it would fire.
 */
import type { UsageRecord } from '../generated/data.types.ts';
import type { OneOrMany } from './query-types.ts';

export interface UsageCostQuery {
  /** @format date */
  from: string;
  /** @format date */
  to: string;
  vendorId?: OneOrMany<string>;
}

export type UsageFigures = Omit<UsageRecord, 'day' | 'vendorId'>;

export interface UsageDay extends UsageFigures {
  day: string;
}

export interface UsageVendor extends UsageFigures {
  vendorId: string;
  vendorName: string;
  /** cost / analysed calls (metrics' costPerAnalysedCall); null without analysed calls. */
  costPerAnalysedCall: number | null;
}

export type BudgetAlertStatus = 'fired' | 'will-fire' | 'not-expected';

export interface BudgetAlert {
  /** Share of the monthly cap, e.g. 0.8. */
  share: number;
  /** share x cap. */
  threshold: number;
  status: BudgetAlertStatus;
  /** Day the spend reached the threshold ('fired') or is projected to ('will-fire'). */
  day: string | null;
}

/** The month of the data's last day: spend so far, the projection and the alerts. */
export interface MonthProjection {
  /** YYYY-MM. */
  month: string;
  /** The last day with data, the "today" of the projection. */
  asOf: string;
  daysInMonth: number;
  daysElapsed: number;
  spentToDate: number;
  /** Average spend per elapsed day. */
  dailyRunRate: number;
  /** spentToDate + dailyRunRate x days left. */
  projected: number;
  cap: number;
  /** Spend so far per day, cumulative, for the burn-down. */
  cumulative: { day: string; cost: number; total: number }[];
  alerts: BudgetAlert[];
}

export interface UsageCostResult {
  /** Every day of the period, empty ones included. */
  days: UsageDay[];
  vendors: UsageVendor[];
  totals: UsageFigures & { costPerAnalysedCall: number | null };
  /** The organisation's month (all vendors: the cap is for the whole platform). */
  month: MonthProjection;
  currency: string;
}
