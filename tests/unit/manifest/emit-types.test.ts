import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_BANNER, emitManifestTypes } from '../../../scripts/manifest/emit-types.ts';
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
    expect(code).toMatch(/export type IconName =\n {2}\| 'gauge'/);
    // The caller's schema object is not annotated in place.
    expect(JSON.stringify(schema)).toBe(before);
    expect(await emitManifestTypes(schema)).toBe(code);
  });
});
