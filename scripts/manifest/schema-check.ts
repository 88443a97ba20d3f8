import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Finding } from './problem.ts';
import { error } from './problem.ts';

export function compileSchema(schema: object): ValidateFunction {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  return ajv.compile(schema);
}

/** Layer 1: the JSON Schema. Returns findings; never throws on bad input. */
export function checkSchema(validate: ValidateFunction, value: unknown): Finding[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) =>
    error(e.instancePath, e.message ?? 'invalid'),
  );
}
