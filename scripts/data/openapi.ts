/**
 * The API reference: an OpenAPI 3.1 document generated from the code, so it cannot drift.
 * - Paths and verbs: the contract table (src/data/http/contract.ts), which the server and the
 *   browser's HttpSource also use.
 * - Operations: each method of `CallDataSource` (src/data/source.ts), with its doc comment, its
 *   argument as the request and its result as the response.
 * - The server's own routes (ingest of one call, deletions by path, a call's audio, the audit
 *   log, health): the table of src/data/http/server-routes.ts, their bodies by type name.
 * - Schemas: the data entities straight from schema/data (bundled, with their descriptions); the
 *   query and result types of source.ts translated from TypeScript with the compiler's checker.
 */
import { resolve } from 'node:path';
import ts from 'typescript';
import { CONTRACT, STATUS_OF_CODE } from '../../src/data/http/contract.ts';
import {
  ROUTE_TYPE_FILES,
  SERVER_ROUTES,
  type RouteAccess,
  type RouteBody,
  type ServerRoute,
} from '../../src/data/http/server-routes.ts';
import { bundleDataSchemas, type DataSchemaFile } from './bundle-data-schemas.ts';
import { interfaceMethods, sourceProgram, typeTranslator, type Json } from './type-schemas.ts';

/** The files (repository paths) whose types the server's own routes name: inputs too. */
export const OPENAPI_TYPE_FILES: readonly string[] = ROUTE_TYPE_FILES;

export interface OpenApiOptions {
  /** src/data/source.ts (the interface and its query and result types). */
  sourceFile: string;
  schemas: readonly DataSchemaFile[];
  /** The API's OAuth scopes (README: calls.read, settings.write). */
  readScope?: string;
  writeScope?: string;
  /** The ingest scope (server/config.ts SA_API_INGEST_SCOPE's default). */
  ingestScope?: string;
}

export function buildOpenApi(options: OpenApiOptions): Json {
  const {
    readScope = 'calls.read',
    writeScope = 'settings.write',
    ingestScope = 'calls.write',
  } = options;
  const entities = (bundleDataSchemas(options.schemas).$defs ?? {}) as Record<string, Json>;
  const root = resolve(options.sourceFile, '..', '..', '..');
  const typeFiles = ROUTE_TYPE_FILES.map((f) => resolve(root, f));
  const { checker, file, program } = sourceProgram(options.sourceFile, typeFiles);
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

  const namedType = exportedTypes(checker, program, typeFiles);
  for (const route of SERVER_ROUTES) {
    const path = `/v1${route.path}`;
    const operation = serverOperation(route, (name) => schemaOf(namedType(name)), {
      readScope,
      ingestScope,
    });
    paths[path] = { ...(paths[path] as Json | undefined), [route.verb.toLowerCase()]: operation };
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
      {
        name: 'Calls',
        description: `Ingest, audio and deletion of calls: the ${ingestScope} scope and a role allowed to (the ingest of many calls and the deletion by body are Writes).`,
      },
      { name: 'Server', description: 'The audit log and the health check.' },
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

/** The exported type `name` of one of `files` (an error when none has it). */
function exportedTypes(checker: ts.TypeChecker, program: ts.Program, files: readonly string[]) {
  return (name: string): ts.Type => {
    for (const f of files) {
      const source = program.getSourceFile(f);
      const module = source && checker.getSymbolAtLocation(source);
      const symbol = module && checker.getExportsOfModule(module).find((s) => s.name === name);
      if (!symbol) continue;
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return checker.getDeclaredTypeOfSymbol(target);
    }
    throw new Error(`openapi: no exported type ${name} in ${files.join(', ')}`);
  };
}

const ACCESS: Record<RouteAccess, { tag: string; scope: 'read' | 'ingest' | null; text: string }> =
  {
    public: { tag: 'Server', scope: null, text: 'No token needed.' },
    read: { tag: 'Server', scope: 'read', text: '' },
    'read-or-link': {
      tag: 'Calls',
      scope: 'read',
      text: 'A token, or the signed link instead.',
    },
    ingest: { tag: 'Calls', scope: 'ingest', text: 'The role table’s ingest-calls permission.' },
    delete: { tag: 'Calls', scope: 'ingest', text: 'The role table’s delete-calls permission.' },
    audit: { tag: 'Server', scope: 'read', text: 'A role that may read the audit log (admin).' },
  };

/** One operation of the server's own route table (server-routes.ts). */
function serverOperation(
  route: ServerRoute,
  schemaOf: (typeName: string) => Json,
  scopes: { readScope: string; ingestScope: string },
): Json {
  const access = ACCESS[route.access];
  const content = (body: RouteBody): Json | undefined =>
    body.type
      ? { 'application/json': { schema: schemaOf(body.type) } }
      : body.bytes
        ? Object.fromEntries(
            body.bytes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          )
        : undefined;
  const parameters = [
    ...(route.path.includes('{id}')
      ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]
      : []),
    ...(route.query ?? []).map((q) => ({
      name: q.name,
      in: 'query',
      required: false,
      description: q.description,
      schema: { type: q.integer ? 'integer' : 'string' },
    })),
    ...(route.headers ?? []).map((h) => ({
      name: h.name,
      in: 'header',
      required: false,
      description: h.description,
      schema: { type: 'string' },
    })),
  ];
  const responses: Record<string, Json> = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    const body = content(answer);
    responses[status] =
      body || Number(status) < 400
        ? { description: answer.description, ...(body ? { content: body } : {}) }
        : errorResponse(answer.description);
  }
  responses['400'] ??= errorResponse('Invalid request (code invalid-query), with details.');
  if (access.scope) {
    responses['401'] ??= errorResponse('Missing, expired or invalid access token.');
    responses['403'] ??= errorResponse(`The token lacks the scope or role. ${access.text}`.trim());
  }
  const scope = access.scope === 'read' ? scopes.readScope : scopes.ingestScope;
  const request = route.request && content(route.request);
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(access.text ? { description: access.text } : {}),
    tags: [access.tag],
    security: access.scope
      ? [{ bearer: [scope] }, ...(route.access === 'read-or-link' ? [{}] : [])]
      : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(request ? { requestBody: { required: true, content: request } } : {}),
    responses: sortKeys(responses),
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
