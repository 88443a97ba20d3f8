/**
 * The customer-insight reads (topic trends, fake calls, churn, customers at risk) compiled to
 * ClickHouse SQL over the call tables. The database selects, counts and ranks; the engine's own
 * code (src/data/engine/customer-insight) checks the query and builds the answer from those
 * counts, so the answers are the engine's answers. Signals are the metrics module's rules as
 * SQL conditions (insight-signals.ts).
 */
import type {
  AtRiskCustomerQuery,
  AtRiskCustomers,
  ChurnInsightQuery,
  ChurnInsights,
  FakeCallInsightQuery,
  FakeCallInsights,
  TopicTrendQuery,
  TopicTrends,
} from '../../src/data/customer-insight.ts';
import { FIELD_COUNT } from '../../src/data/engine/accumulate.ts';
import { topicTrendsResult, trendPlan } from '../../src/data/engine/customer-insight/trends.ts';
import {
  emptyFakeCallCounts,
  evidenceLimit,
  fakeCallResult,
} from '../../src/data/engine/customer-insight/fake-calls.ts';
import {
  atRiskResult,
  churnInsightsResult,
  type CustomerRisk,
  type HighRiskCall,
} from '../../src/data/engine/customer-insight/churn.ts';
import { scoreBand } from '../../src/data/engine/insight-filters.ts';
import { page } from '../../src/data/engine/page.ts';
import { addRows, dimensionSql, numberRows } from './compiler.ts';
import { CompiledReads } from './filters.ts';
import { churnSignalsSql, fakeSignalsSql } from './insight-signals.ts';
import { KPI_TOTALS_SELECT } from './kpi-totals.ts';

const DAY_MS = 86_400_000;
/** The churn level code of high risk (CHURN_LEVELS). */
const HIGH = 2;

export class CompiledInsights extends CompiledReads {
  /**
   * KPI sums, topic calls and category calls per bucket: a call's bucket is how many bucket
   * starts after the first are at or before it (the engine's forward walk over time order).
   */
  async topicTrends(query: TopicTrendQuery): Promise<TopicTrends> {
    const plan = trendPlan(this.corpus, query);
    const { count } = plan;
    const where = this.where(query.filters);
    const acc = new Float64Array(Math.max(1, count) * FIELD_COUNT);
    const topicCalls = plan.topics.keys.map(() => new Array<number>(count).fill(0));
    const categoryCalls = plan.categories.keys.map(() => new Array<number>(count).fill(0));
    if (count > 0) {
      const starts = plan.edges.slice(1, count);
      const bucket =
        starts.length === 0 ? '0' : `arrayCount(e -> e <= start_ms, [${starts.join(', ')}])`;
      const perGroup = (by: 'topic' | 'category') =>
        this.db.text(
          `SELECT ${bucket} AS b, ${dimensionSql(this.corpus, by)} AS g, count() FROM ${this.tables.calls} WHERE ${where} GROUP BY b, g`,
        );
      const [kpis, topics, categories] = await Promise.all([
        this.db.text(
          `SELECT ${bucket} AS b, ${KPI_TOTALS_SELECT} FROM ${this.tables.calls} WHERE ${where} GROUP BY b`,
        ),
        perGroup('topic'),
        perGroup('category'),
      ]);
      addRows(kpis, acc, (b) => b);
      const add = (text: string, calls: number[][]) => {
        for (const [b, g, n] of numberRows(text)) {
          if (g! >= 0 && g! < calls.length && b! < count) calls[g!]![b!] = n!;
        }
      };
      add(topics, topicCalls);
      add(categories, categoryCalls);
    }
    return topicTrendsResult(query, plan, acc, topicCalls, categoryCalls);
  }

  /**
   * Calls and flagged calls per distinct score (banded here by the engine's scoreBand), calls
   * showing each signal and flagged ones of them, and the flagged calls to show, highest score
   * first, newest first among equals.
   */
  async fakeCallInsights(query: FakeCallInsightQuery): Promise<FakeCallInsights> {
    const limit = evidenceLimit(query);
    const where = this.where({ ...(query.filters ?? {}), status: 'analysed' });
    const signals = fakeSignalsSql(this.corpus.settings.smart);
    const from = `FROM ${this.tables.calls} WHERE ${where}`;
    const [scores, shown, flagged] = await Promise.all([
      // Float64: the score's exact value as the engine reads it from its Float32Array.
      this.db.text(`SELECT toFloat64(fake_score) AS s, fake = 1, count() ${from} GROUP BY s, fake`),
      this.db.text(
        `SELECT ${signals.map((s) => `countIf(${s}), countIf(${s} AND fake = 1)`).join(', ')} ${from}`,
      ),
      this.db.text(
        `SELECT idx ${from} AND fake = 1 ORDER BY fake_score DESC, idx DESC LIMIT ${limit}`,
      ),
    ]);
    const counts = emptyFakeCallCounts();
    for (const [score, isFlagged, n] of numberRows(scores)) {
      const band = counts.bands[scoreBand(score!)]!;
      band.calls += n!;
      if (isFlagged) band.flagged += n!;
      counts.analysed += n!;
    }
    const [row = []] = numberRows(shown);
    counts.signals.forEach((count, k) => {
      count.analysed = row[2 * k] ?? 0;
      count.flagged = row[2 * k + 1] ?? 0;
    });
    return fakeCallResult(
      this.corpus,
      counts,
      numberRows(flagged).map(([i]) => i!),
    );
  }

