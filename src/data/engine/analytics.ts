/** KPI summaries, aggregations by dimension and time series: one pass over the selected calls each. */
import type { Corpus } from '../corpus/corpus.ts';
import { filterFor, kpiDrillDown } from '../filters.ts';
import { parseInstant, previousPeriod } from '../period.ts';
import {
  DataSourceError,
  type AggregateQuery,
  type AggregateResult,
  type KpiQuery,
  type KpiSummary,
  type TimeSeriesQuery,
  type TimeSeriesResult,
} from '../source.ts';
import { FIELD_COUNT, addCall, kpisAt, kpisOf } from './accumulate.ts';
import { planDimension, type DimensionPlan } from './dimensions.ts';
import { selectCalls } from './select.ts';
import { MAX_BUCKETS } from './page.ts';

const DAY_MS = 86_400_000;

/** The checked period of a KPI query and the one just before it. */
export function kpiPeriods(query: KpiQuery): Pick<KpiSummary, 'period' | 'previousPeriod'> {
  const { filters } = query;
  if (!filters?.from || !filters.to)
    throw new DataSourceError('invalid-query', 'kpis needs filters.from and filters.to', [
      'filters.from',
      'filters.to',
    ]);
  const period = {
    from: new Date(parseInstant(filters.from, 'filters.from')).toISOString(),
    to: new Date(parseInstant(filters.to, 'filters.to')).toISOString(),
  };
  return { period, previousPeriod: previousPeriod(period) };
}

export function kpis(corpus: Corpus, query: KpiQuery): KpiSummary {
  const { filters } = query;
  const periods = kpiPeriods(query);
  return {
    ...periods,
    current: kpisOf(corpus, selectCalls(corpus, filters)),
    previous: kpisOf(corpus, selectCalls(corpus, { ...filters, ...periods.previousPeriod })),
    drillDown: kpiDrillDown(filters),
  };
}

/** The rows of a dimension, or a clear error for an unknown one. */
export function dimensionPlan(corpus: Corpus, by: AggregateQuery['by']): DimensionPlan {
  const plan = planDimension(corpus, by);
  if (!plan)
    throw new DataSourceError('invalid-query', `Unknown dimension "${String(by)}"`, ['by']);
  return plan;
}

export function aggregate(corpus: Corpus, query: AggregateQuery): AggregateResult {
  const indices = selectCalls(corpus, query.filters ?? {});
  const plan = dimensionPlan(corpus, query.by);
  const groups = plan.keys.length;
  const acc = new Float64Array((groups + 1) * FIELD_COUNT);
  const totalBase = groups * FIELD_COUNT;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    addCall(acc, totalBase, corpus, i);
    if (plan.groupOf) {
      const g = plan.groupOf(i);
      if (g >= 0) addCall(acc, g * FIELD_COUNT, corpus, i);
    } else {
      let mask = plan.groupsOf!(i);
      while (mask !== 0) {
        const g = 31 - Math.clz32(mask);
        addCall(acc, g * FIELD_COUNT, corpus, i);
        mask &= ~(1 << g);
      }
    }
  }
  return aggregateResult(query, plan, acc);
}

/**
 * Rows, sorting, limit and total from KPI sums per group (acc holds groups + 1 blocks of
 * FIELD_COUNT, the last one the whole selection), however the sums were computed.
 */
export function aggregateResult(
  query: AggregateQuery,
  plan: DimensionPlan,
  acc: Float64Array,
): AggregateResult {
  const groups = plan.keys.length;
  let rows = plan.keys.map((key, g) => ({
    key,
    label: plan.labels[g]!,
    metrics: kpisAt(acc, g),
    filters: filterFor(query.by, key, query.filters ?? {}),
  }));
  rows = rows.filter((r) => r.metrics.calls > 0);
  const sort = query.sort ?? { key: 'calls', direction: 'desc' };
  const sign = sort.direction === 'asc' ? 1 : -1;
  rows.sort((a, b) => {
    if (sort.key === 'label') return a.label.localeCompare(b.label) * sign;
    const x = a.metrics[sort.key];
    const y = b.metrics[sort.key];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x - y) * sign || a.label.localeCompare(b.label);
  });
  if (query.limit !== undefined) rows = rows.slice(0, query.limit);
  return { by: query.by, rows, total: kpisAt(acc, groups), partition: plan.partition };
}

/** The buckets of a time series: the first one's start, their size and count (checked). */
export function timeBuckets(query: TimeSeriesQuery): {
  first: number;
  size: number;
  count: number;
} {
  const { filters, bucket } = query;
  if (!filters?.from || !filters.to)
    throw new DataSourceError('invalid-query', 'timeSeries needs filters.from and filters.to', [
      'filters.from',
      'filters.to',
    ]);
  if (bucket !== 'day' && bucket !== 'week')
    throw new DataSourceError('invalid-query', 'bucket must be day or week', ['bucket']);
  const from = parseInstant(filters.from, 'filters.from');
  const to = parseInstant(filters.to, 'filters.to');
  const size = bucket === 'day' ? DAY_MS : 7 * DAY_MS;
  let first = Math.floor(from / DAY_MS) * DAY_MS;
  if (bucket === 'week') first -= ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS;
  const count = Math.max(0, Math.ceil((to - first) / size));
  if (count > MAX_BUCKETS) {
    throw new DataSourceError(
      'invalid-query',
      `${count} ${bucket} buckets is too many (at most ${MAX_BUCKETS}); use a shorter period or week buckets`,
      ['bucket'],
    );
  }
  return { first, size, count };
}

export function timeSeries(corpus: Corpus, query: TimeSeriesQuery): TimeSeriesResult {
  const { first, size, count } = timeBuckets(query);
  const acc = new Float64Array(count * FIELD_COUNT);
  const indices = selectCalls(corpus, query.filters);
  const start = corpus.cols.startMs;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    addCall(acc, Math.floor((start[i]! - first) / size) * FIELD_COUNT, corpus, i);
  }
  return timeSeriesResult(query, { first, size, count }, acc);
}

/** Points from KPI sums per bucket (count blocks of FIELD_COUNT in acc). */
export function timeSeriesResult(
  query: TimeSeriesQuery,
  { first, size, count }: { first: number; size: number; count: number },
  acc: Float64Array,
): TimeSeriesResult {
  const points = [];
  for (let b = 0; b < count; b++) {
    points.push({
      start: new Date(first + b * size).toISOString(),
      end: new Date(first + (b + 1) * size).toISOString(),
      metrics: kpisAt(acc, b),
    });
  }
  return { bucket: query.bucket, points };
}
