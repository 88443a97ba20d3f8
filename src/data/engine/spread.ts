/**
 * Sums of per-call values and their squares for the averaged KPIs, over the same calls and with
 * the same rule for which calls count as `accumulate.ts` (analysed calls; a score only where the
 * call has one), so the mean here equals the KPI's mean for the same filters.
 */
import { handleTimeMs } from '../../metrics/index.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { DataSourceError } from '../source.ts';
import {
  MAX_SPREAD_VALUES,
  SPREAD_METRICS,
  type SpreadMetric,
  type SpreadQuery,
  type SpreadResult,
} from '../spread.ts';
import { selectCalls } from './select.ts';

/** How many per-call values the query asks for (checked). */
export function spreadValuesWanted(query: SpreadQuery): number {
  const wanted = query.values ?? 0;
  if (!Number.isInteger(wanted) || wanted < 0 || wanted > MAX_SPREAD_VALUES)
    throw new DataSourceError('invalid-query', `values must be 0 to ${MAX_SPREAD_VALUES}`, [
      'values',
    ]);
  return wanted;
}

export function spread(corpus: Corpus, query: SpreadQuery): SpreadResult {
  const wanted = spreadValuesWanted(query);
  const c = corpus.cols;
  const all = Object.fromEntries(SPREAD_METRICS.map((m) => [m, [] as number[]])) as Record<
    SpreadMetric,
    number[]
  >;
  const out = Object.fromEntries(
    SPREAD_METRICS.map((m) => [m, { n: 0, sum: 0, sumSquares: 0 }]),
  ) as SpreadResult;
  const add = (metric: keyof SpreadResult, value: number) => {
    if (Number.isNaN(value)) return;
    const t = out[metric];
    t.n += 1;
    t.sum += value;
    t.sumSquares += value * value;
    if (wanted > 0) all[metric].push(value);
  };
  const indices = selectCalls(corpus, query.filters ?? {});
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    if (c.status[i] !== 0) continue;
    add(
      'ahtMs',
      handleTimeMs({
        durationMs: c.durationMs[i]!,
        ivrMs: c.ivrMs[i]!,
        holdMs: c.holdMs[i]!,
        acwMs: c.acwMs[i]!,
      }),
    );
    add('customerSentiment', c.customerSentiment[i]!);
    add('qaScore', c.qaScore[i]!);
    add('complianceScore', c.complianceScore[i]!);
    add('costPerAnalysedCall', c.cost[i]!);
  }
  if (wanted > 0) for (const m of SPREAD_METRICS) out[m].values = evenly(all[m], wanted);
  return out;
}

function evenly(values: number[], max: number): number[] {
  const kept = evenPositions(values.length, max);
  return kept ? kept.map((k) => values[k]!) : values;
}

/**
 * Which of `length` values are kept, at most `max`: all (null) up to `max`, else every k-th
 * (deterministic, spread over the period).
 */
export function evenPositions(length: number, max: number): number[] | null {
  if (length <= max) return null;
  const step = length / max;
  return Array.from({ length: max }, (_, k) => Math.floor(k * step));
}
