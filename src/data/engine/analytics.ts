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
import { planDimension } from './dimensions.ts';
import { selectCalls } from './select.ts';
import { MAX_BUCKETS } from './page.ts';

const DAY_MS = 86_400_000;

export function kpis(corpus: Corpus, query: KpiQuery): KpiSummary {
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
  const previous = previousPeriod(period);
  return {
    period,
    previousPeriod: previous,
    current: kpisOf(corpus, selectCalls(corpus, filters)),
    previous: kpisOf(corpus, selectCalls(corpus, { ...filters, ...previous })),
    drillDown: kpiDrillDown(filters),
  };
}

export function aggregate(corpus: Corpus, query: AggregateQuery): AggregateResult {
  const indices = selectCalls(corpus, query.filters ?? {});
  const plan = planDimension(corpus, query.by);
  if (!plan)
    throw new DataSourceError('invalid-query', `Unknown dimension "${String(query.by)}"`, ['by']);
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

export function timeSeries(corpus: Corpus, query: TimeSeriesQuery): TimeSeriesResult {
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
  const acc = new Float64Array(count * FIELD_COUNT);
  const indices = selectCalls(corpus, filters);
  const start = corpus.cols.startMs;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    addCall(acc, Math.floor((start[i]! - first) / size) * FIELD_COUNT, corpus, i);
  }
  const points = [];
  for (let b = 0; b < count; b++) {
    points.push({
      start: new Date(first + b * size).toISOString(),
      end: new Date(first + (b + 1) * size).toISOString(),
      metrics: kpisAt(acc, b),
    });
  }
  return { bucket, points };
}
