/**
 * The typed dashboard queries (KPIs with the previous period, aggregates by dimension, time
 * series, call lists behind drill-downs) compiled to ClickHouse SQL over the `calls` table.
 * The database returns KPI sums per group in the engine's accumulator layout (kpi-totals.ts);
 * everything after the sums (KPIs from src/metrics, row keys and labels, sorting, limits,
 * drill-down filters, empty buckets, row building) is the engine's own code, so the answers
 * are the engine's answers.
 */
import { CALL_COLUMNS, type WordColumn } from '../../src/data/columns.ts';
import type { Corpus } from '../../src/data/corpus/corpus.ts';
import {
  aggregateResult,
  dimensionPlan,
  kpiPeriods,
  timeBuckets,
  timeSeriesResult,
} from '../../src/data/engine/analytics.ts';
import { FIELD_COUNT, kpisAt } from '../../src/data/engine/accumulate.ts';
import { addApplicable, ruleBreakdown } from '../../src/data/engine/scorecard.ts';
import { callRow } from '../../src/data/engine/rows.ts';
import { complianceFailureRow } from '../../src/data/engine/call-lists.ts';
import { severityRank } from '../../src/data/engine/select.ts';
import {
  END_BAND_KEYS,
  REPEAT_FACTOR_BLOCKS,
  repeatCostResult,
  repeatFactorResult,
} from '../../src/data/engine/repeat-analysis.ts';
import type {
  RepeatChainPage,
  RepeatChainQuery,
  RepeatCostQuery,
  RepeatCostResult,
  RepeatFactorQuery,
  RepeatFactorResult,
} from '../../src/data/repeat-queries.ts';
import { page } from '../../src/data/engine/page.ts';
import { chainStartFilters, repeatChainsResult } from '../../src/data/engine/repeat-chains.ts';
import {
  addInScope,
  ruleDrillDown,
  rulePeriod,
  ruleStatsResult,
} from '../../src/data/engine/rule-stats.ts';
import { DISPOSITIONS } from '../../src/domain/dispositions/index.ts';
import { kpiDrillDown } from '../../src/data/filters.ts';
import type {
  AggregateQuery,
  AggregateResult,
  CallFilters,
  CallListQuery,
  CallRow,
  ComplianceFailureQuery,
  ComplianceFailureRow,
  Dimension,
  KpiQuery,
  KpiSummary,
  Page,
  RuleStats,
  RuleStatsQuery,
  TimeSeriesQuery,
  TimeSeriesResult,
} from '../../src/data/source.ts';
import type { RuleBreakdown, RuleBreakdownQuery } from '../../src/data/scorecard.ts';
import { sqlColumn } from '../store/corpus-table.ts';
import { callOrderSql } from './call-order.ts';
import { CompiledReads } from './filters.ts';
import {
  KPI_TOTALS_SELECT,
  SENTIMENT_BANDS,
  SENTIMENT_BAND_SQL,
  contributionColumn,
  sentimentBandSql,
} from './kpi-totals.ts';

const ANALYSED_OR_NONE = (expression: string) => `if(status = 0, ${expression}, -1)`;

/**
 * The group of a call in a dimension as SQL: the index of its row in the engine's plan
 * (dimensions.ts), -1 for none; for category, one row per category hit (arrayJoin).
 */
export function dimensionSql(corpus: Corpus, by: Dimension): string {
  switch (by) {
    case 'dispositionGroup': {
      const groups = [...new Set(DISPOSITIONS.map((d) => d.group))];
      return `[${DISPOSITIONS.map((d) => groups.indexOf(d.group)).join(', ')}][disposition + 1]`;
    }
    case 'sentiment':
      return ANALYSED_OR_NONE(`if(isNaN(customer_sentiment), -1, ${SENTIMENT_BAND_SQL})`);
    case 'category':
      return `arrayJoin(if(status = 0, arrayFilter(b -> bitTest(categories, b), range(${corpus.categoryRuleIds.length})), []))`;
    default: {
      // A word column: the row is the word's index, as in the engine's plan.
      const spec: WordColumn = CALL_COLUMNS[by];
      const column = sqlColumn(spec.column);
      return spec.analysis ? ANALYSED_OR_NONE(column) : column;
    }
  }
}

/** Parses TabSeparated rows of `group, sums...` into acc at block `slot(group)`. */
export function addRows(text: string, acc: Float64Array, slot: (group: number) => number): void {
  for (const line of text.split('\n')) {
    if (!line) continue;
    const fields = line.split('\t');
    const block = slot(Number(fields[0]));
    if (block < 0 || (block + 1) * FIELD_COUNT > acc.length) continue;
    for (let k = 0; k < FIELD_COUNT; k++) acc[block * FIELD_COUNT + k] = Number(fields[k + 1]);
  }
}

