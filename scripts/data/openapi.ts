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
import type { DataSourceMethod } from '../../src/data/source.ts';
import { bundleDataSchemas, type DataSchemaFile } from './bundle-data-schemas.ts';

type Json = { [key: string]: unknown };

export interface OpenApiOptions {
  /** src/data/source.ts (the interface and its query and result types). */
  sourceFile: string;
  schemas: readonly DataSchemaFile[];
  /** The API's OAuth scopes (README: calls.read, settings.write). */
  readScope?: string;
  writeScope?: string;
}

interface MethodInfo {
  name: DataSourceMethod;
  doc: string;
  argument?: ts.Type;
  result: ts.Type;
}

export function buildOpenApi(options: OpenApiOptions): Json {
  const { readScope = 'calls.read', writeScope = 'settings.write' } = options;
  const entities = (bundleDataSchemas(options.schemas).$defs ?? {}) as Record<string, Json>;
  const program = ts.createProgram([options.sourceFile], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    // Only the project's own types matter; not loading @types/* halves the time.
    types: [],
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(options.sourceFile)!;
  const components: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(entities)) components[name] = toComponentRefs(schema);
  const schemaOf = typeTranslator(checker, components);
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

function interfaceMethods(
  checker: ts.TypeChecker,
  file: ts.SourceFile,
  name: string,
): MethodInfo[] {
  const decl = file.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name,
  );
  if (!decl) throw new Error(`openapi: interface ${name} not found in ${file.fileName}`);
  return decl.members.filter(ts.isMethodSignature).map((member) => {
    const signature = checker.getSignatureFromDeclaration(member)!;
    const returned = checker.getReturnTypeOfSignature(signature);
    const result = checker.getAwaitedType(returned) ?? returned;
    const parameter = signature.getParameters()[0];
    const doc = ts.displayPartsToString(
      member.name && checker.getSymbolAtLocation(member.name)?.getDocumentationComment(checker),
    );
    return {
      name: member.name.getText(file) as DataSourceMethod,
      doc,
      ...(parameter ? { argument: checker.getTypeOfSymbol(parameter) } : {}),
      result,
    };
  });
}

/**
 * TypeScript types as JSON Schema: primitives, literal unions as enums, arrays, records, null,
 * and objects. A named type becomes a component (its data-schema version when schema/data has
 * one), referred to by $ref, so each is written once.
 */
function typeTranslator(checker: ts.TypeChecker, components: Record<string, Json>) {
  const building = new Set<string>();

  const translate = (type: ts.Type): Json => {
    if (type.flags & ts.TypeFlags.String) return { type: 'string' };
    if (type.flags & ts.TypeFlags.Number) return { type: 'number' };
    if (type.flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (type.flags & ts.TypeFlags.Null) return { type: 'null' };
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (type.isStringLiteral()) return { const: type.value };
    if (type.isNumberLiteral()) return { const: type.value };
    if (type.flags & ts.TypeFlags.BooleanLiteral)
      return { const: checker.typeToString(type) === 'true' };
    if (type.isUnion()) return union(type.types);
    if (checker.isArrayType(type)) {
      const [item] = checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: item ? translate(item) : {} };
    }
    if (checker.isTupleType(type)) {
      return {
        type: 'array',
        prefixItems: checker.getTypeArguments(type as ts.TypeReference).map(translate),
      };
    }
    const name = namedType(type);
    if (name) {
      if (!components[name] && !building.has(name)) {
        building.add(name);
        components[name] = objectSchema(type);
        building.delete(name);
      }
      return { $ref: `#/components/schemas/${name}` };
    }
    return objectSchema(type);
  };

  const union = (types: readonly ts.Type[]): Json => {
    const present = types.filter((t) => !(t.flags & ts.TypeFlags.Undefined));
    // `boolean` is the union true | false.
    if (present.length > 0 && present.every((t) => t.flags & ts.TypeFlags.BooleanLiteral))
      return { type: 'boolean' };
    if (present.every((t) => t.isStringLiteral()))
      return { enum: present.map((t) => (t as ts.StringLiteralType).value).sort() };
    const parts = present.map(translate);
    return parts.length === 1 ? parts[0]! : { anyOf: parts };
  };

  const namedType = (type: ts.Type): string | undefined => {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const name = symbol?.getName();
    if (!name || name === '__type' || name === '__object' || !/^[A-Z]/.test(name)) return undefined;
    if (type.aliasTypeArguments?.length || (type as ts.TypeReference).typeArguments?.length) {
      const args = (type.aliasTypeArguments ?? (type as ts.TypeReference).typeArguments ?? [])
        .map((t) => namedType(t) ?? checker.typeToString(t).replace(/\W/g, ''))
        .join('');
      return `${name}Of${args}`;
    }
    return name === 'Record' || name === 'Promise' ? undefined : name;
  };

  const objectSchema = (type: ts.Type): Json => {
    const index = checker.getIndexInfosOfType(type)[0];
    const properties: Record<string, Json> = {};
    const required: string[] = [];
    for (const prop of checker.getPropertiesOfType(type)) {
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      const propType = decl
        ? checker.getTypeOfSymbolAtLocation(prop, decl)
        : checker.getTypeOfSymbol(prop);
      if (propType.getCallSignatures().length > 0) continue;
      const doc = ts.displayPartsToString(prop.getDocumentationComment(checker));
      properties[prop.getName()] = { ...translate(propType), ...(doc ? { description: doc } : {}) };
      if (!(prop.flags & ts.SymbolFlags.Optional)) required.push(prop.getName());
    }
    return {
      type: 'object',
      ...(Object.keys(properties).length ? { properties } : {}),
      ...(required.length ? { required } : {}),
      ...(index ? { additionalProperties: translate(index.type) } : {}),
    };
  };

  return translate;
}
