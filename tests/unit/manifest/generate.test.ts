import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, renderGenerated } from '../../../scripts/manifest/generate.ts';
import { defectiveManifest, fixturesDir, makeScreensDir } from './helpers.ts';

let work: string;
let screensDir: string;
/** A copy of the valid fixture (and its assets) that tests may rewrite. */
let manifestFile: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sa-generate-'));
  screensDir = makeScreensDir();
  cpSync(join(fixturesDir, 'assets'), join(work, 'assets'), { recursive: true });
  manifestFile = join(work, 'manifest.json');
  writeFileSync(manifestFile, readFileSync(join(fixturesDir, 'valid.json')));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(screensDir, { recursive: true, force: true });
});

const render = async (overrides = {}) => {
  const outDir = join(work, 'out');
  const result = await renderGenerated(manifestFile, {
    outDir,
    screensDir,
    overrides,
  });
  expect(result.problems).toEqual([]);
  return Object.fromEntries(
    result.files.map((f) => [relative(outDir, f.path).split(sep).join('/'), f.content]),
  );
};

describe('generate', () => {
  it('is deterministic: same manifest, byte-identical files', async () => {
    const first = await render();
    const second = await render();
    expect(Object.keys(first)).toEqual([
      'manifest.types.ts',
      'manifest.gen.ts',
      'manifest.resolved.json',
      'routes.gen.ts',
      'screens/home/overview.gen.ts',
      'screens/performance/agents.gen.ts',
      'screens/customer/voc.gen.ts',
      'screens/search/keywords.gen.ts',
      'screens/auth/sign-in.gen.ts',
      'screens/pages/legal.gen.ts',
      'screens/system/not-found.gen.ts',
    ]);
    expect(second).toEqual(first);
  });

  it('depends on the data, not the formatting of the manifest file', async () => {
    const original = readFileSync(manifestFile, 'utf8');
    const before = await render();
    try {
      // Same data, different layout: minified, then four-space indented with CRLF.
      writeFileSync(manifestFile, JSON.stringify(JSON.parse(original)));
      expect(await render()).toEqual(before);
      writeFileSync(
        manifestFile,
        JSON.stringify(JSON.parse(original), null, 4).replace(/\n/g, '\r\n'),
      );
      expect(await render()).toEqual(before);
    } finally {
      writeFileSync(manifestFile, original);
    }
  });

  it('applies SA_AUTH_CLIENT_ID and SA_AUTH_AUTHORITY to the generated auth values', async () => {
    const plain = (await render())['manifest.gen.ts'];
    expect(plain).toContain("clientId: 'fixture-web'");
    expect(plain).toContain("authority: '/idp'");
    const overridden = (
      await render({
        SA_AUTH_CLIENT_ID: '00000000-0000-0000-0000-000000000001',
        SA_AUTH_AUTHORITY: 'https://login.microsoftonline.com/contoso.onmicrosoft.com',
      })
    )['manifest.gen.ts'];
    expect(overridden).toContain("clientId: '00000000-0000-0000-0000-000000000001'");
    expect(overridden).toContain(
      "authority: 'https://login.microsoftonline.com/contoso.onmicrosoft.com'",
    );
    expect(overridden).not.toContain('fixture-web');
    // Blank variables mean "not set".
    expect(
      (await render({ SA_AUTH_CLIENT_ID: ' ', SA_AUTH_AUTHORITY: '' }))['manifest.gen.ts'],
    ).toBe(plain);
  });

  it('refuses an override the schema would not accept', async () => {
    const result = await renderGenerated(manifestFile, {
      outDir: join(work, 'out'),
      screensDir,
      overrides: { SA_AUTH_AUTHORITY: 'http://insecure.example' },
    });
    expect(result.files).toEqual([]);
    expect(result.problems).toEqual([
      {
        file: '$SA_AUTH_AUTHORITY',
        pointer: '/auth/authority',
        line: 1,
        column: 1,
        severity: 'error',
        message: '"http://insecure.example" is not an https URL or a path starting with "/"',
      },
    ]);
  });

  it('refuses to emit from an invalid manifest and reports why', async () => {
    const outDir = join(work, 'refused');
    // Beside the fixtures' assets, as a manifest file is.
    const file = join(work, 'unknown-target-route.json');
    cpSync(join(fixturesDir, 'assets'), join(work, 'assets'), { recursive: true });
    writeFileSync(file, defectiveManifest('unknown-target-route'));
    const result = await generate(file, {
      outDir,
      screensDir,
    });
    expect(result.files).toEqual([]);
    expect(result.written).toEqual([]);
    expect(result.problems.map((p) => p.pointer)).toEqual(['/header/tools/0/target/route']);
    expect(() => statSync(outDir)).toThrow();
  });

  it('writes the resolved manifest as JSON for node tools, auth overrides applied', async () => {
    const outDir = join(work, 'resolved');
    await generate(manifestFile, {
      outDir,
      screensDir,
      overrides: { SA_AUTH_AUTHORITY: 'https://login.microsoftonline.com/tenant-id' },
    });
    const resolved = JSON.parse(readFileSync(resolve(outDir, 'manifest.resolved.json'), 'utf8'));
    expect(resolved.auth.authority).toBe('https://login.microsoftonline.com/tenant-id');
    expect(resolved.routes.length).toBeGreaterThan(0);
    expect(resolved).not.toHaveProperty('$schema');
  });

  it('writes files only when their content changed, so watchers do not loop', async () => {
    const outDir = join(work, 'written');
    const first = await generate(manifestFile, { outDir, screensDir });
    expect(first.written.map((p) => relative(outDir, p).split(sep).join('/')).sort()).toEqual([
      'manifest.gen.ts',
      'manifest.resolved.json',
      'manifest.types.ts',
      'routes.gen.ts',
      'screens/auth/sign-in.gen.ts',
      'screens/customer/voc.gen.ts',
      'screens/home/overview.gen.ts',
      'screens/pages/legal.gen.ts',
      'screens/performance/agents.gen.ts',
      'screens/search/keywords.gen.ts',
      'screens/system/not-found.gen.ts',
    ]);
    const mtime = statSync(resolve(outDir, 'routes.gen.ts')).mtimeMs;
    const second = await generate(manifestFile, { outDir, screensDir });
    expect(second.written).toEqual([]);
    expect(statSync(resolve(outDir, 'routes.gen.ts')).mtimeMs).toBe(mtime);
  });
});
