/**
 * The admin examples of docs/manifests.md ("Administering manifests") are real edits: each snippet, put where the
 * guide says, passes the checks it tells the admin to run.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateAnyManifest } from '../../../scripts/manifest/customer/index.ts';
import type {
  Manifest,
  NavItem,
  QuickSearchPreset,
} from '../../../src/generated/manifest.types.ts';
import { errors, repoRoot } from './helpers.ts';

const readme = readFileSync(resolve(repoRoot, 'docs', 'manifests.md'), 'utf8');
const productFile = 'manifest/product.manifest.json';

/** The JSON block that follows `<!-- admin-example: NAME -->`. */
function example<T = Record<string, unknown>>(name: string): T {
  const marker = `<!-- admin-example: ${name} -->`;
  const at = readme.indexOf(marker);
  expect(at, `docs/manifests.md has no ${marker}`).toBeGreaterThan(0);
  const block = /```json\n([\s\S]*?)```/.exec(readme.slice(at))!;
  return JSON.parse(block[1]!) as T;
}

/** The product manifest with one change, checked as the product manifest (same place, same assets). */
function productWith(change: (m: Manifest) => void) {
  const manifest = JSON.parse(readFileSync(resolve(repoRoot, productFile), 'utf8')) as Manifest;
  change(manifest);
  return validateAnyManifest(productFile, { text: JSON.stringify(manifest, null, 2) });
}

describe('README admin examples', () => {
  it('the sidebar item, added after Churn Analysis, passes manifest:check', () => {
    const item = example<NavItem>('sidebar-item');
    const result = productWith((m) => {
      const section = m.sidebar.sections.find((s) => s.id === 'performance-metrics')!;
      const at = section.items.findIndex((i) => i.id === 'churn-analysis');
      section.items.splice(at + 1, 0, item);
    });
    expect(errors(result.problems)).toEqual([]);
    expect(result.manifest!.sidebar.sections[0]!.items.map((i) => i.label)).toContain('Sentiment');
  });

  it('the quick-search preset passes manifest:check', () => {
    const result = productWith((m) =>
      m.header.quickSearch.push(example<QuickSearchPreset>('preset')),
    );
    expect(errors(result.problems)).toEqual([]);
  });

  it('the tools-grid entry passes manifest:check', () => {
    const result = productWith((m) => m.header.tools.push(example<NavItem>('tool')));
    expect(errors(result.problems)).toEqual([]);
  });

  it('the customer passes manifest:check once its logo exists', () => {
    const text = JSON.stringify(example('customer'), null, 2);
    const { problems, manifest } = validateAnyManifest('manifest/customers/initech.manifest.json', {
      text,
    });
    // The README tells the admin to add the logo file; this test does not create it.
    expect(errors(problems)).toEqual([
      expect.stringMatching(
        /^manifest\/customers\/initech\.manifest\.json:\d+:\d+: \/brand\/logo: image file not found: manifest\/customers\/initech\/assets\/logo\.svg/,
      ),
    ]);
    expect(manifest).toBeUndefined();
  });
});