export class CompiledQueries extends CompiledReads {
  /** KPI sums of the calls matching `filters`, as one accumulator block. */
  private async totals(filters: CallFilters): Promise<Float64Array> {
    const acc = new Float64Array(FIELD_COUNT);
    const text = await this.db.text(
      `SELECT 0, ${KPI_TOTALS_SELECT} FROM ${this.tables.calls} WHERE ${this.where(filters)}`,
    );
    addRows(text, acc, () => 0);
    return acc;
  }

  /** Both periods in one pass: the previous one ends where the current one starts. */
  async kpis(query: KpiQuery): Promise<KpiSummary> {
    const periods = kpiPeriods(query);
    this.where(query.filters); // the engine's checks and errors, on the query as asked
    const both = { ...query.filters, from: periods.previousPeriod.from, to: periods.period.to };
    const acc = new Float64Array(2 * FIELD_COUNT);
    const text = await this.db.text(
      `SELECT start_ms >= ${Date.parse(periods.period.from)} AS current, ${KPI_TOTALS_SELECT} FROM ${this.tables.calls} WHERE ${this.where(both)} GROUP BY current`,
    );
    addRows(text, acc, (current) => current);
    return {
      ...periods,
      current: kpisAt(acc, 1),
      previous: kpisAt(acc, 0),
      drillDown: kpiDrillDown(query.filters),
    };
  }

  async aggregate(query: AggregateQuery): Promise<AggregateResult> {
    const plan = dimensionPlan(this.corpus, query.by);
    const filters = query.filters ?? {};
    const groups = plan.keys.length;
    const acc = new Float64Array((groups + 1) * FIELD_COUNT);
    const where = this.where(filters);
    const group = dimensionSql(this.corpus, query.by);
    const slot = (g: number) => (g >= 0 && g < groups ? g : -1);
    if (query.by === 'category') {
      // A call hits several categories: the total counts it once, so it is its own query.
      const [rows, total] = await Promise.all([
        this.db.text(
          `SELECT ${group} AS g, ${KPI_TOTALS_SELECT} FROM ${this.tables.calls} WHERE ${where} GROUP BY g`,
        ),
        this.totals(filters),
      ]);
      addRows(rows, acc, slot);
      acc.set(total, groups * FIELD_COUNT);
    } else {
      // One row per call: the totals row (after a blank line) is the whole selection.
      const text = await this.db.text(
        `SELECT ${group} AS g, ${KPI_TOTALS_SELECT} FROM ${this.tables.calls} WHERE ${where} GROUP BY g WITH TOTALS`,
      );
      const [rows = '', total = ''] = text.split('\n\n');
      addRows(rows, acc, slot);
      addRows(total, acc, () => groups);
    }
    return aggregateResult(query, plan, acc);
  }

  async timeSeries(query: TimeSeriesQuery): Promise<TimeSeriesResult> {
    const buckets = timeBuckets(query);
    const acc = new Float64Array(buckets.count * FIELD_COUNT);
    if (buckets.count > 0) {
      const text = await this.db.text(
        `SELECT toInt64(floor((start_ms - ${buckets.first}) / ${buckets.size})) AS b, ${KPI_TOTALS_SELECT} FROM ${this.tables.calls} WHERE ${this.where(query.filters)} GROUP BY b`,
      );
      addRows(text, acc, (b) => b);
    }
    return timeSeriesResult(query, buckets, acc);
  }

