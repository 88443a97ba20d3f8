import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../../../scripts/manifest/problem.ts';
import type { ScreenCatalog } from '../../../scripts/manifest/screen-check.ts';
import { validateManifest } from '../../../scripts/manifest/validate.ts';
import { DEFECTS, type DefectName } from '../../fixtures/manifest/defects.ts';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const fixturesDir = resolve(repoRoot, 'tests', 'fixtures', 'manifest');

/** Screens the fixture manifests name (the fixtures do not depend on src/screens). */
export const fixtureScreens: ReadonlySet<string> = new Set([
  'home/overview',
  'performance/agents',
  'customer/voc',
  'search/keywords',
  'auth/sign-in',
  'pages/legal',
  'system/not-found',
]);

/** Modules under the fixture screens folder that are not screens, with why (as scanned). */
export const fixtureNotScreens: ScreenCatalog['notScreens'] = new Map([
  ['performance/parts/agent-table', 'it is a part of a screen (screens are <area>/<name>.tsx)'],
  ['common/screen-test-kit', 'it has no default export (the screen component)'],
]);

/** Repository-relative path of a fixture, as problems show it. */
export const fixture = (name: string): string => `tests/fixtures/manifest/${name}.json`;

/** The valid fixture with one defect of tests/fixtures/manifest/defects.ts applied. */
export function defectiveManifest(name: DefectName): string {
  let text = readFileSync(resolve(repoRoot, fixture('valid')), 'utf8');
  for (const change of DEFECTS[name]) {
    const at = text.indexOf(change.replace);
    if (at < 0 || text.indexOf(change.replace, at + 1) >= 0)
      throw new Error(`defect ${name} no longer applies once to valid.json: ${change.replace}`);
    text = text.slice(0, at) + change.with + text.slice(at + change.replace.length);
  }
  return text;
}

/**
 * Checks the valid fixture, or it with one defect (checked in its place, so its assets resolve,
 * and reported as tests/fixtures/manifest/NAME.json).
 */
export function checkFixture(name: DefectName | 'valid'): Problem[] {
  return checkChangedFixture(name, (text) => text, { unchanged: true });
}

/**
 * Checks a fixture changed in memory by `change` (a text edit that must apply), so a test
 * shows the one difference it is about.
 */
export function checkChangedFixture(
  name: DefectName | 'valid',
  change: (text: string) => string,
  options: { unchanged?: boolean } = {},
): Problem[] {
  const file = resolve(repoRoot, fixture('valid'));
  const text = name === 'valid' ? readFileSync(file, 'utf8') : defectiveManifest(name);
  const changed = change(text);
  if (changed === text && !options.unchanged)
    throw new Error(`the change does not apply to ${name}`);
  return validateManifest(file, {
    text: changed,
    screens: { screens: fixtureScreens, notScreens: fixtureNotScreens },
  }).problems.map((p) => ({ ...p, file: fixture(name) }));
}

/** `LINE:COL: /pointer: [warning: ]message` lines without the file, for compact assertions. */
export const lines = (problems: readonly Problem[]): string[] =>
  problems.map(
    (p) =>
      `${p.line}:${p.column}: ${p.pointer}: ${p.severity === 'warning' ? 'warning: ' : ''}${p.message}`,
  );

/**
 * A temporary directory with empty screen modules for the fixture manifests, and the non-screen
 * modules beside them (a screen's part, a module without a default export) and a test file.
 */
export function makeScreensDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sa-screens-'));
  const write = (name: string, text: string): void => {
    const file = join(dir, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  for (const screen of fixtureScreens) {
    write(
      `${screen}.tsx`,
      `export default function Screen() {\n  return ${JSON.stringify(screen)};\n}\n`,
    );
  }
  write('performance/parts/agent-table.tsx', 'export default function AgentTable() {}\n');
  write('common/screen-test-kit.tsx', 'export function renderScreen() {}\n');
  write('performance/agents.test.tsx', 'export default 1;\n');
  write('performance/agents.css', '');
  return dir;
}
