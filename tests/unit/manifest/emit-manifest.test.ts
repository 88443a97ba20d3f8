import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitManifest } from '../../../scripts/manifest/emit-manifest.ts';
import type { ManifestShape } from '../../../scripts/manifest/manifest-shape.ts';
import { fixturesDir } from './helpers.ts';

const manifestFile = join(fixturesDir, 'valid.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ManifestShape;
const emit = (overrides = {}) =>
  emitManifest(manifest, {
    manifestFile,
    outDir: join(fixturesDir, 'out', 'generated'),
    overrides,
    source: 'valid.json',
  });

describe('emitted manifest data', () => {
  it('imports each asset once, relative to the generated file, and uses the imported URL', () => {
    const code = emit();
    expect(code).toContain("import asset0 from '../../assets/logo.svg';");
    expect(code).toContain("import asset9 from '../../assets/covers/c9.svg';");
    expect(code.match(/^import asset/gm)).toHaveLength(10);
    expect(code).toContain('    logo: asset0,');
    expect(code).toContain('        image: asset1,');
    expect(code).not.toMatch(/(image|logo): 'assets/);
  });

  it('keeps the validated data typed as Manifest, without the editor-only $schema', () => {
    const code = emit();
    expect(code).toContain("import type { Manifest } from './manifest.types.ts';");
    expect(code).toContain("export type ShellManifest = Omit<Manifest, 'routes'>;");
    expect(code).toContain('export const manifest: ShellManifest = {');
    expect(code).not.toContain('$schema');
    expect(code).toContain('    transitionMs: 300,');
  });

  it('leaves the routes to routes.gen.ts, so the first load carries them once', () => {
    const code = emit();
    expect(code).not.toMatch(/^ {2}routes:/m);
    expect(code).not.toContain("screen: '");
  });

  it('uses the same import for an image listed twice', () => {
    const twice = structuredClone(manifest);
    twice.theme.covers[1]!.image = twice.theme.covers[0]!.image;
    const code = emitManifest(twice, {
      manifestFile,
      outDir: fixturesDir,
      overrides: {},
      source: 'x',
    });
    expect(code.match(/^import asset/gm)).toHaveLength(9);
  });
});
