import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  GENERATED_BANNER,
  emitManifestTypes,
  reusableTypes,
  typesFingerprint,
} from '../../../scripts/manifest/emit-types.ts';
import { schemaFile } from '../../../scripts/manifest/paths.ts';

describe('emitted manifest types', () => {
  it('generates the named types from the schema under a generated banner, deterministically', async () => {
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as object;
    const before = JSON.stringify(schema);
    const code = await emitManifestTypes(schema);
    expect(code.startsWith(GENERATED_BANNER)).toBe(true);
    for (const name of [
      'Manifest',
      'Route',
      'NavItem',
      'QuickSearchPreset',
      'UserMenuItem',
      'Theme',
      'Auth',
    ]) {
      expect(code).toContain(`export interface ${name} {`);
    }
    expect(code).toMatch(/^export type IconName = \("gauge" \| "layout" \| .*\);$/m);
    // Every block is closed: the last line closes the last interface at column 0.
    expect(code.trimEnd().split('\n').at(-1)).toBe('}');
    // The caller's schema object is not annotated in place.
    expect(JSON.stringify(schema)).toBe(before);
    expect(await emitManifestTypes(schema)).toBe(code);
  });
});

describe('reusing generated types', () => {
  it('fingerprints the schema text and reuses only a file made from the same inputs', async () => {
    const schemaText = readFileSync(schemaFile, 'utf8');
    const fingerprint = typesFingerprint(schemaText);
    expect(fingerprint).toMatch(/^\/\/ types fingerprint: [0-9a-f]{32}$/);
    expect(typesFingerprint(schemaText)).toBe(fingerprint);
    expect(typesFingerprint(schemaText.replace('Text shown to users.', 'Text.'))).not.toBe(
      fingerprint,
    );

    const code = await emitManifestTypes(JSON.parse(schemaText) as object, fingerprint);
    expect(code.startsWith(`${GENERATED_BANNER}\n${fingerprint}\n`)).toBe(true);
    expect(reusableTypes(code, fingerprint)).toBe(code);
    expect(reusableTypes(code, typesFingerprint('{}'))).toBeUndefined();
    expect(reusableTypes(undefined, fingerprint)).toBeUndefined();
    expect(reusableTypes(`// edited by hand\n${code}`, fingerprint)).toBeUndefined();
  });
});