  /**
   * Calls showing each churn signal and the newest examples of each; the high-risk calls, and
   * for those followed by a repeat, the customer's next call (the first later call starting
   * between the transfer window and the repeat window after this one ends). Null for a
   * quote count the database is not asked for (the engine answers).
   */
  async churnInsights(query: ChurnInsightQuery): Promise<ChurnInsights | null> {
    const perReason = query.quotesPerReason ?? 3;
    if (!Number.isSafeInteger(perReason) || perReason < 0) return null;
    const where = this.where({ ...(query.filters ?? {}), status: 'analysed' });
    const { calls } = this.tables;
    const signals = churnSignalsSql();
    const { repeatWindowDays, transferWindowMinutes } = this.corpus.settings.smart;
    const end = 'start_ms + duration_ms + hold_ms';
    const followed = `SELECT idx, customer, ${end} AS end_ms FROM ${calls} WHERE ${where} AND churn_level = ${HIGH} AND followed_by_repeat = 1`;
    const [shown, examples, high, next] = await Promise.all([
      this.db.text(
        `SELECT count(), ${signals.map((s) => `countIf(${s})`).join(', ')} FROM ${calls} WHERE ${where}`,
      ),
      this.db.text(
        `SELECT s, idx FROM (SELECT idx, arrayJoin(arrayFilter(x -> x >= 0, [${signals.map((s, k) => `if(${s}, ${k}, -1)`).join(', ')}])) AS s FROM ${calls} WHERE ${where}) ORDER BY s, idx DESC LIMIT ${perReason * 3} BY s`,
      ),
      this.db.text(
        `SELECT idx FROM ${calls} WHERE ${where} AND churn_level = ${HIGH} ORDER BY idx`,
      ),
      this.db.text(
        `SELECT h.idx, min(n.idx) FROM (${followed}) AS h INNER JOIN (SELECT idx, customer, start_ms FROM ${calls} WHERE customer IN (SELECT customer FROM (${followed}))) AS n ON n.customer = h.customer WHERE n.idx > h.idx AND n.start_ms >= h.end_ms + ${transferWindowMinutes * 60_000} AND n.start_ms <= h.end_ms + ${repeatWindowDays * DAY_MS} GROUP BY h.idx`,
      ),
    ]);
    const [counts = []] = numberRows(shown);
    const lists: number[][] = signals.map(() => []);
    for (const [s, i] of numberRows(examples)) lists[s!]?.push(i!);
    const nextOf = new Map(numberRows(next).map(([i, j]) => [i!, j!]));
    const highRisk: HighRiskCall[] = numberRows(high).map(([i]) => ({
      i: i!,
      next: nextOf.get(i!) ?? -1,
    }));
    return churnInsightsResult(this.corpus, query, {
      analysed: counts[0] ?? 0,
      calls: signals.map((_, k) => counts[k + 1] ?? 0),
      examples: lists,
      highRisk,
    });
  }

  /**
   * Each customer of the selection with their last call, their number of calls and their risk
   * call: of their analysed calls in the 30 days up to the last one, the highest churn score,
   * the newest of equals. The engine's atRiskResult ranks, filters and pages them.
   */
  async atRiskCustomers(query: AtRiskCustomerQuery): Promise<AtRiskCustomers> {
    page(query); // the engine's checks and errors first
    const where = this.where(query.filters ?? {});
    const perCustomer = `SELECT customer, max(idx) AS last, count() AS calls, argMax(start_ms, idx) AS last_start, groupArray((idx, churn_score, status, start_ms)) AS calls_of FROM ${this.tables.calls} WHERE ${where} GROUP BY customer`;
    const recent = `arrayFilter(x -> x.3 = 0 AND x.4 >= last_start - ${30 * DAY_MS}, calls_of)`;
    const text = await this.db.text(
      `SELECT customer, last, calls, arrayReverseSort(x -> (x.2, x.1), recent)[1].1 FROM (SELECT customer, last, calls, ${recent} AS recent FROM (${perCustomer})) WHERE notEmpty(recent)`,
    );
    const risks: CustomerRisk[] = numberRows(text).map(([customer, last, calls, risk]) => ({
      customer: customer!,
      last: last!,
      calls: calls!,
      risk: risk!,
    }));
    return atRiskResult(this.corpus, query, risks);
  }
}
