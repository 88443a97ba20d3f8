/**
 * Checks of what settings screens write, with one message per problem and a clean path
 * (`condition.all[0].phrase.terms: ...`). Rules and settings are checked by validators compiled
 * from schema/data/rule.schema.json and settings.schema.json (src/generated/data-validators.ts,
 * ajv standalone output: no run-time code generation, which the strict Content-Security-Policy
 * forbids), so the schemas are the one statement of those shapes; this module only words
 * their errors. Forms keep hand checks for rules the form schema does not state.
 */
import type { AnalyticsSettings, EvaluationForm } from '../../generated/data.types.ts';
import { branchKeys, validateRule, validateSettings } from '../../generated/data-validators.ts';
import {
  DataSourceError,
  type EvaluationFormDraft,
  type RuleDraft,
  type SettingsPatch,
} from '../source.ts';
import { schemaProblems, type SchemaValidator } from './schema-problems.ts';

function fail(what: string, problems: string[]): never {
  throw new DataSourceError(
    'invalid-query',
    `${what} is not valid: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
    problems,
  );
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** A draft is a rule before the store gives it an id and a version. */
export function validateRuleDraft(draft: RuleDraft): void {
  if (!isObject(draft)) fail('The rule', ['rule: expected an object']);
  const { baseVersion: _b, restoreDeleted: _r, ...rule } = draft;
  const problems = schemaProblems(
    validateRule as SchemaValidator,
    {
      ...rule,
      id: rule.id ?? 'new-rule',
      version: 1,
    },
    branchKeys,
  );
  if (problems.length > 0) fail('The rule', problems);
}

/** A patch is checked as the settings it would produce, against the settings schema. */
export function validateSettingsPatch(patch: SettingsPatch, current: AnalyticsSettings): void {
  if (!isObject(patch)) fail('The settings', ['settings: expected an object']);
  const next = {
    smart: { ...current.smart, ...(patch.smart ?? {}) },
    costControl: { ...current.costControl, ...(patch.costControl ?? {}) },
  };
  const problems = schemaProblems(validateSettings as SchemaValidator, next, branchKeys);
  if (problems.length > 0) fail('The settings', problems);
}

export function validateFormDraft(form: EvaluationFormDraft): void {
  const problems: string[] = [];
  if (!isObject(form)) fail('The form', ['form: expected an object']);
  if (typeof form.id !== 'string' || form.id === '') problems.push('id: must not be empty');
  if (typeof form.name !== 'string' || form.name.trim() === '')
    problems.push('name: must not be empty');
  if (!Array.isArray(form.sections) || form.sections.length === 0)
    problems.push('sections: needs at least one section');
  else
    form.sections.forEach((s: EvaluationForm['sections'][number], k) => {
      if (!(typeof s.weight === 'number' && s.weight > 0))
        problems.push(`sections[${k}].weight: must be above 0`);
      if (!Array.isArray(s.questions) || s.questions.length === 0)
        problems.push(`sections[${k}].questions: needs at least one question`);
      else
        s.questions.forEach((q, j) => {
          const at = `sections[${k}].questions[${j}]`;
          if (
            (q.type === 'single-select' || q.type === 'yes-no') &&
            (!q.options || q.options.length < 2)
          )
            problems.push(`${at}.options: needs at least two options`);
          if (q.type === 'numeric' && !(typeof q.maxPoints === 'number' && q.maxPoints >= 0))
            problems.push(`${at}.maxPoints: needed for numeric questions`);
        });
    });
  if (problems.length > 0) fail('The form', problems);
}
