import type { ErrorObject } from 'ajv/dist/2020.js';
import type { Finding } from './problem.ts';
import { error, pointerOf } from './problem.ts';
import { didYouMean } from './suggest.ts';

/** The parts of a JSON Schema node that messages quote. */
export type SchemaNode = {
  description?: string;
  const?: unknown;
  properties?: Record<string, SchemaNode>;
  not?: { required?: string[] };
  if?: SchemaNode;
  then?: unknown;
  else?: unknown;
};

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

const article: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean (true or false, without quotes)',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function listValues(values: readonly unknown[]): string {
  return values.map(show).join(', ');
}

function expectedFormat(e: ErrorObject): string {
  const description = (e.parentSchema as SchemaNode | undefined)?.description;
  return description ? `expected ${lowerFirst(description.replace(/\.$/, ''))}` : 'invalid format';
}

function lowerFirst(text: string): string {
  return /^[A-Z](?![A-Z])/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/**
 * One ajv error in an admin's words: what was expected and, for an unknown key or enum value,
 * the closest valid name. Undefined for errors that only repeat another one.
 */
export function describeSchemaError(e: ErrorObject, root: SchemaNode): Finding | undefined {
  const at = e.instancePath;
  const p = e.params as Record<string, unknown>;
  // A bad query-parameter name: ajv reports it on the object with `propertyName` set.
  if (e.keyword === 'propertyNames') return undefined;
  if (e.propertyName !== undefined) {
    return error(
      at + pointerOf(e.propertyName),
      `invalid name "${e.propertyName}": ${expectedFormat(e)}`,
      'key',
    );
  }
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(p.additionalProperty);
      const known = Object.keys((e.parentSchema as SchemaNode | undefined)?.properties ?? {});
      return error(
        at + pointerOf(key),
        `unknown key "${key}"${didYouMean(key, known)}; expected one of: ${known.join(', ')}`,
        'key',
      );
    }
    case 'required':
      return error(at, `missing required key "${String(p.missingProperty)}"`);
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      const strings = allowed.filter((v): v is string => typeof v === 'string');
      const hint = typeof e.data === 'string' ? didYouMean(e.data, strings) : '';
      return error(
        at,
        `${show(e.data)} is not allowed${hint}; expected one of: ${listValues(allowed)}`,
      );
    }
    case 'const':
      return error(at, `expected ${show(p.allowedValue)}, got ${show(e.data)}`);
    case 'type': {
      const kinds = String(p.type)
        .split(',')
        .map((t) => article[t] ?? t);
      const wanted =
        kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}` : kinds[0];
      return error(at, `expected ${wanted}, got ${typeName(e.data)} ${show(e.data)}`);
    }
    case 'pattern':
      return error(
        at,
        `${show(e.data)} does not match: ${expectedFormat(e)} (pattern ${String(p.pattern)})`,
      );
    case 'minLength':
      return error(at, `expected at least ${String(p.limit)} character(s), got ${show(e.data)}`);
    case 'maxLength':
      return error(
        at,
        `expected at most ${String(p.limit)} characters, got ${String((e.data as string).length)}`,
      );
    case 'minItems':
      return error(
        at,
        `expected at least ${String(p.limit)} item(s), got ${(e.data as unknown[]).length}`,
      );
    case 'maxItems':
      return error(
        at,
        `expected at most ${String(p.limit)} items, got ${(e.data as unknown[]).length}`,
      );
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return error(
        at,
        `expected a value ${String(p.comparison)} ${String(p.limit)}, got ${show(e.data)}`,
      );
    case 'uniqueItems':
      return error(
        at + '/' + String(p.i),
        `duplicate of item ${String(p.j)}: every value in this list must be different`,
      );
    case 'not': {
      // `else: { not: { required: [KEY] } }` allows KEY only when the `if` condition holds.
      const forbidden = (e.schema as SchemaNode['not'])?.required?.[0];
      if (!forbidden) return error(at, 'value has a form that is not allowed here');
      const owner = findConditional(root, e.parentSchema as object);
      const condition = owner ? describeCondition(owner.if) : '';
      return error(
        at + pointerOf(forbidden),
        `key "${forbidden}" is ${condition ? `only allowed when ${condition}` : 'not allowed here'}`,
        'key',
      );
    }
    // `if` failures only say "must match then"; the `then`/`else` errors carry the detail.
    case 'if':
      return undefined;
    default:
      return error(at, e.message ?? `fails the schema's "${e.keyword}" rule`);
  }
}

/** The schema whose `then` or `else` is `branch` (ajv's verbose errors keep schema objects). */
function findConditional(node: unknown, branch: object): SchemaNode | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const n = node as SchemaNode & Record<string, unknown>;
  if (n.else === branch || n.then === branch) return n;
  for (const child of Object.values(n)) {
    const found = findConditional(child, branch);
    if (found) return found;
  }
  return undefined;
}

/** `"type" is "enum"` for `if: { properties: { type: { const: "enum" } } }`. */
function describeCondition(condition: SchemaNode['if']): string {
  return Object.entries(condition?.properties ?? {})
    .filter(([, p]) => p && 'const' in p)
    .map(([name, p]) => `"${name}" is ${JSON.stringify(p.const)}`)
    .join(' and ');
}
