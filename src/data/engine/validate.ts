/**
 * Checks of what settings screens write, with one message per problem and a clean path
 * (`condition.all[0].phrase.terms: ...`). Hand-written rather than ajv so the worker needs no
 * runtime code generation (which a strict Content-Security-Policy forbids).
 */
import type { EvaluationForm, RuleCondition } from '../../generated/data.types.ts';
import {
  DataSourceError,
  type EvaluationFormDraft,
  type RuleDraft,
  type SettingsPatch,
} from '../source.ts';

const SEVERITIES = ['critical', 'major', 'minor'];
const SPEAKERS = ['AGENT', 'CUSTOMER', 'IVR'];
const ATTRIBUTE_FIELDS = [
  'direction',
  'queue',
  'brand',
  'product',
  'language',
  'disposition',
  'durationSec',
];

function fail(what: string, problems: string[]): never {
  throw new DataSourceError(
    'invalid-query',
    `${what} is not valid: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
    problems,
  );
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const isStringList = (x: unknown, min = 0) =>
  Array.isArray(x) && x.length >= min && x.every((t) => typeof t === 'string' && t.trim() !== '');

export function validateRuleDraft(draft: RuleDraft): void {
  const problems: string[] = [];
  if (!isObject(draft)) fail('The rule', ['rule: expected an object']);
  if (typeof draft.name !== 'string' || draft.name.trim() === '')
    problems.push('name: must not be empty');
  if (draft.kind !== 'compliance' && draft.kind !== 'category')
    problems.push('kind: must be compliance or category');
  if (!SEVERITIES.includes(draft.severity))
    problems.push('severity: must be critical, major or minor');
  if (typeof draft.points !== 'number' || !(draft.points > 0))
    problems.push('points: must be a number above 0');
  if (typeof draft.active !== 'boolean') problems.push('active: must be true or false');
  if (!isObject(draft.scope)) problems.push('scope: expected an object');
  else {
    const s = draft.scope;
    if (s.direction !== undefined && s.direction !== 'inbound' && s.direction !== 'outbound')
      problems.push('scope.direction: must be inbound or outbound');
    for (const key of ['queues', 'vendorIds', 'agentIds', 'brands'] as const) {
      if (s[key] !== undefined && !isStringList(s[key]))
        problems.push(`scope.${key}: must be a list of names`);
    }
  }
  checkCondition(draft.condition, 'condition', problems);
  if (problems.length > 0) fail('The rule', problems);
}

function checkCondition(c: RuleCondition | undefined, path: string, problems: string[]): void {
  if (!isObject(c)) {
    problems.push(`${path}: expected a condition`);
    return;
  }
  const keys = Object.keys(c).filter((k) => k !== 'negate');
  if (keys.length !== 1) {
    problems.push(
      `${path}: needs exactly one of all, any, not, phrase, sentiment, nonTalk, interruptions, attribute`,
    );
    return;
  }
  const key = keys[0]!;
  const value = (c as Record<string, unknown>)[key];
  switch (key) {
    case 'all':
    case 'any':
      if (!Array.isArray(value) || value.length === 0)
        problems.push(`${path}.${key}: must list at least one condition`);
      else
        value.forEach((sub, k) =>
          checkCondition(sub as RuleCondition, `${path}.${key}[${k}]`, problems),
        );
      return;
    case 'not':
      checkCondition(value as RuleCondition, `${path}.not`, problems);
      return;
    case 'phrase': {
      if (!isObject(value)) return void problems.push(`${path}.phrase: expected an object`);
      if (!isStringList(value.terms, 1))
        problems.push(`${path}.phrase.terms: must list at least one non-empty phrase`);
      if (value.speaker !== undefined && !SPEAKERS.includes(value.speaker as string))
        problems.push(`${path}.phrase.speaker: must be AGENT, CUSTOMER or IVR`);
      const w = value.window;
      if (w !== undefined) {
        if (!isObject(w)) problems.push(`${path}.phrase.window: expected an object`);
        else
          for (const k of ['firstSec', 'lastSec'] as const) {
            if (w[k] !== undefined && !(typeof w[k] === 'number' && (w[k] as number) > 0))
              problems.push(`${path}.phrase.window.${k}: must be a number of seconds above 0`);
          }
      }
      const near = value.near;
      if (near !== undefined) {
        if (!isObject(near) || !isStringList(near.terms, 1))
          problems.push(`${path}.phrase.near.terms: must list at least one phrase`);
        else if (!Number.isInteger(near.words) || (near.words as number) < 1)
          problems.push(`${path}.phrase.near.words: must be a whole number from 1`);
      }
      if ('negate' in c && typeof (c as { negate?: unknown }).negate !== 'boolean')
        problems.push(`${path}.negate: must be true or false`);
      return;
    }
    case 'sentiment': {
      if (!isObject(value)) return void problems.push(`${path}.sentiment: expected an object`);
      if (value.speaker !== 'AGENT' && value.speaker !== 'CUSTOMER')
        problems.push(`${path}.sentiment.speaker: must be AGENT or CUSTOMER`);
      if (!['overall', 'start', 'end'].includes(value.part as string))
        problems.push(`${path}.sentiment.part: must be overall, start or end`);
      if (value.below === undefined && value.above === undefined)
        problems.push(`${path}.sentiment: needs below or above`);
      for (const k of ['below', 'above'] as const) {
        const v = value[k];
        if (v !== undefined && !(typeof v === 'number' && v >= -5 && v <= 5))
          problems.push(`${path}.sentiment.${k}: must be from -5 to 5`);
      }
      return;
    }
    case 'nonTalk':
      if (!isObject(value) || !(typeof value.overSec === 'number' && value.overSec > 0))
        problems.push(`${path}.nonTalk.overSec: must be a number of seconds above 0`);
      return;
    case 'interruptions':
      if (!isObject(value) || !Number.isInteger(value.over) || (value.over as number) < 0)
        problems.push(`${path}.interruptions.over: must be a whole number from 0`);
      return;
    case 'attribute': {
      if (!isObject(value) || !ATTRIBUTE_FIELDS.includes(value.field as string)) {
        return void problems.push(
          `${path}.attribute.field: must be one of ${ATTRIBUTE_FIELDS.join(', ')}`,
        );
      }
      if (value.field === 'durationSec') {
        if (typeof value.over !== 'number' && typeof value.under !== 'number')
          problems.push(`${path}.attribute: durationSec needs over or under`);
      } else if (!isStringList(value.in, 1))
        problems.push(`${path}.attribute.in: must list at least one value`);
      return;
    }
    default:
      problems.push(`${path}: unknown condition "${key}"`);
  }
}

export function validateSettingsPatch(patch: SettingsPatch): void {
  const problems: string[] = [];
  const s = patch.smart ?? {};
  const intIn = (name: string, v: unknown, min: number, max: number) => {
    if (v !== undefined && !(Number.isInteger(v) && (v as number) >= min && (v as number) <= max))
      problems.push(`smart.${name}: must be a whole number from ${min} to ${max}`);
  };
  const ratio = (name: string, v: unknown) => {
    if (v !== undefined && !(typeof v === 'number' && v >= 0 && v <= 1))
      problems.push(`${name}: must be from 0 to 1`);
  };
  intIn('silenceThresholdMs', s.silenceThresholdMs, 0, 600_000);
  intIn('repeatWindowDays', s.repeatWindowDays, 1, 90);
  intIn('transferWindowMinutes', s.transferWindowMinutes, 0, 1440);
  intIn('shortCallSeconds', s.shortCallSeconds, 0, 3600);
  ratio('smart.churnMediumScore', s.churnMediumScore);
  ratio('smart.churnHighScore', s.churnHighScore);
  ratio('smart.fakeCallThreshold', s.fakeCallThreshold);
  const c = patch.costControl ?? {};
  if (c.monthlyCap !== undefined && !(typeof c.monthlyCap === 'number' && c.monthlyCap >= 0))
    problems.push('costControl.monthlyCap: must be 0 or more');
  const seconds = (name: 'minDurationSec' | 'maxDurationSec') => {
    const v = c[name];
    if (v !== undefined && !(Number.isInteger(v) && v >= 0 && v <= 86_400))
      problems.push(`costControl.${name}: must be a whole number of seconds from 0 to 86400`);
  };
  seconds('minDurationSec');
  seconds('maxDurationSec');
  if (
    c.alertAtShares !== undefined &&
    !(
      Array.isArray(c.alertAtShares) &&
      c.alertAtShares.every((v) => typeof v === 'number' && v > 0 && v <= 2)
    )
  )
    problems.push('costControl.alertAtShares: each alert must be above 0 % and at most 200 %');
  if (c.sampling !== undefined) {
    if (!Array.isArray(c.sampling)) problems.push('costControl.sampling: must be a list');
    else
      c.sampling.forEach((rule, k) => {
        if (rule.scope !== 'queue' && rule.scope !== 'vendor')
          problems.push(`costControl.sampling[${k}].scope: must be queue or vendor`);
        ratio(`costControl.sampling[${k}].rate`, rule.rate);
      });
  }
  if (c.rates !== undefined) {
    for (const k of ['speechToTextPerMinute', 'analysisPerCall', 'storagePerMinute'] as const) {
      if (!(typeof c.rates[k] === 'number' && c.rates[k] >= 0))
        problems.push(`costControl.rates.${k}: must be 0 or more`);
    }
  }
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
