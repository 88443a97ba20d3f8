import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { authorityFromSource, readGeneratedAuthority } from './generated-manifest.ts';
import { parseHeadersFile, headersForPath } from './headers-file.ts';
import { securityHeadersPlugin } from './headers-plugin.ts';

const generated = (auth: string) => `/* GENERATED */
import type { Manifest } from './manifest.types.ts';
import asset0 from '../../manifest/assets/logo.svg';

export const manifest: Manifest = {
  id: 'callscope',
  brand: { name: 'Callscope', logo: asset0 },
  routes: [{ id: 'x', auth: 'required' }],
  ${auth}
};
`;

describe('authority of the generated manifest', () => {
  it('reads auth.authority, not other fields that look alike', () => {
    const source = generated(
      "auth: {\n    protocol: 'entra',\n    clientId: 'abc',\n    authority: 'https://login.microsoftonline.com/contoso',\n  },",
    );
    expect(authorityFromSource(ts, source, 'm.ts')).toBe(
      'https://login.microsoftonline.com/contoso',
    );
  });

  it('explains what is wrong with a file it cannot read', async () => {
    expect(() => authorityFromSource(ts, generated(''), 'm.ts')).toThrow(
      /m.ts: the manifest has no auth block; regenerate/,
    );
    expect(() => authorityFromSource(ts, generated('auth: { authority: x },'), 'm.ts')).toThrow(
      /not a string literal/,
    );
    expect(() => authorityFromSource(ts, 'export const other = {};', 'm.ts')).toThrow(
      /no `manifest` declaration/,
    );
    await expect(readGeneratedAuthority('/no/such/manifest.gen.ts')).rejects.toThrow(
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
