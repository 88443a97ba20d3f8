/**
 * Reads the sign-in authority the build actually ships: the auth block of the generated
 * src/generated/manifest.gen.ts, after the manifest pipeline applied the deployment's
 * environment overrides. Parsed with the TypeScript compiler (the file is TypeScript and
 * imports images), so formatting changes in the generator cannot fool it.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type * as TypeScript from 'typescript';

export const generatedManifestFile = resolve(
  import.meta.dirname,
  '..',
  '..',
  'src',
  'generated',
  'manifest.gen.ts',
);

export async function readGeneratedAuthority(file = generatedManifestFile): Promise<string> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch {
    throw new Error(`${file} is missing: run \`npm run generate\` before building`);
  }
  const ts = (await import('typescript')).default;
  return authorityFromSource(ts, source, file);
}

/** The string value of `manifest.auth.authority` in the generated module's source. */
export function authorityFromSource(ts: typeof TypeScript, source: string, file: string): string {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false);
  const fail = (what: string): never => {
    throw new Error(`${file}: ${what}; regenerate it with \`npm run generate\``);
  };
  const unwrap = (node: TypeScript.Expression): TypeScript.Expression =>
    ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)
      ? unwrap(node.expression)
      : node;
  const property = (
    node: TypeScript.Expression,
    name: string,
  ): TypeScript.Expression | undefined => {
    const object = unwrap(node);
    if (!ts.isObjectLiteralExpression(object)) return undefined;
    for (const member of object.properties) {
      if (!ts.isPropertyAssignment(member)) continue;
      const key = member.name;
      if ((ts.isIdentifier(key) || ts.isStringLiteral(key)) && key.text === name) {
        return member.initializer;
      }
    }
    return undefined;
  };

  let manifest: TypeScript.Expression | undefined;
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === 'manifest') {
        manifest = declaration.initializer;
      }
    }
  }
  if (!manifest) return fail('no `manifest` declaration found');
  const auth = property(manifest, 'auth') ?? fail('the manifest has no auth block');
  const authority = property(auth, 'authority');
  if (
    !authority ||
    !(ts.isStringLiteral(authority) || ts.isNoSubstitutionTemplateLiteral(authority))
  ) {
    return fail('auth.authority is not a string literal');
  }
  return authority.text;
}
