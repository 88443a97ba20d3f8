/**
 * Every request checked against the contract before it reaches the service: its argument (the
 * body, the body with the path's id, the id, or nothing) must be what the method's type in
 * src/data/source.ts allows, fields it does not name included (compiled validators,
 * src/generated/request-validators.ts, from scripts/data/request-schemas.ts). The table below is
 * typed as one validator per contract method: a method the generator has not seen does not
 * compile, so none can skip the check.
 */
import type { DataSourceMethod } from '../src/data/source.ts';
import { schemaProblems, type SchemaValidator } from '../src/data/engine/schema-problems.ts';
import { branchKeys, requestValidators } from '../src/generated/request-validators.ts';

const VALIDATORS: Record<DataSourceMethod, SchemaValidator> = requestValidators;

/** The most problems one answer lists: a list of 100,000 wrong items gets a short answer. */
const MOST_PROBLEMS = 10;

/**
 * The problems of a method's argument, one `field: message` each (empty when it is valid); the
 * field is `body` when the whole argument is wrong. Arguments travel as JSON, so `undefined`
 * (no body) is checked as null.
 */
export function requestProblems(method: DataSourceMethod, argument: unknown): string[] {
  const problems = schemaProblems(VALIDATORS[method], argument ?? null, branchKeys);
  return problems.slice(0, MOST_PROBLEMS).map((p) => (p.startsWith(': ') ? `body${p}` : p));
}
