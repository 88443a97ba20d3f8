import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Finding } from './problem.ts';
import { describeSchemaError, type SchemaNode } from './schema-messages.ts';
import { closestName } from './suggest.ts';

export interface SchemaChecker {
  validate: ValidateFunction;
  /** Validator for one `oneOf` branch, to explain a failing `oneOf` by its closest branch. */
  branch(schema: object): ValidateFunction | undefined;
}

/** Compiles the manifest schema; `verbose` keeps each error's schema so messages can quote it. */
export function compileSchema(schema: object): SchemaChecker {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
  const validate = ajv.compile(schema);
  const rootId = (schema as { $id?: string }).$id ?? '';
  const branches = new Map<object, ValidateFunction | undefined>();
  return {
    validate,
    branch(branchSchema) {
      if (!branches.has(branchSchema)) {
        const ref = (branchSchema as { $ref?: string }).$ref;
        let compiled: ValidateFunction | undefined;
        try {
          compiled = ref?.startsWith('#') ? ajv.getSchema(rootId + ref) : ajv.compile(branchSchema);
        } catch {
          compiled = undefined;
        }
        branches.set(branchSchema, compiled);
      }
      return branches.get(branchSchema);
    },
  };
}

/**
 * Layer 1: the JSON Schema. Turns ajv's errors into findings that say what was expected and,
 * for an unknown key or enum value, the closest valid name. Never throws on bad input.
 */
export function checkSchema(checker: SchemaChecker, value: unknown): Finding[] {
  if (checker.validate(value)) return [];
  const root = checker.validate.schema as SchemaNode;
  const errors = dropMisspeltRequired(explainOneOf(checker, checker.validate.errors ?? []));
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const finding = describeSchemaError(e, root);
    if (!finding) continue;
    const key = `${finding.pointer}\u0000${finding.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(finding);
  }
  return findings;
}

/**
 * A failing `oneOf` makes ajv report every branch's errors (and, through `$ref`, with schema
 * paths that do not say which branch). Re-check the value against each branch and keep only
 * the errors of the branch that came closest: the one the author meant. The schema never
 * combines `oneOf` with other keywords on one value, so everything at or below it is replaced.
 */
function explainOneOf(checker: SchemaChecker, errors: ErrorObject[]): ErrorObject[] {
  let kept = errors;
  for (const o of errors.filter((e) => e.keyword === 'oneOf')) {
    const within = (e: ErrorObject): boolean =>
      e.instancePath === o.instancePath || e.instancePath.startsWith(o.instancePath + '/');
    let best: ErrorObject[] | undefined;
    for (const branchSchema of (o.schema as object[]) ?? []) {
      const validate = checker.branch(branchSchema);
      if (!validate || validate(o.data)) continue;
      const branchErrors = (validate.errors ?? []).map((e) => ({
        ...e,
        instancePath: o.instancePath + e.instancePath,
      }));
      if (!best || branchErrors.length < best.length) best = branchErrors;
    }
    if (!best) continue;
    kept = [...kept.filter((e) => !within(e)), ...best];
  }
  return kept;
}

/**
 * `"titel"` instead of `"title"` fails twice: unknown key and missing key. The unknown-key
 * message already suggests the right name, so the missing-key error is left out.
 */
function dropMisspeltRequired(errors: ErrorObject[]): ErrorObject[] {
  const misspelt = new Set<string>();
  for (const e of errors) {
    if (e.keyword !== 'additionalProperties') continue;
    const known = Object.keys((e.parentSchema as SchemaNode | undefined)?.properties ?? {});
    const meant = closestName(String(e.params.additionalProperty), known);
    if (meant !== undefined) misspelt.add(`${e.instancePath}\u0000${meant}`);
  }
  return errors.filter(
    (e) =>
      e.keyword !== 'required' ||
      !misspelt.has(`${e.instancePath}\u0000${String(e.params.missingProperty)}`),
  );
}
