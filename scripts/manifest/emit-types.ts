import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GENERATED_BANNER } from './banner.ts';
import { formatTypes } from './format-types.ts';

export { GENERATED_BANNER };

const require = createRequire(import.meta.url);
const emitterVersion = (
  JSON.parse(readFileSync(require.resolve('json-schema-to-typescript/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Bump when the options or formatting below change, so older generated files are redone. */
const EMITTER_REVISION = 2;

/**
 * What the types depend on: the schema text, this emitter's revision and the version of
 * json-schema-to-typescript. Stored in the generated file so a later run can keep the file
 * instead of emitting it again.
 */
export function typesFingerprint(schemaText: string): string {
  const hash = createHash('sha256')
    .update(`${EMITTER_REVISION}\njson-schema-to-typescript@${emitterVersion}\n${schemaText}`)
    .digest('hex');
  return `// types fingerprint: ${hash.slice(0, 32)}`;
}

/** The existing generated types when they were made from the same inputs, else undefined. */
export function reusableTypes(
  existing: string | undefined,
  fingerprint: string,
): string | undefined {
  return existing?.startsWith(`${GENERATED_BANNER}\n${fingerprint}\n`) ? existing : undefined;
}

/**
 * Emits the manifest's TypeScript types (Manifest, Route, NavItem, QuickSearchPreset, IconName,
 * ...) with json-schema-to-typescript, formatted by formatTypes (fixed rules, no project
 * config involved) so the output is byte-identical on every machine.
 */
export async function emitManifestTypes(schema: object, fingerprint?: string): Promise<string> {
  // Loaded on demand: most generations reuse the types and never need it.
  const { compile } = await import('json-schema-to-typescript');
  // json-schema-to-typescript annotates the schema object it is given; keep the caller's intact.
  const copy = structuredClone(schema) as Parameters<typeof compile>[0];
  const code = await compile(copy, 'Manifest', {
    bannerComment: '',
    unreachableDefinitions: true,
    additionalProperties: false,
    format: false,
    cwd: process.cwd(),
  });
  const banner = fingerprint ? `${GENERATED_BANNER}\n${fingerprint}` : GENERATED_BANNER;
  return `${banner}\n\n${formatTypes(code)}`;
}
