import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { readDataSchemas } from '../../../scripts/data/bundle-data-schemas.ts';
import { describeDataSchemas } from '../../../scripts/data/data-reference.ts';
import { buildOpenApi } from '../../../scripts/data/openapi.ts';
import { repoRoot } from '../../../scripts/manifest/paths.ts';
import { CONTRACT } from '../../../src/data/http/contract.ts';

const schemaDir = join(repoRoot, 'schema', 'data');
const sourceFile = join(repoRoot, 'src', 'data', 'source.ts');

/** The data schemas with one more field on Call, as a developer would add it. */
function withNewCallField() {
  return readDataSchemas(schemaDir).map((f) =>
    f.fileName === 'call.schema.json'
      ? {
          ...f,
          schema: {
            ...f.schema,
            properties: {
              ...(f.schema.properties as object),
              wrapCode: { type: 'string', description: 'The wrap-up code the agent chose.' },
            },
          },
        }
      : f,
  );
}

type Json = Record<string, unknown>;

describe('the BI guide and the API reference are generated from the code', () => {
  it('the BI guide lists every entity and follows a new schema field', () => {
    const before = describeDataSchemas(readDataSchemas(schemaDir));
    expect(before.map((e) => e.name)).toEqual(expect.arrayContaining(['Call', 'Agent', 'Vendor']));
    const call = (ref: typeof before) => ref.find((e) => e.name === 'Call')!;
    expect(call(before).fields.find((f) => f.path === 'wrapCode')).toBeUndefined();
    expect(call(before).fields.find((f) => f.path === 'analysis.churnRisk.level')).toMatchObject({
      type: 'enum',
      values: ['low', 'medium', 'high'],
    });
    const after = describeDataSchemas(withNewCallField());
    expect(call(after).fields.find((f) => f.path === 'wrapCode')).toEqual({
      path: 'wrapCode',
      type: 'string',
      required: false,
      description: 'The wrap-up code the agent chose.',
    });
  });

  it(
    'the OpenAPI document has every contract method, resolves every reference, compiles, and follows a new schema field',
    { timeout: 120_000 },
    () => {
      const doc = buildOpenApi({ sourceFile, schemas: withNewCallField() }) as {
        openapi: string;
        paths: Record<string, Record<string, { operationId: string }>>;
        components: { schemas: Record<string, Json> };
      };
      expect(doc.openapi).toBe('3.1.0');
      const operations = Object.values(doc.paths).flatMap((verbs) =>
        Object.values(verbs).map((op) => op.operationId),
      );
      for (const method of Object.keys(CONTRACT)) expect(operations).toContain(method);
      // Every route of the contract is a path and verb of the document.
      for (const method of Object.values(CONTRACT)) {
        for (const route of method.routes) {
          expect(doc.paths[`/v1${route.path}`]?.[route.verb.toLowerCase()]).toBeDefined();
        }
      }
      const text = JSON.stringify(doc);
      for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
        expect(doc.components.schemas[name!], name).toBeDefined();
      }
      const schemas = doc.components.schemas;
      expect((schemas.Call!.properties as Json).wrapCode).toEqual({
        type: 'string',
        description: 'The wrap-up code the agent chose.',
      });
      expect((schemas.KpiQuery!.properties as Json).filters).toBeDefined();
      // Each schema is valid JSON Schema 2020-12 (the document's dialect).
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      const rewritten = JSON.parse(text.replace(/#\/components\/schemas\//g, '#/$defs/')) as {
        components: { schemas: Json };
      };
      expect(() =>
        ajv.compile({ $defs: rewritten.components.schemas, $ref: '#/$defs/KpiSummary' }),
      ).not.toThrow();
    },
  );
});
