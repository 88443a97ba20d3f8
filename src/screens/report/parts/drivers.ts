/**
 * Top drivers of a report's outcome: the categories and topics whose calls have the outcome
 * most often compared with the other analysed calls of the selection (metrics'
 * outcomeAssociation). Ranked by rate difference; groups under MIN_DRIVER_CALLS, or whose
 * difference is under MIN_DRIVER_Z standard errors, are left out as noise. A driver's link lists its calls with the outcome: that list's total is `outcome`.
 */
import type { AggregateResult, CallFilters, KpiKey } from '../../../data/index.ts';
import {
  MIN_DRIVER_CALLS,
  MIN_DRIVER_Z,
  associationZ,
  outcomeAssociation,
  type OutcomeAssociation,
} from '../../../metrics/index.ts';

export interface DriverRow extends OutcomeAssociation {
  kind: 'category' | 'topic';
  key: string;
  label: string;
  /** Analysed calls with the category or topic. */
  calls: number;
  /** Of those, calls with the outcome. */
  outcome: number;
  /** The calls with the category or topic and the outcome. */
  filters: CallFilters;
}

export interface DriverInput {
  kind: DriverRow['kind'];
  result: AggregateResult;
}

export function rankDrivers(
  inputs: readonly DriverInput[],
  outcome: { count: KpiKey; filters: CallFilters },
  limit = 8,
): DriverRow[] {
  const rows: DriverRow[] = [];
  for (const { kind, result } of inputs) {
    const totalCalls = result.total.analysedCalls;
    const totalOutcome = result.total[outcome.count] as number;
    for (const row of result.rows) {
      const calls = row.metrics.analysedCalls;
      if (calls < MIN_DRIVER_CALLS) continue;
      const hits = row.metrics[outcome.count] as number;
      const counts = { groupCalls: calls, groupOutcome: hits, totalCalls, totalOutcome };
      const association = outcomeAssociation(counts);
      const z = associationZ(counts);
      if (association.difference === null || z === null || z < MIN_DRIVER_Z) continue;
      rows.push({
        kind,
        key: row.key,
        label: row.label,
        calls,
        outcome: hits,
        filters: { ...row.filters, ...outcome.filters },
        ...association,
      });
    }
  }
  return rows
    .sort((a, b) => b.difference! - a.difference! || b.outcome - a.outcome)
    .slice(0, limit);
}
