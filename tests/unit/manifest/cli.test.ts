import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DefectName } from '../../fixtures/manifest/defects.ts';
import { defectiveManifest, fixturesDir, makeScreensDir, repoRoot } from './helpers.ts';

let screensDir: string;
/** The defective manifests the CLI reads, as files beside a copy of the fixtures' assets. */
let defectsDir: string;
const defect = (name: DefectName) => join(defectsDir, `${name}.json`);
beforeAll(() => {
  screensDir = makeScreensDir();
  defectsDir = mkdtempSync(join(tmpdir(), 'manifest-defects-'));
  cpSync(resolve(fixturesDir, 'assets'), join(defectsDir, 'assets'), { recursive: true });
  for (const name of ['parent-cycle', 'orphan-route', 'theme-default-color'] as const)
    writeFileSync(defect(name), defectiveManifest(name));
});
afterAll(() => {
  rmSync(screensDir, { recursive: true, force: true });
  rmSync(defectsDir, { recursive: true, force: true });
});

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

describe('manifest:check CLI', () => {
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
      defect('parent-cycle'),
      defect('orphan-route'),
      'tests/fixtures/manifest/missing.json',
    );
    expect(code).toBe(1);
    expect(stderr.split('\n')).toEqual([
      `${defect('parent-cycle')}:12:17: /routes/0/parent: parent cycle: home -> voc -> home`,
      `${defect('parent-cycle')}:33:17: /routes/2/parent: parent cycle: voc -> home -> voc`,
      `${defect('parent-cycle')}: 2 errors, not valid`,
      expect.stringMatching(
        new RegExp(`^${defect('orphan-route')}:54:5: /routes/5: warning: route "legal"`),
      ),
      'tests/fixtures/manifest/missing.json:1:1: /: file not found',
      'tests/fixtures/manifest/missing.json: 1 error, not valid',
      '',
    ]);
    // A manifest with only warnings is valid.
    expect(stdout).toBe(
      `${defect('orphan-route')}: valid (7 routes, 1 sidebar section, 1 tool, 1 preset; 1 warning)\n`,
    );
  });

  it('generate refuses an invalid manifest with the problem lines and exit 1', () => {
    const { code, stderr } = run('generate-cli.ts', defect('theme-default-color'));
    expect(code).toBe(1);
    expect(stderr).toContain(
      `${defect('theme-default-color')}:118:21: /theme/defaultColor: "indgo" is not a theme colour id (did you mean "indigo"?)`,
    );
    expect(stderr).toContain(
      `${defect('theme-default-color')}: not generated, fix the errors above`,
    );
  });
});
