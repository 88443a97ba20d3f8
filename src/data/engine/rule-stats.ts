/**
 * How each rule did over a period: calls in its scope and calls it hit. Hits are counted with
 * the same call selection the call list uses (failedRuleId / category filters), so a rule's
 * hit count always equals the list its link opens.
 */
import { inScope } from '../../domain/rules/index.ts';
import type { Corpus } from '../corpus/corpus.ts';
import type { CallFilters, RuleStats, RuleStatsQuery } from '../source.ts';
import type { Rule } from '../../generated/data.types.ts';
import { selectCalls } from './select.ts';
import { callAttributes } from './writes.ts';
import { changedAt } from './rule-history.ts';

export function ruleStats(corpus: Corpus, query: RuleStatsQuery): RuleStats[] {
  const period = rulePeriod(query);
  const applicable = new Int32Array(corpus.rules.length);
  for (const i of selectCalls(corpus, { ...period, status: 'analysed' })) {
    addInScope(corpus, i, 1, applicable);
  }
  const hits = corpus.rules.map((rule) =>
    rule.active ? selectCalls(corpus, ruleDrillDown(rule, period)).length : 0,
  );
  return ruleStatsResult(corpus, period, applicable, hits);
}

/** The period's filters. */
export function rulePeriod(query: RuleStatsQuery): CallFilters {
  return { from: query.from, to: query.to };
}

/** The calls a rule hit in the period: the list its link opens. */
export function ruleDrillDown(rule: Rule, period: CallFilters): CallFilters {
  return rule.kind === 'compliance'
    ? { ...period, failedRuleId: rule.id }
    : { ...period, category: rule.id };
}

/**
 * Adds `calls` calls with call i's attributes to the count of each active rule whose scope
 * they are in (the API server counts analysed calls per attributes in SQL, then here).
 */
export function addInScope(corpus: Corpus, i: number, calls: number, applicable: Int32Array) {
  const attributes = callAttributes(corpus, i);
  corpus.rules.forEach((rule, k) => {
    if (rule.active && inScope(rule, attributes)) applicable[k]! += calls;
  });
}

/** The rows from the analysed calls in each rule's scope and its hits (corpus.rules order). */
export function ruleStatsResult(
  corpus: Corpus,
  period: CallFilters,
  applicable: Int32Array,
  hits: readonly number[],
): RuleStats[] {
  return corpus.rules.map((rule, k): RuleStats => {
    const rate = applicable[k]! > 0 ? hits[k]! / applicable[k]! : null;
    return {
      ruleId: rule.id,
      applicableCalls: applicable[k]!,
      hits: hits[k]!,
      hitRate: rate,
      failureRate: rule.kind === 'compliance' ? rate : null,
      drillDown: ruleDrillDown(rule, period),
      changedAt: changedAt(corpus, rule.id),
    };
  });
}
