/**
 * Words the errors of a generated schema validator (src/generated/data-validators.ts) as one
 * `path: message` line per problem, e.g. `condition.all[0].phrase.terms: must list at least one
 * value`. A rule condition is a `oneOf` of one-key branches; ajv reports every branch that did
 * not match, so those are dropped and only the branch the author chose speaks.
 */

/** The parts of an ajv error this module reads. */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export type SchemaValidator = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

/** `/condition/all/0/phrase` + `terms` -> `condition.all[0].phrase.terms`. */
export function fieldPath(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1);
  if (child !== undefined) parts.push(child);
  return parts
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, p) => (/^\d+$/.test(p) ? `${path}[${p}]` : path ? `${path}.${p}` : p), '');
}

function valueAt(data: unknown, instancePath: string): unknown {
  let value = data;
  for (const part of instancePath.split('/').slice(1)) {
    value = (value as Record<string, unknown> | undefined)?.[part];
  }
  return value;
}

const list = (items: readonly unknown[], last = 'or'): string => {
  const words = items.map(String);
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;
};

const article: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

function describe(e: SchemaError): string {
  const p = e.params;
  switch (e.keyword) {
    case 'type':
      return `must be ${String(p.type)
        .split(',')
        .map((t) => article[t] ?? t)
        .join(' or ')}`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must have at least ${p.limit} characters`;
    case 'pattern':
      return p.pattern === '\\S' ? 'must not be blank' : 'is not in the expected form';
    case 'minItems':
      return p.limit === 1 ? 'must list at least one value' : `must list at least ${p.limit}`;
    case 'minimum':
      return `must be ${p.limit} or more`;
    case 'maximum':
      return `must be at most ${p.limit}`;
    case 'exclusiveMinimum':
      return `must be a number above ${p.limit}`;
    case 'exclusiveMaximum':
      return `must be a number below ${p.limit}`;
    case 'enum':
      return `must be ${list(p.allowedValues as unknown[])}`;
    case 'const':
      return `must be ${String(p.allowedValue)}`;
    default:
      return e.message ?? `fails ${e.keyword}`;
  }
}

/**
 * `branchKeys`: the keys that choose a `oneOf` branch (generated beside the validators). Where
 * a `oneOf` failed, each branch not chosen reports its key missing and the chosen key
 * unknown: those reports are dropped (the keys are kept for "needs exactly one of ...").
 */
export function schemaProblems(
  validate: SchemaValidator,
  data: unknown,
  branchKeys: ReadonlySet<string>,
): string[] {
  if (validate(data)) return [];
  const errors = validate.errors ?? [];
  const oneOfPaths = new Set(
    errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath),
  );
  // Keys of the condition branches tried at each place, for "needs exactly one of ...".
  const tried = new Map<string, string[]>();
  // Properties of which one is needed (anyOf of required), per anyOf.
  const anyOfNeeded = new Map<string, string[]>();
  // A property some branch allows (`negate` of a phrase) is reported unknown by the others:
  // only a property every branch refuses is unknown. Branches: one per key reported missing,
  // plus the chosen one when the data has its key.
  const branches = new Map<string, number>();
  const unknownIn = new Map<string, number>();
  for (const e of errors) {
    if (!oneOfPaths.has(e.instancePath)) continue;
    if (e.keyword === 'required')
      branches.set(e.instancePath, (branches.get(e.instancePath) ?? 0) + 1);
    if (e.keyword === 'additionalProperties') {
      const id = `${e.instancePath}|${String(e.params.additionalProperty)}`;
      unknownIn.set(id, (unknownIn.get(id) ?? 0) + 1);
    }
  }
  for (const path of oneOfPaths) {
    const value = valueAt(data, path);
    const chosen =
      typeof value === 'object' &&
      value !== null &&
      Object.keys(value).some((k) => branchKeys.has(k));
    if (chosen) branches.set(path, (branches.get(path) ?? 0) + 1);
  }
  const kept: SchemaError[] = [];
  for (const e of errors) {
    if (oneOfPaths.has(e.instancePath)) {
      if (e.keyword === 'required') {
        const key = String(e.params.missingProperty);
        tried.set(e.instancePath, [...(tried.get(e.instancePath) ?? []), key]);
        continue;
      }
      if (
        e.keyword === 'additionalProperties' &&
        (branchKeys.has(String(e.params.additionalProperty)) ||
          (unknownIn.get(`${e.instancePath}|${String(e.params.additionalProperty)}`) ?? 0) <
            (branches.get(e.instancePath) ?? 0))
      )
        continue;
    }
    const anyOf = /^(.*\/anyOf)\/\d+\/required$/.exec(e.schemaPath)?.[1];
    if (anyOf !== undefined) {
      const id = `${e.instancePath}|${anyOf}`;
      anyOfNeeded.set(id, [...(anyOfNeeded.get(id) ?? []), String(e.params.missingProperty)]);
      continue;
    }
    if (e.keyword === 'if') continue;
    kept.push(e);
  }
  const problems = kept.flatMap((e): string[] => {
    const here = fieldPath(e.instancePath);
    switch (e.keyword) {
      case 'required':
        return [`${fieldPath(e.instancePath, String(e.params.missingProperty))}: is required`];
      case 'additionalProperties':
        return [
          `${fieldPath(e.instancePath, String(e.params.additionalProperty))}: is not a known field`,
        ];
      case 'anyOf': {
        const needed = anyOfNeeded.get(`${e.instancePath}|${e.schemaPath}`);
        return needed ? [`${here}: needs ${list(needed)}`] : [`${here}: ${describe(e)}`];
      }
      case 'oneOf': {
        // Only when no branch said more (e.g. an empty condition, or no known key).
        const more = kept.some(
          (o) => o !== e && (o.instancePath + '/').startsWith(e.instancePath + '/'),
        );
        const at = valueAt(data, e.instancePath);
        const present = typeof at === 'object' && at !== null ? Object.keys(at) : [];
        const keys = [...branchKeys].filter(
          (k) => present.includes(k) || tried.get(e.instancePath)?.includes(k),
        );
        return more ? [] : [`${here}: needs exactly one of ${list(keys)}`];
      }
      default:
        return [`${here}: ${describe(e)}`];
    }
  });
  return [...new Set(problems)];
}
