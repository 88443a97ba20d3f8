/**
 * The data reference of the BI setup guide, generated from schema/data/*.schema.json so the
 * guide lists exactly the tables and fields the schemas define: one entry per entity (file),
 * its fields flattened into dotted paths (objects it refers to are expanded, two levels deep),
 * each with its type, whether it is always present, its allowed values and its description.
 */
import type { DataSchemaFile } from './bundle-data-schemas.ts';

type Json = { [key: string]: unknown };

import type { EntityReference, FieldReference } from '../../src/data/reference.ts';

export type { EntityReference, FieldReference };

const MAX_DEPTH = 2;

export function describeDataSchemas(files: readonly DataSchemaFile[]): EntityReference[] {
  const byFile = new Map(files.map((f) => [f.fileName, f.schema as Json]));
  /** Follows a $ref (local `#/$defs/X` or `other.schema.json#/$defs/X`) to its schema. */
  const resolve = (ref: string, from: Json): { schema: Json; owner: Json; name: string } => {
    const [file, pointer = ''] = ref.split('#');
    const owner = file ? byFile.get(file.replace(/^\.\//, '')) : from;
    if (!owner) throw new Error(`data reference: unknown schema file in $ref ${ref}`);
    const name = pointer.split('/').at(-1) || String(owner.title);
    const schema = pointer
      .split('/')
      .filter(Boolean)
      .reduce<unknown>((node, key) => (node as Json)[key], owner) as Json;
    return { schema, owner, name };
  };

  const fieldsOf = (schema: Json, owner: Json, prefix: string, depth: number): FieldReference[] => {
    const props = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required ?? []) as string[]);
    return Object.entries(props).flatMap(([key, prop]) => {
      const path = prefix + key;
      const { type, target, values } = describeType(prop, owner);
      const description = String(prop.description ?? target?.schema.description ?? '');
      const field: FieldReference = {
        path,
        type,
        required: required.has(key),
        description,
        ...(values ? { values } : {}),
      };
      const nested = target && depth < MAX_DEPTH && target.schema.properties ? target : undefined;
      const children = nested
        ? fieldsOf(
            nested.schema,
            nested.owner,
            `${path}${type.endsWith('[]') ? '[]' : ''}.`,
            depth + 1,
          )
        : prop.properties && depth < MAX_DEPTH
          ? fieldsOf(prop, owner, `${path}.`, depth + 1)
          : [];
      return [field, ...children];
    });
  };

  /** A readable type, and the schema a field refers to (for expanding objects). */
  const describeType = (
    prop: Json,
    owner: Json,
  ): { type: string; target?: { schema: Json; owner: Json }; values?: string[] } => {
    if (typeof prop.$ref === 'string') {
      const target = resolve(prop.$ref, owner);
      const inner = describeType(target.schema, target.owner);
      const named = target.schema.properties ? target.name : inner.type;
      return { type: named, target, ...(inner.values ? { values: inner.values } : {}) };
    }
    if (Array.isArray(prop.enum)) return { type: 'enum', values: prop.enum.map(String) };
    if (prop.type === 'array' && prop.items) {
      const item = describeType(prop.items as Json, owner);
      return { ...item, type: `${item.type}[]` };
    }
    const base = Array.isArray(prop.type) ? prop.type.join(' | ') : String(prop.type ?? 'object');
    return { type: typeof prop.format === 'string' ? `${base} (${prop.format})` : base };
  };

  return files
    .filter((f) => f.schema.properties)
    .map(({ fileName, schema }) => ({
      name: String(schema.title),
      file: `schema/data/${fileName}`,
      description: String(schema.description ?? ''),
      fields: fieldsOf(schema as Json, schema as Json, '', 0),
    }));
}
