/**
 * Every request checked against the contract before it reaches the service: its argument (the
 * body, the body with the path's id, the id, or nothing) must be what the method's type in
 * src/data/source.ts allows, fields it does not name included (compiled validators,
 * src/generated/request-validators.ts, from scripts/data/request-schemas.ts). The table below is
 * typed as one validator per contract method: a method the generator has not seen does not
 * compile, so none can skip the check.
 */
import type { DataSourceMethod } from '../src/data/source.ts';
import {
  fieldPath,
  schemaProblems,
  type SchemaValidator,
} from '../src/data/engine/schema-problems.ts';
import { branchKeys, requestValidators } from '../src/generated/request-validators.ts';

const VALIDATORS: Record<DataSourceMethod, SchemaValidator> = requestValidators;

/** The most problems one answer lists: a list of 100,000 wrong items gets a short answer. */
const MOST_PROBLEMS = 10;

const ANY_OF = 'must match a schema in anyOf';
const DATE_MESSAGE = 'must be a date (YYYY-MM-DD) or an ISO timestamp of the years 0000 to 9999';

/**
 * The problems of a method's argument, one `field: message` each (empty when it is valid); the
 * field is `body` when the whole argument is wrong. Arguments travel as JSON, so `undefined`
 * (no body) is checked as null.
 */
export function requestProblems(method: DataSourceMethod, argument: unknown): string[] {
  const validate = VALIDATORS[method];
  const problems = schemaProblems(validate, argument ?? null, branchKeys);
  if (problems.length === 0) return [];
  const dates = new Set(
    (validate.errors ?? [])
      .filter((e) => e.keyword === 'pattern' && String(e.params.pattern).includes('\\d{4}-'))
      .map((e) => fieldPath(e.instancePath)),
  );
  return worded(problems, dates)
    .slice(0, MOST_PROBLEMS)
    .map((p) => (p.startsWith(': ') ? `body${p}` : p));
}

/**
 * Plainer words for what the generic wording says badly: one line for a field that may be one of
 * several kinds (`vendorId: must be text or a list`, not a line per kind and one for anyOf), a
 * date's form, an empty patch.
 */
function worded(problems: string[], dates: ReadonlySet<string>): string[] {
  const byField = new Map<string, string[]>();
  for (const problem of problems) {
    const at = problem.indexOf(': ');
    const field = problem.slice(0, at);
    byField.set(field, [...(byField.get(field) ?? []), problem.slice(at + 2)]);
  }
  return [...byField].flatMap(([field, messages]) => {
    if (dates.has(field)) return [`${field}: ${DATE_MESSAGE}`];
    if (messages.includes(ANY_OF)) {
      const kinds = messages.filter((m) => m !== ANY_OF).map((m) => m.replace(/^must be /, ''));
      if (kinds.length === 0) return [`${field}: is none of the kinds allowed here`];
      const or = kinds.some((k) => k.includes(' or ')) ? '; or ' : ' or ';
      return [`${field}: must be ${kinds.join(or)}`];
    }
    return messages.map((m) =>
      m === 'must NOT have fewer than 1 properties'
        ? `${field}: must name at least one field`
        : `${field}: ${m}`,
    );
  });
}
