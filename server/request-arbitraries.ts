/**
 * For the contract fuzz test: fast-check generators of requests, from the same request schema
 * the server validates with (src/generated/request-validators.ts), so a method added to the
 * contract is fuzzed without a line here. `validRequest` makes arguments the contract allows,
 * leaning on its limits (the largest offset, the first and last dates of four-digit years, empty
 * and longest lists); `hostileValue` makes what it never allows in some field.
 */
import fc from 'fast-check';
import { requestSchema } from '../src/generated/request-validators.ts';
import type { DataSourceMethod } from '../src/data/source.ts';

type Schema = { [key: string]: unknown };

const DEFS = requestSchema.$defs as Record<string, Schema>;
/** How deep references are followed (rule conditions nest): then the shortest value is taken. */
const MAX_DEPTH = 4;

const DATE_LIMITS = ['0000-01-01', '9999-12-31', '1970-01-01', '2024-02-29', '2024-01-01T00:00Z'];
const STRINGS = ['', ' ', 'call-000001', "' OR 1=1 --", '\u0000', '<script>', 'ä😀'];

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : null;
  const min = (schema.minimum as number | undefined) ?? exclusive ?? -Number.MAX_SAFE_INTEGER;
  const max = (schema.maximum as number | undefined) ?? Number.MAX_SAFE_INTEGER;
  if (schema.type === 'integer') {
    const low = Math.ceil(exclusive === null ? min : exclusive + 1);
    const high = Math.floor(max);
    return fc.oneof(fc.constantFrom(low, high), fc.integer({ min: low, max: high }));
  }
  const low = exclusive === null ? min : exclusive + 1e-9;
  return fc.oneof(
    fc.constantFrom(low, max),
    fc.double({ min: low, max, noNaN: true, noDefaultInfinity: true }),
  );
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? 300;
  const pattern = schema.pattern as string | undefined;
  if (pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) {
    return fc.oneof(
      fc.constantFrom(...DATE_LIMITS),
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2031-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    );
  }
  const fitting = (s: string) => s.length >= minLength && s.length <= maxLength;
  if (pattern) {
    return fc.stringMatching(new RegExp(pattern)).filter(fitting);
  }
  return fc.oneof(
    fc.constantFrom(...STRINGS.filter(fitting)),
    fc.string({ minLength, maxLength: Math.min(maxLength, 40) }),
    fc.constant('x'.repeat(maxLength === 300 ? 2000 : maxLength)),
  );
}

/** How many references a schema makes, its own target's included (a measure of recursion). */
function references(schema: Schema): number {
  const target =
    typeof schema.$ref === 'string' ? DEFS[schema.$ref.slice('#/$defs/'.length)] : schema;
  return JSON.stringify(target).split('"$ref"').length;
}

/** Values the schema allows (mostly: `if`/`then` and `not` of the data schemas are not read). */
export function allowedBy(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') {
    const target = DEFS[schema.$ref.slice('#/$defs/'.length)];
    if (!target) throw new Error(`no $defs for ${schema.$ref}`);
    return allowedBy(target, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) {
    // Deep inside a recursive type (rule conditions), only the branch that refers least on.
    const options =
      depth > MAX_DEPTH
        ? [...branches].sort((a, b) => references(a) - references(b)).slice(0, 1)
        : branches;
    return fc.oneof(...options.map((b) => allowedBy(b, depth)));
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return numberArbitrary(schema);
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = depth > MAX_DEPTH ? minLength : Math.max(minLength, 3);
      const prefix = ((schema.prefixItems as Schema[] | undefined) ?? []).map((s) =>
        allowedBy(s, depth + 1),
      );
      const rest =
        schema.items === false || schema.items === undefined
          ? fc.constant([])
          : fc.array(allowedBy(schema.items as Schema, depth + 1), {
              minLength: Math.max(0, minLength - prefix.length),
              maxLength: Math.max(0, maxLength - prefix.length),
            });
      return fc.tuple(fc.tuple(...prefix), rest).map(([a, b]) => [...a, ...b]);
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required as string[] | undefined) ?? [];
      const keys = depth > MAX_DEPTH ? required : Object.keys(properties);
      const record = fc.record(
        Object.fromEntries(keys.map((k) => [k, allowedBy(properties[k] ?? {}, depth + 1)])),
        { requiredKeys: required.filter((k) => keys.includes(k)) },
      );
      const extra = schema.additionalProperties;
      if (typeof extra !== 'object' || extra === null) return record;
      return fc
        .tuple(
          record,
          fc.dictionary(fc.string({ maxLength: 8 }), allowedBy(extra as Schema), {
            maxKeys: 2,
          }),
        )
        .map(([known, more]) => ({ ...more, ...known }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export function validRequest(method: DataSourceMethod): fc.Arbitrary<unknown> {
  return allowedBy({ $ref: `#/$defs/${method}` });
}

/** What no field of the contract allows where it stands: a value of every wrong kind. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    99999999999999999999,
    -1,
    0.5,
    '-271821-04-20',
    '+275760-09-13',
    'x',
    '',
    true,
    null,
    [],
    {},
    { a: 1 },
    Array(1000).fill('a').join(' '),
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Places in a value where a field can be replaced or added: paths to its objects. */
export function objectPaths(value: unknown, path: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [];
  const here = Array.isArray(value) ? [] : [path];
  return [...here, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, [...path, k]))];
}

/** A copy of `value` with `key` of the object at `path` set to `replacement`. */
export function withField(value: unknown, path: string[], key: string, replacement: unknown) {
  const copy = structuredClone(value) as Record<string, unknown>;
  let at = copy;
  for (const k of path) at = at[k] as Record<string, unknown>;
  at[key] = replacement;
  return copy;
}