  /**
   * A page of calls in the order asked (time order, the drill-down lists' default, or a
   * column's, call-order.ts): the database picks and counts them; rows are built by the
   * engine's callRow. Null for a sort the database does not order by (the engine sorts).
   */
  async calls(query: CallListQuery): Promise<Page<CallRow> | null> {
    const sort = query.sort ?? { field: 'startedAt', direction: 'desc' };
    const byTime = sort.field === 'startedAt' || sort.field === 'id';
    const order = byTime
      ? `idx ${sort.direction === 'asc' ? 'ASC' : 'DESC'}`
      : callOrderSql(this.corpus, sort.field, sort.direction);
    if (!order) return null;
    const { offset, limit } = page(query);
    const where = this.where(query.filters ?? {});
    const [count, picked] = await Promise.all([
      this.db.text(`SELECT count() FROM ${this.tables.calls} WHERE ${where}`),
      this.db.text(
        `SELECT idx FROM ${this.tables.calls} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      ),
    ]);
    const items = picked
      .split('\n')
      .filter(Boolean)
      .map((line) => callRow(this.corpus, Number(line)));
    return { total: Number(count.trim()), offset, limit, items };
  }

  /**
   * Compliance by rule: the database counts the analysed calls per combination of the
   * attributes a rule's scope reads (callAttributes' columns), and each failed rule's calls;
   * the engine's own code decides which rules each combination is in scope of and builds the
   * rows.
   */
  async complianceByRule(query: RuleBreakdownQuery): Promise<RuleBreakdown> {
    const filters = query.filters ?? {};
    const where = this.where({ ...filters, status: 'analysed' });
    const { calls, failures } = this.tables;
    const [groups, failed] = await Promise.all([
      this.db.text(
        `SELECT any(idx), count() FROM ${calls} WHERE ${where} GROUP BY ${ATTRIBUTE_COLUMNS.join(', ')}`,
      ),
      this.db.text(
        `SELECT rule, uniqExact(call) FROM ${failures} WHERE call IN (SELECT idx FROM ${calls} WHERE ${where}) GROUP BY rule`,
      ),
    ]);
    const rules = this.corpus.rules.length;
    const applicable = new Int32Array(rules);
    const failedCalls = new Int32Array(rules);
    let analysed = 0;
    for (const [call, count] of numberRows(groups)) {
      addApplicable(this.corpus, call!, count!, applicable);
      analysed += count!;
    }
    for (const [rule, count] of numberRows(failed)) if (rule! < rules) failedCalls[rule!] = count!;
    return ruleBreakdown(this.corpus, filters, analysed, applicable, failedCalls);
  }

  /**
   * The calls with a failure of at least the asked severity: the database picks, counts and
   * orders them (the engine's sort, call-order.ts); each row is the engine's
   * complianceFailureRow. Null for a sort the database does not order by.
   */
  async complianceFailures(
    query: ComplianceFailureQuery,
  ): Promise<Page<ComplianceFailureRow> | null> {
    const sort = query.sort ?? { field: 'startedAt', direction: 'desc' };
    const order = callOrderSql(this.corpus, sort.field, sort.direction);
    if (!order) return null;
    const { offset, limit } = page(query);
    const maxRank = severityRank(query.minSeverity ?? 'minor');
    const rules = this.corpus.rules.flatMap((rule, k) =>
      severityRank(rule.severity) <= maxRank ? [k] : [],
    );
    const failing =
      rules.length === 0
        ? '0'
        : `idx IN (SELECT call FROM ${this.tables.failures} WHERE rule IN (${rules.join(', ')}))`;
    const where = `${this.where(query.filters ?? {})} AND ${failing}`;
    const [count, picked] = await Promise.all([
      this.db.text(`SELECT count() FROM ${this.tables.calls} WHERE ${where}`),
      this.db.text(
        `SELECT idx FROM ${this.tables.calls} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      ),
    ]);
    const items = numberRows(picked).map(([i]) => complianceFailureRow(this.corpus, i!, maxRank));
    return { total: Number(count.trim()), offset, limit, items };
  }

  /**
   * Repeat rate by the first call's resolution and end sentiment: KPI sums per block of the
   * engine's layout in one pass (a call adds to the selection's block and, analysed, to its
   * resolution's and its end band's); the engine's repeatFactorResult builds the rows.
   */
  async repeatFactors(query: RepeatFactorQuery): Promise<RepeatFactorResult> {
    const base = query.filters ?? {};
    const band = `[${SENTIMENT_BANDS.map((b) => 2 + END_BAND_KEYS.indexOf(b)).join(', ')}][${sentimentBandSql('customer_end_sentiment')} + 1]`;
    const blocks = `arrayJoin(arrayConcat([5], if(status = 0, [if(resolved = 1, 0, 1)], []), if(status = 0 AND NOT isNaN(customer_end_sentiment), [${band}], [])))`;
    const acc = new Float64Array(REPEAT_FACTOR_BLOCKS * FIELD_COUNT);
    const text = await this.db.text(
      `SELECT ${blocks} AS g, ${KPI_TOTALS_SELECT} FROM ${this.tables.calls} WHERE ${this.where(base)} GROUP BY g`,
    );
    addRows(text, acc, (g) => g);
    return repeatFactorResult(base, acc);
  }

