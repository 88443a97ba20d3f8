/**
 * Usage & Cost: the usage records (records.ts) summed per day and per vendor, and the month's
 * spend against the monthly cap of the cost-control settings: projected month end and which
 * alert thresholds have fired or would fire. The organisation's cap covers every vendor, so the
 * projection always counts all vendors.
 */
import type { UsageRecord } from '../../generated/data.types.ts';
import { costPerAnalysedCall } from '../../metrics/index.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { asList } from '../filters.ts';
import { parseInstant, utcDay } from '../period.ts';
import { DataSourceError, type UsageResult } from '../source.ts';
import type {
  BudgetAlert,
  MonthProjection,
  UsageCostQuery,
  UsageCostResult,
  UsageDay,
  UsageFigures,
  UsageVendor,
} from '../usage-cost-queries.ts';
import { addFigures, daysInMonthOf, emptyFigures, vendorDailyBudget } from './usage-figures.ts';
import { MAX_BUCKETS } from './page.ts';
import { usage } from './records.ts';

const DAY_MS = 86_400_000;

/** Records summed per day, every day of [from, to) present; budget = the selected vendors' shares. */
export function usageByDay(
  records: readonly UsageRecord[],
  range: { fromMs: number; toMs: number },
  dayBudget: (day: string) => number,
): UsageDay[] {
  const days = new Map<string, UsageDay>();
  for (let ms = Math.floor(range.fromMs / DAY_MS) * DAY_MS; ms < range.toMs; ms += DAY_MS) {
    const day = utcDay(ms);
    days.set(day, { day, ...emptyFigures(), budget: dayBudget(day) });
  }
  for (const r of records) {
    const d = days.get(r.day);
    if (!d) continue;
    const { day: _day, vendorId: _vendor, budget: _budget, ...figures } = r;
    addFigures(d, { ...figures, budget: 0 });
  }
  return [...days.values()];
}

/** Records summed per vendor, most expensive first, with cost per analysed call. */
export function usageByVendor(
  records: readonly UsageRecord[],
  names: ReadonlyMap<string, string>,
): UsageVendor[] {
  const vendors = new Map<string, UsageFigures>();
  for (const r of records) {
    let v = vendors.get(r.vendorId);
    if (!v) vendors.set(r.vendorId, (v = emptyFigures()));
    const { day: _day, vendorId: _vendor, ...figures } = r;
    addFigures(v, figures);
  }
  return [...vendors]
    .map(([vendorId, f]) => ({
      vendorId,
      vendorName: names.get(vendorId) ?? vendorId,
      ...f,
      costPerAnalysedCall: costPerAnalysedCall(f.cost, f.analysedCalls),
    }))
    .sort((a, b) => b.cost - a.cost || a.vendorName.localeCompare(b.vendorName));
}

/**
 * The month so far and where it ends at the same pace: projected = spent + average spend per
 * elapsed day x days left. An alert at share s of the cap has fired on the day the cumulative
 * spend reached s x cap; otherwise it would fire on the projected day the pace reaches it, or
 * is not expected this month.
 */
export function projectMonth(input: {
  /** Spend per day from the 1st of the month to the as-of day, in order. */
  dailyCosts: readonly { day: string; cost: number }[];
  daysInMonth: number;
  cap: number;
  alertAtShares: readonly number[];
}): MonthProjection {
  const { dailyCosts, daysInMonth, cap } = input;
  const first = dailyCosts[0]?.day;
  if (!first) throw new DataSourceError('invalid-query', 'No day to project from', ['to']);
  const asOf = dailyCosts[dailyCosts.length - 1]!.day;
  let total = 0;
  const cumulative = dailyCosts.map((d) => ({ ...d, total: (total += d.cost) }));
  const daysElapsed = dailyCosts.length;
  const dailyRunRate = total / daysElapsed;
  const daysLeft = daysInMonth - daysElapsed;
  const projected = total + dailyRunRate * daysLeft;
  const firstMs = Date.parse(`${first}T00:00:00Z`);
  const alerts = [...input.alertAtShares]
    .sort((a, b) => a - b)
    .map((share): BudgetAlert => {
      const threshold = share * cap;
      const reached = cumulative.find((d) => d.total >= threshold);
      if (reached) return { share, threshold, status: 'fired', day: reached.day };
      if (projected >= threshold && dailyRunRate > 0) {
        const more = Math.ceil((threshold - total) / dailyRunRate);
        const day = utcDay(firstMs + (daysElapsed - 1 + more) * DAY_MS);
        return { share, threshold, status: 'will-fire', day };
      }
      return { share, threshold, status: 'not-expected', day: null };
    });
  return {
    month: first.slice(0, 7),
    asOf,
    daysInMonth,
    daysElapsed,
    spentToDate: total,
    dailyRunRate,
    projected,
    cap,
    cumulative,
    alerts,
  };
}

