import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { formatProblem } from '../../../scripts/manifest/format.ts';
import type { Problem } from '../../../scripts/manifest/problem.ts';
import type { ScreenCatalog } from '../../../scripts/manifest/screen-check.ts';
import {
  validateCustomerManifest,
  type CustomerValidationResult,
} from '../../../scripts/manifest/customer/index.ts';

export const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
export const fixturesDir = 'tests/fixtures/customer';
export const baseFile = `${fixturesDir}/product.manifest.json`;

/** Screens the fixture base manifest names (the fixtures do not depend on src/screens). */
export const fixtureScreens: ReadonlySet<string> = new Set([
  'home/overview',
  'performance/agents',
  'customer/voc',
  'search/keywords',
  'auth/sign-in',
  'pages/legal',
  'system/not-found',
]);
const fixtureCatalog: ScreenCatalog = { screens: fixtureScreens, notScreens: new Map() };

/** Text of a customer file extending the fixture base, two-space indented like an admin's. */
export function customerText(changes: Record<string, unknown>): string {
  return JSON.stringify(
    { extends: './product.manifest.json', id: 'customer', ...changes },
    null,
    2,
  );
}

/**
 * Checks customer manifest text as if it were tests/fixtures/customer/<name> (so `extends` and
 * asset paths resolve there), run from the repository root as vitest does.
 */
export function checkCustomer(
  text: string,
  name = 'customer.manifest.json',
): CustomerValidationResult & { file: string } {
  const file = `${fixturesDir}/${name}`;
  return { ...validateCustomerManifest(file, { text, screens: fixtureCatalog }), file };
}

/** `FILE:LINE:COL: /pointer: [warning: ]message` lines, as the check CLI prints them. */
export const lines = (problems: readonly Problem[]): string[] => problems.map(formatProblem);

/** Errors only. */
export const errors = (problems: readonly Problem[]): string[] =>
  lines(problems.filter((p) => p.severity === 'error'));

/** 1-based line and column of the first occurrence of `needle` in `text`. */
export function positionOf(text: string, needle: string, from = 0): string {
  const offset = text.indexOf(needle, from);
  if (offset < 0) throw new Error(`${needle} not in text`);
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

/** A temporary screens directory with an empty module per fixture screen, for CLI runs. */
export function makeScreensDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sa-customer-screens-'));
  for (const screen of fixtureScreens) {
    const file = join(dir, `${screen}.tsx`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'export default function Screen() {\n  return null;\n}\n');
  }
  return dir;
}
