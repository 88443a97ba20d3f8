import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads every schema/data/*.schema.json and folds them into one schema whose `$defs` hold each
 * entity (under its title) and each entity's own `$defs` (hoisted, names must be unique), with
 * cross-file `$ref`s rewritten to local pointers. json-schema-to-typescript then emits every type
 * once, with stable names, instead of one copy per file that refers to it.
 */

export interface DataSchemaFile {
  fileName: string;
  schema: JsonObject;
}

type JsonObject = { [key: string]: unknown };

export class DataSchemaBundleError extends Error {
  constructor(message: string) {
    super(`data schemas: ${message}`);
    this.name = 'DataSchemaBundleError';
  }
}

export function readDataSchemas(dir: string): DataSchemaFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.schema.json'))
    .sort()
    .map((fileName) => {
      const text = readFileSync(join(dir, fileName), 'utf8');
      try {
        return { fileName, schema: JSON.parse(text) as JsonObject };
      } catch (error) {
        throw new DataSchemaBundleError(
          `${fileName} is not valid JSON: ${(error as Error).message}`,
        );
      }
    });
}

export function bundleDataSchemas(files: readonly DataSchemaFile[]): JsonObject {
  const titleByFile = new Map<string, string>();
  for (const { fileName, schema } of files) {
    if (typeof schema.title !== 'string')
      throw new DataSchemaBundleError(`${fileName} has no title`);
    titleByFile.set(fileName, schema.title);
  }
  const defs: JsonObject = {};
  const owner = new Map<string, string>();
  const put = (name: string, value: unknown, fileName: string) => {
    if (owner.has(name)) {
      throw new DataSchemaBundleError(
        `type name ${name} is defined in both ${owner.get(name)} and ${fileName}; rename one`,
      );
    }
    owner.set(name, fileName);
    defs[name] = value;
  };

  for (const { fileName, schema } of files) {
    const rewritten = rewriteRefs(schema, fileName, titleByFile) as JsonObject;
    const { $defs, $schema: _s, $id: _i, ...entity } = rewritten;
    for (const [name, def] of Object.entries(($defs ?? {}) as JsonObject)) put(name, def, fileName);
    // A file that only collects shared $defs (no type of its own) adds no entity type.
    if (entity.type !== undefined || entity.oneOf !== undefined) {
      put(entity.title as string, entity, fileName);
    }
  }

  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'DataEntities',
    description: 'Every data entity of schema/data, one type each.',
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      Object.keys(defs)
        .sort()
        .map((name) => [name, { $ref: `#/$defs/${name}` }]),
    ),
    $defs: defs,
  };
}

function rewriteRefs(node: unknown, fileName: string, titles: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, fileName, titles));
  if (node === null || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node as JsonObject)) {
    out[key] =
      key === '$ref' ? rewriteRef(value, fileName, titles) : rewriteRefs(value, fileName, titles);
  }
  return out;
}

function rewriteRef(ref: unknown, fileName: string, titles: Map<string, string>): string {
  if (typeof ref !== 'string')
    throw new DataSchemaBundleError(`${fileName}: $ref must be a string`);
  const [target = '', pointer = ''] = ref.split('#');
  if (pointer !== '' && !/^\/\$defs\/[A-Za-z0-9]+$/.test(pointer)) {
    throw new DataSchemaBundleError(`${fileName}: unsupported $ref ${ref} (use #/$defs/Name)`);
  }
  if (target === '') return `#${pointer}`;
  const file = target.replace(/^\.\//, '');
  const title = titles.get(file);
  if (title === undefined)
    throw new DataSchemaBundleError(`${fileName}: $ref ${ref} names no file in schema/data`);
  return pointer === '' ? `#/$defs/${title}` : `#${pointer}`;
}
