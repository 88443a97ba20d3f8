import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../../../scripts/manifest/problem.ts';
import type { ScreenCatalog } from '../../../scripts/manifest/screen-check.ts';
import { validateManifest } from '../../../scripts/manifest/validate.ts';

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

/** Checks a fixture manifest (run from the repository root, as vitest does). */
export function checkFixture(name: string): Problem[] {
  return validateManifest(resolve(repoRoot, fixture(name)), {
    screens: { screens: fixtureScreens, notScreens: fixtureNotScreens },
  }).problems.map((p) => ({ ...p, file: fixture(name) }));
}

/**
 * Checks a fixture changed in memory by `change` (a text edit that must apply), so a test
 * shows the one difference it is about.
 */
export function checkChangedFixture(name: string, change: (text: string) => string): Problem[] {
  const file = resolve(repoRoot, fixture(name));
  const text = readFileSync(file, 'utf8');
  const changed = change(text);
  if (changed === text) throw new Error(`the change does not apply to ${name}`);
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
