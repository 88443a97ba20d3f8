import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../../../scripts/manifest/problem.ts';
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

/** Repository-relative path of a fixture, as problems show it. */
export const fixture = (name: string): string => `tests/fixtures/manifest/${name}.json`;

/** Checks a fixture manifest (run from the repository root, as vitest does). */
export function checkFixture(name: string): Problem[] {
  return validateManifest(resolve(repoRoot, fixture(name)), {
    screens: fixtureScreens,
  }).problems.map((p) => ({ ...p, file: fixture(name) }));
}

/** `LINE:COL: /pointer: [warning: ]message` lines without the file, for compact assertions. */
export const lines = (problems: readonly Problem[]): string[] =>
  problems.map(
    (p) =>
      `${p.line}:${p.column}: ${p.pointer}: ${p.severity === 'warning' ? 'warning: ' : ''}${p.message}`,
  );

/** A temporary directory with empty screen modules for the fixture manifests. */
export function makeScreensDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sa-screens-'));
  for (const screen of fixtureScreens) {
    const file = join(dir, `${screen}.tsx`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      `export default function Screen() {\n  return ${JSON.stringify(screen)};\n}\n`,
    );
  }
  return dir;
}
