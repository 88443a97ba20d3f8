/**
 * Sums of per-call values and their squares for the averaged KPIs, over the same calls and with
 * the same rule for which calls count as `accumulate.ts` (analysed calls; a score only where the
 * call has one), so the mean here equals the KPI's mean for the same filters.
 */
import { handleTimeMs } from '../../metrics/index.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { SPREAD_METRICS, type SpreadQuery, type SpreadResult } from '../spread.ts';
import { selectCalls } from './select.ts';

export function spread(corpus: Corpus, query: SpreadQuery): SpreadResult {
  const c = corpus.cols;
  const out = Object.fromEntries(
    SPREAD_METRICS.map((m) => [m, { n: 0, sum: 0, sumSquares: 0 }]),
  ) as SpreadResult;
  const add = (metric: keyof SpreadResult, value: number) => {
    if (Number.isNaN(value)) return;
    const t = out[metric];
    t.n += 1;
    t.sum += value;
    t.sumSquares += value * value;
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
  return out;
}
