import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { readGeneratedAuthority, readGeneratedManifest } from './generated-manifest.ts';
import { headersForPath, parseHeadersFile } from './headers-file.ts';
import { securityHeadersPlugin } from './headers-plugin.ts';

/** A generated directory holding only the resolved manifest (what the plugin reads). */
function generatedDirWith(manifestJson: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'generated-'));
  writeFileSync(join(dir, 'manifest.resolved.json'), manifestJson);
  return dir;
}

const withAuthority = (authority: string) =>
  JSON.stringify({ id: 'callscope', auth: { protocol: 'oidc', authority } });

describe('the generated manifest', () => {
  it('reads the authority the build signs in with', () => {
    expect(readGeneratedAuthority(generatedDirWith(withAuthority('/idp')))).toBe('/idp');
    expect(readGeneratedManifest(generatedDirWith(withAuthority('/idp'))).id).toBe('callscope');
  });

  it('explains a missing or broken file with the command that fixes it', () => {
    expect(() => readGeneratedAuthority('/no/such/dir')).toThrow(
      /manifest.resolved.json is missing: run `npm run generate`/,
    );
    expect(() => readGeneratedManifest(generatedDirWith('{"id": '))).toThrow(
      /is not valid JSON .* run `npm run generate` again/,
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
    const generatedDir = generatedDirWith(withAuthority('https://idp.example:8443/tenant'));
    await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      build: { outDir: join(dir, 'dist') },
      plugins: [securityHeadersPlugin({ generatedDir })],
    });
    const text = readFileSync(join(dir, 'dist', '_headers'), 'utf8');
    expect(text).toMatch(/^# Response headers for static hosts/);
    const headers = headersForPath(parseHeadersFile(text), '/page/login');
    expect(headers['Content-Security-Policy']).toContain(
      "connect-src 'self' https://idp.example:8443",
    );
    expect(headers['Strict-Transport-Security']).toBeDefined();
  });

  it("allows the build's API origin (VITE_API_URL) to be fetched from", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'headers-plugin-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><p>x</p>');
    writeFileSync(join(dir, '.env'), 'VITE_API_URL=https://api.example.com/callscope\n');
    await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      build: { outDir: join(dir, 'dist') },
      plugins: [securityHeadersPlugin({ generatedDir: generatedDirWith(withAuthority('/idp')) })],
    });
    const text = readFileSync(join(dir, 'dist', '_headers'), 'utf8');
    expect(headersForPath(parseHeadersFile(text), '/')['Content-Security-Policy']).toContain(
      "connect-src 'self' https://api.example.com wss://api.example.com;",
    );
  });
});
