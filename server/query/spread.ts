/**
 * The spread of the averaged KPIs (n, sum and sum of squares of each one's per-call values, and
 * an even sample of the values) compiled to ClickHouse SQL over the call tables. A sum of
 * squares of 32-bit floats is not exact in 64 bits, so its value depends on the order of the
 * additions: the database adds each metric's values one by one in time order (arrayCumSum over
 * the values sorted by call), as the engine's loop does, so the sums are the engine's to the
 * last bit. Handle time is the KPI's own per-call contribution (kpi-totals.ts); which values
 * are sampled is the engine's evenPositions.
 */
import {
  MAX_SPREAD_VALUES,
  SPREAD_METRICS,
  type SpreadMetric,
  type SpreadQuery,
  type SpreadResult,
} from '../../src/data/spread.ts';
import { evenPositions, spreadValuesWanted } from '../../src/data/engine/spread.ts';
import { CompiledReads } from './filters.ts';
import { contributionColumn } from './kpi-totals.ts';

/** Each metric's per-call value of an analysed call, NaN where the call has none. */
const VALUE_SQL: Record<SpreadMetric, string> = {
  ahtMs: `toFloat64(${contributionColumn('handleMs')})`,
  customerSentiment: 'toFloat64(customer_sentiment)',
  qaScore: 'toFloat64(qa_score)',
  complianceScore: 'toFloat64(compliance_score)',
  costPerAnalysedCall: 'toFloat64(cost)',
};

export class CompiledSpread extends CompiledReads {
  async spread(query: SpreadQuery): Promise<SpreadResult> {
    const wanted = spreadValuesWanted(query);
    // Each metric's values in time order (call indices are in time order).
    const values = SPREAD_METRICS.map(
      (m) =>
        `arrayMap(x -> x.2, arraySort(groupArrayIf((idx, ${VALUE_SQL[m]}), NOT isNaN(${VALUE_SQL[m]})))) AS ${m}`,
    );
    const from = `FROM (SELECT ${values.join(', ')} FROM ${this.tables.calls} WHERE (${this.where(query.filters ?? {})}) AND status = 0)`;
    const totals = await this.db.text(
      `SELECT ${SPREAD_METRICS.map((m) => `length(${m}), arrayCumSum(${m})[-1], arrayCumSum(arrayMap(v -> v * v, ${m}))[-1]`).join(', ')} ${from}`,
      'JSONCompactEachRow',
    );
    const row = JSON.parse(totals) as (number | string)[];
    const out = Object.fromEntries(
      SPREAD_METRICS.map((m, k) => [
        m,
        { n: Number(row[3 * k]), sum: Number(row[3 * k + 1]), sumSquares: Number(row[3 * k + 2]) },
      ]),
    ) as SpreadResult;
    if (wanted === 0) return out;
    // The values kept: all, or the engine's even spread of positions.
    const kept = SPREAD_METRICS.map((m) => {
      const positions = evenPositions(out[m].n, Math.min(wanted, MAX_SPREAD_VALUES));
      return positions ? `arrayMap(k -> ${m}[k + 1], [${positions.join(', ')}])` : m;
    });
    const sampled = JSON.parse(
      await this.db.text(`SELECT ${kept.join(', ')} ${from}`, 'JSONCompactEachRow'),
    ) as number[][];
    SPREAD_METRICS.forEach((m, k) => (out[m].values = sampled[k]!));
    return out;
  }
}
