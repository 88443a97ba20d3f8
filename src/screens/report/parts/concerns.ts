/**
 * What sets each group (brand, product...) apart: the topics its calls are about more often
 * than the other groups' calls, by the same measure as the drivers (metrics'
 * outcomeAssociation, here with the group as the population and the topic as the outcome).
 * Only topics with at least MIN_CONCERN_CALLS calls in the group, and a difference of at least
 * MIN_CONCERN_Z standard errors (not noise), are listed.
 */
import type { AggregateResult, CallFilters } from '../../../data/index.ts';
import {
  associationZ,
  outcomeAssociation,
  type OutcomeAssociation,
} from '../../../metrics/index.ts';

export const MIN_CONCERN_CALLS = 10;
export const MIN_CONCERN_Z = 2;

export interface Concern extends OutcomeAssociation {
  topic: string;
  /** The group's analysed calls about the topic. */
  calls: number;
  /** Exactly those calls. */
  filters: CallFilters;
}

export interface GroupConcerns {
  key: string;
  label: string;
  /** The group's analysed calls. */
  calls: number;
  concerns: Concern[];
}

export function groupConcerns(
  groups: readonly { key: string; label: string; topics: AggregateResult }[],
  all: AggregateResult,
  perGroup = 3,
): GroupConcerns[] {
  const overall = new Map(all.rows.map((r) => [r.key, r.metrics.analysedCalls]));
  return groups
    .map((group) => {
      const groupCalls = group.topics.total.analysedCalls;
      const concerns = group.topics.rows
        .filter((row) => row.metrics.analysedCalls >= MIN_CONCERN_CALLS)
        .map((row) => {
          const counts = {
            groupCalls,
            groupOutcome: row.metrics.analysedCalls,
            totalCalls: all.total.analysedCalls,
            totalOutcome: overall.get(row.key) ?? row.metrics.analysedCalls,
          };
          const concern: Concern = {
            topic: row.label,
            calls: row.metrics.analysedCalls,
            filters: row.filters,
            ...outcomeAssociation(counts),
          };
          return { concern, z: associationZ(counts) };
        })
        .filter(({ z }) => z !== null && z >= MIN_CONCERN_Z)
        .map(({ concern }) => concern)
        .sort((a, b) => b.difference! - a.difference! || b.calls - a.calls)
        .slice(0, perGroup);
      return { key: group.key, label: group.label, calls: groupCalls, concerns };
    })
    .filter((g) => g.calls > 0);
}
