import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeScreensDir, repoRoot } from './helpers.ts';

let screensDir: string;
beforeAll(() => {
  screensDir = makeScreensDir();
});
afterAll(() => rmSync(screensDir, { recursive: true, force: true }));

const run = (script: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, SA_MANIFEST: '' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('npm run manifest:check -- CUSTOMER_FILE', () => {
  it('checks the merged manifest and places each problem in the file that set the value', () => {
    const { code, stdout, stderr } = run(
      'scripts/manifest/check-cli.ts',
      `--screens=${screensDir}`,
      'tests/fixtures/customer/broken.manifest.json',
    );
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([
      'tests/fixtures/customer/broken.manifest.json:5:24: /hide/routes/0: cannot hide route "vocc": no such route (did you mean "voc"?)',
      'tests/fixtures/customer/broken.manifest.json:7:27: /header/tools/remove/0: cannot remove "voc-tol": no entry with that id in /header/tools (did you mean "voc-tool"?)',
      'tests/fixtures/customer/broken.manifest.json:9:75: /header/quickSearch/2/target/route: quick-search preset target "serch" is not a route id (did you mean "search"?)',
      'tests/fixtures/customer/product.manifest.json:274:17: /theme/colors/0/dark: colour "indigo" #a5b4fc has contrast 4.49:1 (WCAG AA needs 4.5:1) on dark surface #3b4a63 (as merged for tests/fixtures/customer/broken.manifest.json)',
      'tests/fixtures/customer/broken.manifest.json: 4 errors, not valid',
    ]);
  });

  it('passes on the example customers', () => {
    const { code, stdout } = run(
      'scripts/manifest/check-cli.ts',
      'manifest/customers/acme.manifest.json',
      'manifest/customers/globex.manifest.json',
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^manifest\/customers\/acme\.manifest\.json: valid \(46 routes, /m);
    expect(stdout).toMatch(/^manifest\/customers\/globex\.manifest\.json: valid \(/m);
  });
});

describe('npm run manifest:diff', () => {
  it('prints the changes against the product', () => {
    const { code, stdout } = run(
      'scripts/manifest/customer/diff-cli.ts',
      'manifest/customers/acme.manifest.json',
    );
    expect(code).toBe(0);
    expect(stdout).toContain(
      'manifest/customers/acme.manifest.json (acme) against manifest/product.manifest.json (callscope)',
    );
    expect(stdout).toContain(
      '  - hidden: report-brand /chart/reportbrand "Brand Report" (required)',
    );
    expect(stdout).toContain(
      '    - "Brand Analysis" (brand-analysis) -> /chart/reportbrand (hidden route)',
    );
    expect(stdout).toContain('  defaultMode: "dark" -> "light"');
    // Asset paths are compared as repository paths, so only real changes show.
    expect(stdout).toContain(
      '  logo: "manifest/assets/logo.svg" -> "manifest/customers/acme/assets/logo.svg"',
    );
    expect(stdout).not.toContain('~ aurora: image');
  });

  it('--explain names the file and line that set a value', () => {
    const { code, stdout } = run(
      'scripts/manifest/customer/diff-cli.ts',
      'manifest/customers/acme.manifest.json',
      '--explain',
      '/brand/name',
      '--why=/brand/companyNotice',
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^\/brand\/name = "Acme Telecom"\n {2}set by manifest\/customers\/acme\.manifest\.json:\d+:\d+ \(\/brand\/name\)\n/,
    );
    expect(stdout).toContain('/brand/companyNotice = ');
  });

  it('refuses a manifest that extends nothing', () => {
    const { code, stderr } = run(
      'scripts/manifest/customer/diff-cli.ts',
      'manifest/product.manifest.json',
    );
    expect(code).toBe(1);
    expect(stderr).toContain('manifest/product.manifest.json extends nothing');
  });
});
