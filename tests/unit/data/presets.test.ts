/**
 * Every quick-search preset of every manifest (the product's and each white-label customer's)
 * finds calls on the demo corpus: a preset that finds nothing is a broken menu entry.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateAnyManifest } from '../../../scripts/manifest/customer/index.ts';
import { repoRoot } from '../../../scripts/manifest/paths.ts';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';

const manifests = [
  join(repoRoot, 'manifest', 'product.manifest.json'),
  ...readdirSync(join(repoRoot, 'manifest', 'customers'))
    .filter((f) => f.endsWith('.manifest.json'))
    .map((f) => join(repoRoot, 'manifest', 'customers', f)),
];

describe('quick-search presets', () => {
  it('each finds calls on the demo corpus', { timeout: 120_000 }, async () => {
    // The demo's default corpus size and seed (what a user of the demo searches).
    const source = createEmbeddedSource({ calls: 20_000 });
    // Presets that differ only in their list size search the same expression: search it once.
    const totals = new Map<string, Promise<number>>();
    const totalOf = (expression: string) => {
      if (!totals.has(expression))
        totals.set(
          expression,
          source.search({ expression, limit: 1 }).then((r) => r.total),
        );
      return totals.get(expression)!;
    };
    const empty: string[] = [];
    let checked = 0;
    for (const file of manifests) {
      const { manifest } = validateAnyManifest(file);
      expect(manifest, file).toBeDefined();
      const searchRoute = manifest!.routes.find((r) => r.id === manifest!.header.search.route)!;
      for (const preset of manifest!.header.quickSearch) {
        const route = manifest!.routes.find((r) => r.id === preset.target.route)!;
        const key = preset.target.query?.[manifest!.header.search.param];
        if (route.id !== searchRoute.id || typeof key !== 'string') continue;
        checked++;
        if ((await totalOf(key)) === 0) empty.push(`${manifest!.id}: ${preset.label} (${key})`);
      }
    }
    expect(checked).toBeGreaterThan(6);
    expect(empty).toEqual([]);
  });
});
