/**
 * The problems of a rule draft, each `path: message`, from the validator compiled from
 * schema/data/rule.schema.json: the store refuses a draft with any (engine/validate.ts), and the
 * rule builder checks a draft with the same function before asking for a preview.
 */
import { branchKeys, validateRule } from '../../generated/data-validators.ts';
import { schemaProblems, type SchemaValidator } from '../engine/schema-problems.ts';
import type { RuleDraft } from '../source.ts';

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

export function ruleDraftProblems(draft: RuleDraft): string[] {
  if (!isObject(draft)) return ['rule: expected an object'];
  const { baseVersion: _b, restoreDeleted: _r, ...rule } = draft;
  return schemaProblems(
    validateRule as SchemaValidator,
    {
      ...rule,
      id: rule.id ?? 'new-rule',
      version: 1,
    },
    branchKeys,
  );
}
