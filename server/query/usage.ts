/**
 * Usage records (calls, minutes, storage and cost per day and vendor) and the Usage & Cost
 * answer compiled to ClickHouse SQL over the call tables. Minutes and cost are fractions summed
 * call by call, so their sums depend on the order of the additions: the database adds each
 * record's calls one by one in time order (arrayCumSum over the calls sorted by index), as the
 * engine's loop does (src/data/engine/records.ts usage), so the figures are the engine's to the
 * last bit. The engine's code checks the query, makes the empty records with their budgets,
 * sorts and sums them, and builds the days, vendors and month projection of Usage & Cost.
 */
import { utcDay } from '../../src/data/period.ts';
import type { UsageQuery, UsageResult } from '../../src/data/source.ts';
import type { UsageCostQuery, UsageCostResult } from '../../src/data/usage-cost-queries.ts';
import { usageFilters, usageRecord, usageResult } from '../../src/data/engine/records.ts';
import { usageCostPlan, usageCostResult } from '../../src/data/engine/usage-cost.ts';
import { CompiledReads } from './filters.ts';

const DAY_MS = 86_400_000;
/** A call's minutes of audio, as the engine reckons them. */
const MINUTES = 'x.1 / 60000';
/**
 * What each call adds to its record, in UsageRecord's fields, over `x` = (duration_ms, status,
 * cost): the engine's rules (records.ts usage), 0 where the engine adds nothing.
 */
const FIGURES = {
  audioMinutes: MINUTES,
  // 64 kbit/s mono audio: 0.48 MB per minute.
  storageGb: `(${MINUTES}) * 0.48 / 1024`,
  asrMinutes: `if(x.2 = 0, ${MINUTES}, 0)`,
  cost: 'if(x.2 = 0, x.3, 0)',
} as const;

export class CompiledUsage extends CompiledReads {
  async usage(query: UsageQuery): Promise<UsageResult> {
    const calls = `arrayMap(c -> c.2, arraySort(groupArray((idx, (duration_ms, status, toFloat64(cost))))))`;
    const sums = Object.values(FIGURES).map((f) => `arrayCumSum(arrayMap(x -> ${f}, calls))[-1]`);
    const text = await this.db.text(
      `SELECT day, vendor, n, analysed, ${sums.join(', ')} FROM (SELECT intDiv(toInt64(start_ms), ${DAY_MS}) AS day, vendor, count() AS n, countIf(status = 0) AS analysed, ${calls} AS calls FROM ${this.tables.calls} WHERE ${this.where(usageFilters(query))} GROUP BY day, vendor)`,
      'JSONCompactEachRow',
    );
    const records = text
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [day, vendor, n, analysed, ...figures] = (
          JSON.parse(line) as (number | string)[]
        ).map(Number);
        const record = usageRecord(this.corpus, utcDay(day! * DAY_MS), vendor!);
        record.calls = n!;
        record.analysedCalls = analysed!;
        Object.keys(FIGURES).forEach((field, k) => {
          record[field as keyof typeof FIGURES] = figures[k]!;
        });
        return record;
      });
    return usageResult(this.corpus, records);
  }

  async usageCost(query: UsageCostQuery): Promise<UsageCostResult> {
    const plan = usageCostPlan(this.corpus, query);
    const [period, month] = await Promise.all([this.usage(query), this.usage(plan.month)]);
    return usageCostResult(this.corpus, query, plan, period, month);
  }
}
