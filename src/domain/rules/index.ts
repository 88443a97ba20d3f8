/** Rules' public face: the rules a deployment starts with and how a rule judges one call. */
export { COMPETITORS } from './competitors.ts';
export { SIGNAL_RULES, defaultRules } from './default-rules.ts';
export {
  CompiledRules,
  compileRules,
  conditionTester,
  evaluateCondition,
  evaluateRules,
  inScope,
  type ConditionOutcome,
  type ConditionTester,
  type EvaluateOptions,
  type RuleSubject,
} from './evaluate.ts';
