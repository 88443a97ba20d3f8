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
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', `scripts/manifest/${script}`, ...args],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, SA_MANIFEST: '' },
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('manifest:check CLI', { timeout: 30_000 }, () => {
  it('exits 0 with a one-line summary for a valid manifest', () => {
    const { code, stdout, stderr } = run(
      'check-cli.ts',
      `--screens=${screensDir}`,
      'tests/fixtures/manifest/valid.json',
    );
    expect(stderr).toBe('');
    expect(stdout).toBe(
      'tests/fixtures/manifest/valid.json: valid (7 routes, 1 sidebar section, 1 tool, 1 preset; 0 warnings)\n',
    );
    expect(code).toBe(0);
  });

  it('prints every problem of every file, one line each, and exits 1', () => {
    const { code, stdout, stderr } = run(
      'check-cli.ts',
      `--screens=${screensDir}`,
      'tests/fixtures/manifest/parent-cycle.json',
      'tests/fixtures/manifest/orphan-route.json',
      'tests/fixtures/manifest/missing.json',
    );
    expect(code).toBe(1);
    expect(stderr.split('\n')).toEqual([
      'tests/fixtures/manifest/parent-cycle.json:12:17: /routes/0/parent: parent cycle: home -> voc -> home',
      'tests/fixtures/manifest/parent-cycle.json:32:17: /routes/2/parent: parent cycle: voc -> home -> voc',
      'tests/fixtures/manifest/parent-cycle.json: 2 errors, not valid',
      expect.stringMatching(
        /^tests\/fixtures\/manifest\/orphan-route.json:53:5: \/routes\/5: warning: route "legal"/,
      ),
      'tests/fixtures/manifest/missing.json:1:1: /: file not found',
      'tests/fixtures/manifest/missing.json: 1 error, not valid',
      '',
    ]);
    // A manifest with only warnings is valid.
    expect(stdout).toBe(
      'tests/fixtures/manifest/orphan-route.json: valid (7 routes, 1 sidebar section, 1 tool, 1 preset; 1 warning)\n',
    );
  });

  it('generate refuses an invalid manifest with the problem lines and exit 1', () => {
    const { code, stderr } = run(
      'generate-cli.ts',
      'tests/fixtures/manifest/theme-default-color.json',
    );
    expect(code).toBe(1);
    expect(stderr).toContain(
      'tests/fixtures/manifest/theme-default-color.json:117:21: /theme/defaultColor: "indgo" is not a theme colour id (did you mean "indigo"?)',
    );
    expect(stderr).toContain(
      'tests/fixtures/manifest/theme-default-color.json: not generated, fix the errors above',
    );
  });
});
