/**
 * Reads the manifest a build actually ships: the data in the generated
 * src/generated/manifest.gen.ts, after the manifest pipeline applied the deployment's
 * environment overrides (and whichever manifest SA_MANIFEST selected). Node tools (the
 * security headers at build, the browser-test harness) cannot import that module because it
 * imports images, so its object literal is evaluated from the TypeScript syntax tree.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type * as TypeScript from 'typescript';
import type { Manifest } from '../../src/generated/manifest.types.ts';

export const generatedManifestFile = resolve(
  import.meta.dirname,
  '..',
  '..',
  'src',
  'generated',
  'manifest.gen.ts',
);

/** Prefix of the placeholder that stands for an imported asset URL, e.g. "asset:../x.svg". */
export const ASSET_PLACEHOLDER = 'asset:';

export function readGeneratedManifest(file = generatedManifestFile): Manifest {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${file} is missing: run \`npm run generate\` first`);
  }
  return manifestFromSource(source, file);
}

/** The sign-in authority of the generated manifest (an https URL or a same-origin path). */
export function readGeneratedAuthority(file = generatedManifestFile): string {
  const authority = (readGeneratedManifest(file) as Partial<Manifest>).auth?.authority;
  if (typeof authority !== 'string') {
    throw new Error(`${file}: auth.authority is missing; regenerate it with \`npm run generate\``);
  }
  return authority;
}

/** Evaluates `export const manifest = { ... }` in the generated module's source. */
export function manifestFromSource(source: string, file: string): Manifest {
  // Loaded on first use: the compiler is large and the Vite config imports this module.
  const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const fail = (node: TypeScript.Node | undefined, what: string): never => {
    const at = node
      ? `:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}`
      : '';
    throw new Error(`${file}${at}: ${what}; regenerate it with \`npm run generate\``);
  };

  const imports = new Map<string, string>();
  let initializer: TypeScript.Expression | undefined;
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement) && statement.importClause?.name) {
      const specifier = statement.moduleSpecifier;
      if (ts.isStringLiteral(specifier))
        imports.set(statement.importClause.name.text, specifier.text);
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === 'manifest') {
          initializer = declaration.initializer;
        }
      }
    }
  }

  const evaluate = (node: TypeScript.Expression): unknown => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node)) return Number(node.text);
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
      return -(evaluate(node.operand) as number);
    }
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (node.kind === ts.SyntaxKind.NullKeyword) return null;
    if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return evaluate(node.expression);
    if (ts.isParenthesizedExpression(node)) return evaluate(node.expression);
    if (ts.isArrayLiteralExpression(node)) return node.elements.map((e) => evaluate(e));
    if (ts.isIdentifier(node)) {
      const specifier = imports.get(node.text);
      if (specifier !== undefined) return ASSET_PLACEHOLDER + specifier;
      if (node.text === 'undefined') return undefined;
      return fail(node, `\`${node.text}\` is neither a literal nor an imported asset`);
    }
    if (ts.isObjectLiteralExpression(node)) {
      const object: Record<string, unknown> = {};
      for (const member of node.properties) {
        if (ts.isShorthandPropertyAssignment(member)) {
          object[member.name.text] = evaluate(member.name);
        } else if (ts.isPropertyAssignment(member)) {
          const key = member.name;
          if (!(ts.isIdentifier(key) || ts.isStringLiteral(key) || ts.isNumericLiteral(key))) {
            return fail(member, 'a computed property name is not plain data');
          }
          object[key.text] = evaluate(member.initializer);
        } else {
          return fail(member, 'only plain properties are expected in the manifest data');
        }
      }
      return object;
    }
    return fail(node, `unexpected ${ts.SyntaxKind[node.kind]} in the manifest data`);
  };

  if (!initializer) return fail(undefined, 'no `manifest` declaration found');
  const value = evaluate(initializer);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(initializer, '`manifest` is not an object');
  }
  return value as Manifest;
}
