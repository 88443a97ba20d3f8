import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { manifestFromSource, readGeneratedAuthority } from './generated-manifest.ts';
import { headersForPath, parseHeadersFile } from './headers-file.ts';
import { securityHeadersPlugin } from './headers-plugin.ts';

const generated = (auth: string) => `/* GENERATED */
import type { Manifest } from './manifest.types.ts';
import asset0 from '../../manifest/assets/logo.svg';

export const manifest: Manifest = {
  id: 'callscope',
  brand: { name: 'Callscope', logo: asset0 },
  routes: [{ id: 'x', auth: 'required', order: -1, contextual: true, parent: null }],
  ${auth}
};
`;

function tempFile(name: string, content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'generated-')), name);
  writeFileSync(file, content);
  return file;
}

describe('the generated manifest, read from its syntax tree', () => {
  it('evaluates the data, with imported assets as placeholders', () => {
    const manifest = manifestFromSource(
      generated("auth: { protocol: 'entra', authority: 'https://login.microsoftonline.com/c' },"),
      'm.ts',
    ) as unknown as Record<string, unknown>;
    expect(manifest).toEqual({
      id: 'callscope',
      brand: { name: 'Callscope', logo: 'asset:../../manifest/assets/logo.svg' },
      routes: [{ id: 'x', auth: 'required', order: -1, contextual: true, parent: null }],
      auth: { protocol: 'entra', authority: 'https://login.microsoftonline.com/c' },
    });
  });

  it('reads the authority, and explains a file it cannot read', () => {
    const file = tempFile('manifest.gen.ts', generated("auth: { authority: '/idp' },"));
    expect(readGeneratedAuthority(file)).toBe('/idp');
    expect(() => readGeneratedAuthority(tempFile('m.ts', generated('')))).toThrow(
      /auth.authority is missing; regenerate/,
    );
    expect(() =>
      manifestFromSource(generated('auth: { authority: someVariable },'), 'm.ts'),
    ).toThrow(/m.ts:9: `someVariable` is neither a literal nor an imported asset/);
    expect(() => manifestFromSource('export const other = {};', 'm.ts')).toThrow(
      /no `manifest` declaration/,
    );
    expect(() => readGeneratedAuthority('/no/such/manifest.gen.ts')).toThrow(
      /is missing: run `npm run generate`/,
    );
  });
});

describe('security headers plugin', () => {
  it('writes _headers into the build for the authority the build signs in with', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'headers-plugin-'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><script type="module" src="./main.js"></script>',
    );
    writeFileSync(join(dir, 'main.js'), 'document.title = "x";');
    const manifestFile = join(dir, 'manifest.gen.ts');
    writeFileSync(
      manifestFile,
      generated("auth: { authority: 'https://idp.example:8443/tenant' },"),
    );
    await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      build: { outDir: join(dir, 'dist') },
      plugins: [securityHeadersPlugin({ generatedManifest: manifestFile })],
    });
    const text = readFileSync(join(dir, 'dist', '_headers'), 'utf8');
    expect(text).toMatch(/^# Response headers for static hosts/);
    const headers = headersForPath(parseHeadersFile(text), '/page/login');
    expect(headers['Content-Security-Policy']).toContain(
      "connect-src 'self' https://idp.example:8443",
    );
    expect(headers['Strict-Transport-Security']).toBeDefined();
  });
});
