/**
 * Topics, categories and KPIs over time (day, week or calendar month), each topic and category
 * flagged emerging or declining by TREND_RULE. One pass over the selected calls.
 */
import type { TopicTrendQuery, TopicTrendSeries, TopicTrends } from '../../customer-insight.ts';
import type { Corpus } from '../../corpus/corpus.ts';
import { DataSourceError } from '../../source.ts';
import { FIELD_COUNT, addCall, kpisAt } from '../accumulate.ts';
import { planDimension, type DimensionPlan } from '../dimensions.ts';
import { MAX_BUCKETS } from '../page.ts';
import { selectCalls } from '../select.ts';
import { requirePeriod } from './period.ts';
import { bucketEdges, trendFlag } from './rules.ts';

export function topicTrends(corpus: Corpus, query: TopicTrendQuery): TopicTrends {
  const plan = trendPlan(corpus, query);
  const { edges, count } = plan;
  const acc = new Float64Array(Math.max(1, count) * FIELD_COUNT);
  const topicCalls = plan.topics.keys.map(() => new Array<number>(count).fill(0));
  const categoryCalls = plan.categories.keys.map(() => new Array<number>(count).fill(0));
  const start = corpus.cols.startMs;
  let b = 0;
  for (const i of selectCalls(corpus, query.filters)) {
    // Calls come oldest first, so the bucket only moves forward.
    while (b < count - 1 && start[i]! >= edges[b + 1]!) b++;
    addCall(acc, b * FIELD_COUNT, corpus, i);
    const t = plan.topics.groupOf!(i);
    if (t >= 0) topicCalls[t]![b]! += 1;
    let mask = plan.categories.groupsOf!(i);
    while (mask !== 0) {
      const g = 31 - Math.clz32(mask);
      categoryCalls[g]![b]! += 1;
      mask &= ~(1 << g);
    }
  }
  return topicTrendsResult(query, plan, acc, topicCalls, categoryCalls);
}

export interface TrendPlan {
  fromMs: number;
  toMs: number;
  /** Bucket boundaries (bucketEdges); bucket k is [edges[k], edges[k + 1]). */
  edges: number[];
  count: number;
  topics: DimensionPlan;
  categories: DimensionPlan;
}

/** The query checked (period, bucket, bucket count) and its buckets and rows. */
export function trendPlan(corpus: Corpus, query: TopicTrendQuery): TrendPlan {
  const { filters, bucket } = query;
  const { fromMs, toMs } = requirePeriod(filters, 'topicTrends');
  if (bucket !== 'day' && bucket !== 'week' && bucket !== 'month')
    throw new DataSourceError('invalid-query', 'bucket must be day, week or month', ['bucket']);
  const edges = bucketEdges(fromMs, toMs, bucket);
  const count = edges.length - 1;
  if (count > MAX_BUCKETS)
    throw new DataSourceError('invalid-query', `${count} buckets is too many`, ['bucket']);
  return {
    fromMs,
    toMs,
    edges,
    count,
    topics: planDimension(corpus, 'topic'),
    categories: planDimension(corpus, 'category'),
  };
}

/**
 * The answer from the counts: KPI sums per bucket (acc, the accumulator layout) and calls per
 * bucket of each topic and category (in the plan's row order).
 */
export function topicTrendsResult(
  query: TopicTrendQuery,
  plan: TrendPlan,
  acc: Float64Array,
  topicCalls: number[][],
  categoryCalls: number[][],
): TopicTrends {
  const { edges, fromMs, toMs } = plan;
  const buckets = Array.from({ length: plan.count }, (_, k) => ({
    // Clipped to the period, so a bucket's calls are exactly the calls between start and end.
    start: new Date(Math.max(edges[k]!, fromMs)).toISOString(),
    end: new Date(Math.min(edges[k + 1]!, toMs)).toISOString(),
    metrics: kpisAt(acc, k),
  }));
  const analysed = buckets.map((x) => x.metrics.analysedCalls);
  const series = (keys: string[], labels: string[], calls: number[][]): TopicTrendSeries[] =>
    keys
      .map((key, g) => ({
        key,
        label: labels[g]!,
        calls: calls[g]!,
        flag: trendFlag(calls[g]!, analysed),
      }))
      .filter((s) => s.calls.some((n) => n > 0))
      .sort((x, y) => sum(y.calls) - sum(x.calls) || x.label.localeCompare(y.label));
  return {
    bucket: query.bucket,
    buckets,
    topics: series(plan.topics.keys, plan.topics.labels, topicCalls),
    categories: series(plan.categories.keys, plan.categories.labels, categoryCalls),
  };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
