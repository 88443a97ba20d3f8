/**
 * TypeScript types of the data layer as JSON Schema, read with the compiler's checker: the
 * API reference (openapi.ts) describes requests and results with it, and the request validators
 * (request-schemas.ts) check every request the server gets with it, so both follow the types
 * the app itself uses.
 */
import ts from 'typescript';
import type { DataSourceMethod } from '../../src/data/source.ts';

export type Json = { [key: string]: unknown };

export interface MethodInfo {
  name: DataSourceMethod;
  doc: string;
  argument?: ts.Type;
  result: ts.Type;
}

/** A program over src/data/source.ts (and `moreFiles`) and what they import (types only, no @types/*). */
export function sourceProgram(
  sourceFile: string,
  /** Further files whose types are wanted (the server's own routes, openapi.ts). */
  moreFiles: readonly string[] = [],
): {
  checker: ts.TypeChecker;
  file: ts.SourceFile;
  program: ts.Program;
} {
  const program = ts.createProgram([sourceFile, ...moreFiles], {
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
  return { program, checker: program.getTypeChecker(), file: program.getSourceFile(sourceFile)! };
}

export function interfaceMethods(
  checker: ts.TypeChecker,
  file: ts.SourceFile,
  name: string,
): MethodInfo[] {
  const decl = file.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name,
  );
  if (!decl) throw new Error(`type schemas: interface ${name} not found in ${file.fileName}`);
  return methodSignatures(checker, decl).map((member) => {
    const signature = checker.getSignatureFromDeclaration(member)!;
    const returned = checker.getReturnTypeOfSignature(signature);
    const result = checker.getAwaitedType(returned) ?? returned;
    const parameter = signature.getParameters()[0];
    const doc = ts.displayPartsToString(
      member.name && checker.getSymbolAtLocation(member.name)?.getDocumentationComment(checker),
    );
    return {
      name: member.name.getText(member.getSourceFile()) as DataSourceMethod,
      doc,
      ...(parameter ? { argument: checker.getTypeOfSymbol(parameter) } : {}),
      result,
    };
  });
}

/**
 * The method signatures of an interface, those of the interfaces it extends first (in the order
 * of its `extends` list): CallDataSource is the union of its domain interfaces.
 */
function methodSignatures(
  checker: ts.TypeChecker,
  decl: ts.InterfaceDeclaration,
): ts.MethodSignature[] {
  const inherited = (decl.heritageClauses ?? []).flatMap((clause) =>
    clause.types.flatMap((base) => {
      const declarations = checker.getTypeAtLocation(base.expression).getSymbol()?.declarations;
      return (declarations ?? [])
        .filter(ts.isInterfaceDeclaration)
        .flatMap((parent) => methodSignatures(checker, parent));
    }),
  );
  return [...inherited, ...decl.members.filter(ts.isMethodSignature)];
}

export interface TranslatorOptions {
  /** Where components live: `#/components/schemas/` (OpenAPI) or `#/$defs/`. */
  readonly refBase: string;
  /**
   * Requests: objects refuse fields their type does not name, numbers stay within the safe
   * integers unless their doc says otherwise, and doc tags (`@minimum 0`, `@maximum 500`,
   * `@integer`, `@maxLength n`, `@maxItems n`, `@minProperties n`, `@format date`) add limits.
   */
  readonly request?: boolean;
}

/**
 * An ISO date (YYYY-MM-DD) or timestamp with a four-digit year: what `new Date` reads the same
 * everywhere. Dates of years beyond 9999 or before 0000 (valid in JavaScript) are refused.
 */
export const DATE_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?)?$';

const NUMERIC_TAGS = ['minimum', 'maximum', 'maxLength', 'minLength', 'maxItems', 'minProperties'];

/** The limits a declaration's doc tags state (see TranslatorOptions.request). */
function limitsOf(declarations: readonly ts.Declaration[] | undefined): Json {
  const limits: Json = {};
  for (const decl of declarations ?? []) {
    for (const tag of ts.getJSDocTags(decl)) {
      const name = tag.tagName.text;
      const text = (ts.getTextOfJSDocComment(tag.comment) ?? '').trim();
      if (NUMERIC_TAGS.includes(name)) {
        const n = Number(text);
        if (!Number.isFinite(n)) throw new Error(`type schemas: @${name} needs a number`);
        limits[name] = n;
      } else if (name === 'integer') {
        limits.type = 'integer';
      } else if (name === 'format' && text === 'date') {
        limits.pattern = DATE_PATTERN;
      }
    }
  }
  return limits;
}

const STRING_LIMITS = new Set(['maxLength', 'minLength', 'pattern']);
const NUMBER_LIMITS = new Set(['minimum', 'maximum']);

/**
 * Adds the limits to a property's schema where they apply: number limits (and `@integer`) to
 * each number it may hold, string limits to each string, the rest (items, properties) to it.
 * So `@integer @minimum 0` on `number | number[]` limits the number and every item.
 */
function withLimits(schema: Json, limits: Json): Json {
  if (Object.keys(limits).length === 0) return schema;
  const own = Object.fromEntries(
    Object.entries(limits).filter(
      ([k]) => k !== 'type' && !STRING_LIMITS.has(k) && !NUMBER_LIMITS.has(k),
    ),
  );
  return { ...narrow(schema, limits), ...own };
}

