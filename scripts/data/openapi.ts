/**
 * The API reference: an OpenAPI 3.1 document generated from the code, so it cannot drift.
 * - Paths and verbs: the contract table (src/data/http/contract.ts), which the server and the
 *   browser's HttpSource also use.
 * - Operations: each method of `CallDataSource` (src/data/source.ts), with its doc comment, its
 *   argument as the request and its result as the response.
 * - Schemas: the data entities straight from schema/data (bundled, with their descriptions); the
 *   query and result types of source.ts translated from TypeScript with the compiler's checker.
 */
import ts from 'typescript';
import { CONTRACT, STATUS_OF_CODE } from '../../src/data/http/contract.ts';
import { bundleDataSchemas, type DataSchemaFile } from './bundle-data-schemas.ts';
import { interfaceMethods, sourceProgram, typeTranslator, type Json } from './type-schemas.ts';

export interface OpenApiOptions {
  /** src/data/source.ts (the interface and its query and result types). */
  sourceFile: string;
  schemas: readonly DataSchemaFile[];
  /** The API's OAuth scopes (README: calls.read, settings.write). */
  readScope?: string;
  writeScope?: string;
}

export function buildOpenApi(options: OpenApiOptions): Json {
  const { readScope = 'calls.read', writeScope = 'settings.write' } = options;
  const entities = (bundleDataSchemas(options.schemas).$defs ?? {}) as Record<string, Json>;
  const { checker, file } = sourceProgram(options.sourceFile);
  const components: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(entities)) components[name] = toComponentRefs(schema);
  const schemaOf = typeTranslator(checker, components, { refBase: '#/components/schemas/' });
  const methods = interfaceMethods(checker, file, 'CallDataSource');

  const paths: Record<string, Json> = {};
  for (const method of methods) {
    const contract = CONTRACT[method.name];
    contract.routes.forEach((route, i) => {
      const path = `/v1${route.path}`;
      const hasBody = route.args === 'body' || route.args === 'id+body';
      const hasId = route.path.includes('{id}');
      const result = method.result.flags & ts.TypeFlags.Void ? undefined : schemaOf(method.result);
      const operation: Json = {
        operationId:
          i === 0 ? method.name : `${method.name}${route.verb === 'POST' ? 'New' : route.verb}`,
        summary: method.doc || sentence(method.name),
        tags: [contract.write ? 'Writes' : 'Reads'],
        security: [{ bearer: [contract.write ? writeScope : readScope] }],
        ...(hasId
          ? {
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            }
          : {}),
        ...(hasBody && method.argument
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: schemaOf(method.argument) } },
              },
            }
          : {}),
        responses: {
          ...(result
            ? {
                '200': {
                  description: 'The result.',
                  content: { 'application/json': { schema: result } },
                },
              }
            : { '204': { description: 'Done.' } }),
          ...(contract.nullOnNotFound ? { '404': errorResponse('No such item.') } : {}),
          '400': errorResponse('Invalid query (code invalid-query), with details per field.'),
          '401': errorResponse('Missing, expired or invalid access token (code unauthorised).'),
          ...(contract.write
            ? { '403': errorResponse('The token lacks the write scope or role.') }
            : {}),
          '503': errorResponse('Unavailable: try again; honour Retry-After (code unavailable).'),
        },
      };
      paths[path] = { ...(paths[path] as Json | undefined), [route.verb.toLowerCase()]: operation };
    });
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Callscope API',
      version: '1',
      description:
        'Every figure of the app over HTTPS. Requests carry an access token of the organisation’s identity provider. Queries are POST with the query as JSON body; reads by id are GET.',
    },
    servers: [{ url: '/api' }],
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [
      { name: 'Reads', description: `Need the ${readScope} scope.` },
      {
        name: 'Writes',
        description: `Need the ${writeScope} scope; recorded with who and when in the audit log.`,
      },
    ],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'An access token for the API from the configured authority (OpenID Connect).',
        },
      },
      schemas: {
        ...sortKeys(components),
        ErrorBody: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message', 'details'],
              properties: {
                code: { enum: Object.keys(STATUS_OF_CODE) },
                message: { type: 'string' },
                details: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  };
}

function errorResponse(description: string): Json {
  return {
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  };
}

function sentence(name: string): string {
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1) + '.';
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** The bundle's local refs (#/$defs/X) as OpenAPI component refs. */
function toComponentRefs(node: unknown): Json {
  return JSON.parse(
    JSON.stringify(node).replace(/"#\/\$defs\//g, '"#/components/schemas/'),
  ) as Json;
}