  /**
   * Repeat calls priced per vendor: the database counts each vendor's repeat calls and sums
   * their handle time (metrics' handle time, the kpi_handle_ms contribution: every repeat call
   * is analysed); the engine's repeatCostResult prices them.
   */
  async repeatCost(query: RepeatCostQuery): Promise<RepeatCostResult> {
    const filters: CallFilters = { ...(query.filters ?? {}), repeatCall: true };
    const vendors = this.corpus.cast.vendors.length;
    const calls = new Float64Array(vendors);
    const handleMs = new Float64Array(vendors);
    const text = await this.db.text(
      `SELECT vendor, count(), sum(${contributionColumn('handleMs')}) FROM ${this.tables.calls} WHERE ${this.where(filters)} GROUP BY vendor`,
    );
    for (const [vendor, count, ms] of numberRows(text)) {
      if (vendor! >= vendors) continue;
      calls[vendor!] = count!;
      handleMs[vendor!] = ms!;
    }
    return repeatCostResult(this.corpus, filters, calls, handleMs);
  }
  /**
   * Repeat chains: for each call starting one (chainStartFilters), its customer's later repeat
   * calls in time order; the chain takes them while the call before was followed by a repeat
   * (the engine's chainFrom: each next call is the first later repeat call). The engine's
   * repeatChainsResult sorts, counts and pages them.
   */
  async repeatChains(query: RepeatChainQuery): Promise<RepeatChainPage> {
    page(query); // the engine's checks and errors first
    const { calls } = this.tables;
    const where = this.where(chainStartFilters(query.filters ?? {}));
    const customers = `SELECT customer, arraySort(groupArray((idx, followed_by_repeat, repeat_call))) AS row FROM ${calls} WHERE customer IN (SELECT customer FROM ${calls} WHERE ${where}) GROUP BY customer`;
    const later = `SELECT s.idx AS start, arrayFilter(x -> x.1 > start AND x.3 = 1, p.row) AS repeats FROM (SELECT idx, customer FROM ${calls} WHERE ${where}) AS s INNER JOIN (${customers}) AS p ON p.customer = s.customer`;
    // A start is followed by a repeat; each repeat taken must have been, to take the next.
    const taken = `arrayFirstIndex(x -> x = 0, arrayMap(x -> x.2, repeats))`;
    const text = await this.db.text(
      `SELECT arrayConcat([start], arrayMap(x -> x.1, arraySlice(repeats, 1, if(${taken} = 0, length(repeats), ${taken})))) FROM (${later})`,
      'JSONCompactEachRow',
    );
    const chains = text
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as number[][])[0]!);
    return repeatChainsResult(this.corpus, query, chains);
  }

  /**
   * How each rule did over a period: the database counts the period's analysed calls per
   * combination of the attributes a rule's scope reads (the engine's addInScope decides which
   * rules each combination is in scope of), and each active rule's hits in one pass, with the
   * very condition of the call list its link opens (filtersSql of its drill-down filters).
   */
  async ruleStats(query: RuleStatsQuery): Promise<RuleStats[]> {
    const period = rulePeriod(query);
    const { calls } = this.tables;
    const rules = this.corpus.rules;
    const active = rules.flatMap((rule, k) => (rule.active ? [k] : []));
    const hitsSql = active.map((k) => `countIf(${this.where(ruleDrillDown(rules[k]!, period))})`);
    const [groups, counted] = await Promise.all([
      this.db.text(
        `SELECT any(idx), count() FROM ${calls} WHERE ${this.where({ ...period, status: 'analysed' })} GROUP BY ${ATTRIBUTE_COLUMNS.join(', ')}`,
      ),
      hitsSql.length === 0
        ? Promise.resolve('')
        : this.db.text(`SELECT ${hitsSql.join(', ')} FROM ${calls} WHERE ${this.where(period)}`),
    ]);
    const applicable = new Int32Array(rules.length);
    for (const [call, count] of numberRows(groups))
      addInScope(this.corpus, call!, count!, applicable);
    const hits = rules.map(() => 0);
    const [row = []] = numberRows(counted);
    active.forEach((k, n) => (hits[k] = row[n] ?? 0));
    return ruleStatsResult(this.corpus, period, applicable, hits);
  }
}

/** The columns callAttributes (src/data/corpus/generate.ts) reads: a rule's scope is over them. */
const ATTRIBUTE_COLUMNS = [
  'direction',
  'queue',
  'brand',
  'product',
  'language',
  'disposition',
  'vendor',
  'agent',
];

/** TabSeparated rows of numbers. */
export function numberRows(text: string): number[][] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t').map(Number));
}
