/**
 * How each rule did over a period: calls in its scope and calls it hit. Hits are counted with
 * the same call selection the call list uses (failedRuleId / category filters), so a rule's
 * hit count always equals the list its link opens.
 */
import { inScope } from '../rules/evaluate.ts';
import type { Corpus } from '../corpus/corpus.ts';
import type { CallFilters, RuleStats, RuleStatsQuery } from '../source.ts';
import { selectCalls } from './select.ts';
import { callAttributes } from './writes.ts';
import { changedAt } from './rule-history.ts';

export function ruleStats(corpus: Corpus, query: RuleStatsQuery): RuleStats[] {
  const period: CallFilters = { from: query.from, to: query.to };
  const analysed = selectCalls(corpus, { ...period, status: 'analysed' });
  const attributes = Array.from(analysed, (i) => callAttributes(corpus, i));
  return corpus.rules.map((rule): RuleStats => {
    const drillDown: CallFilters =
      rule.kind === 'compliance'
        ? { ...period, failedRuleId: rule.id }
        : { ...period, category: rule.id };
    let applicable = 0;
    if (rule.active) for (const a of attributes) if (inScope(rule, a)) applicable++;
    const hits = rule.active ? selectCalls(corpus, drillDown).length : 0;
    const rate = applicable > 0 ? hits / applicable : null;
    return {
      ruleId: rule.id,
      applicableCalls: applicable,
      hits,
      hitRate: rate,
      failureRate: rule.kind === 'compliance' ? rate : null,
      drillDown,
      changedAt: changedAt(corpus, rule.id),
    };
  });
}
