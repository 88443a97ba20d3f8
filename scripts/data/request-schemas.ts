/**
 * One JSON Schema of every request the API takes, from the types the app sends them with: for
 * each method of the contract table (src/data/http/contract.ts), the schema of its argument as
 * `$defs[method]` (the body; the body with the path's id for `id+body`; the id for `id`; null
 * for `none`), beside the types it names (`$defs[Type]`, the data entities from schema/data).
 * Objects refuse fields their type does not name; doc tags on the types add limits (see
 * type-schemas.ts). generate-request-validators.ts compiles it to plain functions.
 */
import { CONTRACT } from '../../src/data/http/contract.ts';
import type { DataSourceMethod } from '../../src/data/source.ts';
import { bundleDataSchemas, type DataSchemaFile } from './bundle-data-schemas.ts';
import { interfaceMethods, sourceProgram, typeTranslator, type Json } from './type-schemas.ts';

export const REQUESTS_ID = 'https://speech-analytics.local/schema/requests.json';

/** The longest id a path may carry: ids are generated names and slugs, far shorter. */
export const ID_MAX_CHARS = 200;

export function buildRequestSchemas(options: {
  sourceFile: string;
  schemas: readonly DataSchemaFile[];
}): { schema: Json; methods: DataSourceMethod[] } {
  const defs = (bundleDataSchemas(options.schemas).$defs ?? {}) as Record<string, Json>;
  const { checker, file } = sourceProgram(options.sourceFile);
  const schemaOf = typeTranslator(checker, defs, { refBase: '#/$defs/', request: true });
  const methods: DataSourceMethod[] = [];
  const requests: Record<string, Json> = {};
  for (const method of interfaceMethods(checker, file, 'CallDataSource')) {
    const shapes = new Set(CONTRACT[method.name].routes.map((r) => r.args));
    if (shapes.size !== 1) throw new Error(`request schemas: ${method.name} mixes argument shapes`);
    const [shape] = shapes;
    if (shape === 'none') requests[method.name] = { type: 'null' };
    else if (shape === 'id') {
      requests[method.name] = { type: 'string', minLength: 1, maxLength: ID_MAX_CHARS };
    } else {
      if (!method.argument) throw new Error(`request schemas: ${method.name} takes no argument`);
      requests[method.name] = schemaOf(method.argument);
    }
    methods.push(method.name);
  }
  for (const name of Object.keys(requests)) {
    // Types are named in capitals, methods not: the two kinds of $defs cannot collide.
    if (defs[name]) throw new Error(`request schemas: ${name} is both a type and a method`);
  }
  return {
    schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: REQUESTS_ID,
      title: 'Requests',
      description: 'The argument of every method of the /v1 contract.',
      $defs: { ...sortKeys(defs), ...sortKeys(requests) },
    },
    methods: methods.sort(),
  };
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
