/**
 * Checks of what settings screens write, with one message per problem and a clean path
 * (`condition.all[0].phrase.terms: ...`). Rules and settings are checked by validators compiled
 * from schema/data/rule.schema.json and settings.schema.json (src/generated/data-validators.ts,
 * ajv standalone output: no run-time code generation, which the strict Content-Security-Policy
 * forbids), so the schemas are the one statement of those shapes; this module only words
 * their errors. Forms keep hand checks for rules the form schema does not state.
 */
import type { AnalyticsSettings, EvaluationForm } from '../../generated/data.types.ts';
import { branchKeys, validateSettings } from '../../generated/data-validators.ts';
import { ruleDraftProblems } from '../rules/draft-problems.ts';
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
  const problems = ruleDraftProblems(draft);
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

/** The bounds of a form's numbers, as schema/data/evaluation-form.schema.json states them. */
export const FORM_LIMITS = { weight: 10, points: 100 } as const;

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
      else if (s.weight > FORM_LIMITS.weight)
        problems.push(`sections[${k}].weight: must be at most ${FORM_LIMITS.weight}`);
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
          else if (typeof q.maxPoints === 'number' && q.maxPoints > FORM_LIMITS.points)
            problems.push(`${at}.maxPoints: must be at most ${FORM_LIMITS.points}`);
          q.options?.forEach((o, m) => {
            if (!(typeof o.points === 'number' && o.points >= 0 && o.points <= FORM_LIMITS.points))
              problems.push(`${at}.options[${m}].points: must be from 0 to ${FORM_LIMITS.points}`);
          });
        });
    });
  if (problems.length > 0) fail('The form', problems);
}