function narrow(schema: Json, limits: Json): Json {
  if (schema.type === 'number' || schema.type === 'integer') {
    const numeric = Object.entries(limits).filter(([k]) => NUMBER_LIMITS.has(k));
    return {
      ...schema,
      ...Object.fromEntries(numeric),
      ...(limits.type === 'integer' ? { type: 'integer' } : {}),
    };
  }
  if (schema.type === 'string') {
    return {
      ...schema,
      ...Object.fromEntries(Object.entries(limits).filter(([k]) => STRING_LIMITS.has(k))),
    };
  }
  if (schema.type === 'array' && schema.items) {
    return { ...schema, items: narrow(schema.items as Json, limits) };
  }
  if (Array.isArray(schema.anyOf)) {
    return { ...schema, anyOf: schema.anyOf.map((part: Json) => narrow(part, limits)) };
  }
  return schema;
}

/**
 * TypeScript types as JSON Schema: primitives, literal unions as enums, arrays, records, null,
 * and objects. A named type becomes a component (its data-schema version when schema/data has
 * one), referred to by $ref, so each is written once.
 */
export function typeTranslator(
  checker: ts.TypeChecker,
  components: Record<string, Json>,
  options: TranslatorOptions,
) {
  const building = new Set<string>();
  const request = options.request === true;

  const translate = (type: ts.Type): Json => {
    if (type.flags & ts.TypeFlags.String) return { type: 'string' };
    if (type.flags & ts.TypeFlags.Number) {
      // JSON reads 1e308 as a number; no count, offset or threshold of the app is near it.
      return request
        ? { type: 'number', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }
        : { type: 'number' };
    }
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
      const items = checker.getTypeArguments(type as ts.TypeReference).map(translate);
      if (!request) return { type: 'array', prefixItems: items };
      // `[A, ...A[]]`: the leading elements, then any number of the rest's.
      const flags = (type as ts.TupleTypeReference).target.elementFlags;
      const rest = flags.findIndex((f) => f & ts.ElementFlags.Variable);
      const fixed = rest < 0 ? items : items.slice(0, rest);
      return {
        type: 'array',
        prefixItems: fixed,
        items: rest < 0 ? false : items[rest]!,
        minItems: flags.filter((f) => f & ts.ElementFlags.Required).length,
      };
    }
    const name = namedType(type);
    if (name) {
      if (!components[name] && !building.has(name)) {
        building.add(name);
        components[name] = objectSchema(type);
        building.delete(name);
      }
      return { $ref: `${options.refBase}${name}` };
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
    if (!request) {
      const parts = present.map(translate);
      return parts.length === 1 ? parts[0]! : { anyOf: parts };
    }
    // A request's `'a' | 'b' | ('a' | 'b')[]` as one enum beside the list: one message each.
    const literals = present.filter((t) => t.isStringLiteral());
    const parts = [
      ...(literals.length > 0
        ? [{ enum: literals.map((t) => (t as ts.StringLiteralType).value).sort() }]
        : []),
      ...present.filter((t) => !t.isStringLiteral()).map(translate),
    ];
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
      const schema = { ...translate(propType), ...(doc ? { description: doc } : {}) };
      properties[prop.getName()] = request
        ? withLimits(schema, limitsOf(prop.declarations))
        : schema;
      if (!(prop.flags & ts.SymbolFlags.Optional)) required.push(prop.getName());
    }
    if (request) {
      for (const [name, schema] of Object.entries(omittedProperties(type))) {
        properties[name] ??= schema;
      }
    }
    const own = request ? limitsOf((type.aliasSymbol ?? type.getSymbol())?.declarations) : {};
    return {
      type: 'object',
      ...(Object.keys(properties).length ? { properties } : {}),
      ...(required.length ? { required } : {}),
      ...(index
        ? { additionalProperties: translate(index.type) }
        : request
          ? { additionalProperties: false }
          : {}),
      ...own,
    };
  };

  /**
   * The fields an `Omit<T, K>` in the type leaves out, optional: a value of T is one of
   * `Omit<T, K>` in TypeScript (a rule read back and sent as a draft carries its version), and
   * the service ignores them, so a request may carry them; any other field is refused.
   */
  const omittedProperties = (type: ts.Type): Record<string, Json> => {
    const parts = type.isIntersection() ? type.types : [type];
    const omitted: Record<string, Json> = {};
    for (const part of parts) {
      const [whole] = part.aliasSymbol?.getName() === 'Omit' ? (part.aliasTypeArguments ?? []) : [];
      if (!whole) continue;
      const kept = new Set(checker.getPropertiesOfType(part).map((p) => p.getName()));
      for (const prop of checker.getPropertiesOfType(whole)) {
        if (kept.has(prop.getName())) continue;
        const decl = prop.valueDeclaration ?? prop.declarations?.[0];
        omitted[prop.getName()] = translate(
          decl ? checker.getTypeOfSymbolAtLocation(prop, decl) : checker.getTypeOfSymbol(prop),
        );
      }
    }
    return omitted;
  };

  return translate;
}