export function usageCost(corpus: Corpus, query: UsageCostQuery): UsageCostResult {
  const plan = usageCostPlan(corpus, query);
  return usageCostResult(corpus, query, plan, usage(corpus, query), usage(corpus, plan.month));
}

/**
 * The query checked: its period in ms, and the month of the period's last day (within the data)
 * as of that day, whose usage of every vendor the projection reads.
 */
export function usageCostPlan(corpus: Corpus, query: UsageCostQuery) {
  const fromMs = parseInstant(query.from, 'from');
  const toMs = parseInstant(query.to, 'to');
  if (fromMs >= toMs)
    throw new DataSourceError('invalid-query', 'from must be before to', ['from', 'to']);
  if ((toMs - fromMs) / DAY_MS > MAX_BUCKETS)
    throw new DataSourceError('invalid-query', `At most ${MAX_BUCKETS} days`, ['from', 'to']);
  const asOfMs = Math.min(toMs, corpus.toMs) - 1;
  const asOf = utcDay(asOfMs);
  const monthStart = `${asOf.slice(0, 7)}-01`;
  const monthEnd = utcDay(Math.floor(asOfMs / DAY_MS) * DAY_MS + DAY_MS);
  return { fromMs, toMs, asOf, month: { from: monthStart, to: monthEnd } };
}

/** The answer from the usage of the query's period and of the projected month. */
export function usageCostResult(
  corpus: Corpus,
  query: UsageCostQuery,
  plan: ReturnType<typeof usageCostPlan>,
  period: UsageResult,
  month: UsageResult,
): UsageCostResult {
  const { fromMs, toMs, asOf } = plan;
  const { costControl } = corpus.settings;
  const vendors = corpus.cast.vendors;
  const chosen = asList(query.vendorId);
  const selected = chosen ? vendors.filter((v) => chosen.includes(v.id)).length : vendors.length;
  const days = usageByDay(
    period.records,
    { fromMs, toMs },
    (day) => vendorDailyBudget(costControl.monthlyCap, day, vendors.length) * selected,
  );
  // A vendor's budget is its share of every day of the period, with calls or not.
  const vendorBudget = days.reduce((sum, d) => sum + d.budget, 0) / Math.max(1, selected);
  const names = new Map(vendors.map((v) => [v.id, v.name]));
  const byVendor = usageByVendor(period.records, names).map((v) => ({
    ...v,
    budget: vendorBudget,
  }));
  const totals = emptyFigures();
  for (const d of days) addFigures(totals, d);

  const monthDays = usageByDay(
    month.records,
    {
      fromMs: parseInstant(plan.month.from, 'from'),
      toMs: parseInstant(plan.month.to, 'to'),
    },
    () => 0,
  );

  return {
    days,
    vendors: byVendor,
    totals: {
      ...totals,
      costPerAnalysedCall: costPerAnalysedCall(totals.cost, totals.analysedCalls),
    },
    month: projectMonth({
      dailyCosts: monthDays.map((d) => ({ day: d.day, cost: d.cost })),
      daysInMonth: daysInMonthOf(asOf),
      cap: costControl.monthlyCap,
      alertAtShares: costControl.alertAtShares,
    }),
    currency: period.currency,
  };
}
