import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatFigure, median } from './budget.ts';
import { screenChunks, screenWeights, sizeFirstVisit, totalGzip } from './first-load.ts';
import type { ViteManifest } from '../../build/vite-manifest.ts';

/** A build like Vite's: entry -> vendor, two lazy screens sharing a chunk, one worker bundle. */
function fixtureBuild(): { dist: string; manifest: ViteManifest } {
  const dist = mkdtempSync(join(tmpdir(), 'first-load-'));
  mkdirSync(join(dist, 'assets'));
  const files: Record<string, string> = {
    'assets/main-1.js': 'import "./vendor-1.js";'.repeat(50),
    'assets/vendor-1.js': 'export const react = 1;'.repeat(400),
    'assets/login-1.js': 'export default "login";'.repeat(20),
    'assets/dashboard-1.js': 'export default "dash";'.repeat(20),
    'assets/charts-1.js': 'export const chart = 1;'.repeat(200),
    'assets/data.worker-1.js': 'onmessage = () => {};'.repeat(300),
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dist, file), text);
  const manifest: ViteManifest = {
    'index.html': {
      file: 'assets/main-1.js',
      isEntry: true,
      imports: ['_vendor-1.js'],
      dynamicImports: [
        'generated/screens/auth/sign-in.gen.ts',
        'generated/screens/dashboard/overview.gen.ts',
      ],
    },
    '_vendor-1.js': { file: 'assets/vendor-1.js' },
    '_charts-1.js': { file: 'assets/charts-1.js', imports: ['index.html'] },
    'generated/screens/auth/sign-in.gen.ts': {
      file: 'assets/login-1.js',
      isDynamicEntry: true,
      imports: ['index.html'],
    },
    'generated/screens/dashboard/overview.gen.ts': {
      file: 'assets/dashboard-1.js',
      isDynamicEntry: true,
      imports: ['index.html', '_charts-1.js'],
    },
  };
  return { dist, manifest };
}

const gz = (text: string) => gzipSync(text, { level: 9 }).length;

describe('first-load JavaScript of a recorded first visit', () => {
  it('counts every page chunk downloaded, gzip-compressed, and keeps worker bundles apart', () => {
    const { dist, manifest } = fixtureBuild();
    const load = sizeFirstVisit(dist, manifest, [
      'assets/main-1.js',
      'assets/vendor-1.js',
      'assets/dashboard-1.js',
      'assets/charts-1.js',
      'assets/data.worker-1.js',
    ]);
    expect(load.page.map((f) => f.file)).toEqual([
      'assets/main-1.js',
      'assets/vendor-1.js',
      'assets/dashboard-1.js',
      'assets/charts-1.js',
    ]);
    expect(totalGzip(load.page)).toBe(
      gz('import "./vendor-1.js";'.repeat(50)) +
        gz('export const react = 1;'.repeat(400)) +
        gz('export default "dash";'.repeat(20)) +
        gz('export const chart = 1;'.repeat(200)),
    );
    expect(load.workers).toEqual([
      { file: 'assets/data.worker-1.js', gzip: gz('onmessage = () => {};'.repeat(300)) },
    ]);
  });

  it('lists screen chunks by screen module', () => {
    const { manifest } = fixtureBuild();
    expect([...screenChunks(manifest).entries()].sort()).toEqual([
      ['auth/sign-in', 'assets/login-1.js'],
      ['dashboard/overview', 'assets/dashboard-1.js'],
    ]);
  });
});

describe("each screen's weight beyond the entry", () => {
  it('counts a chunk only one screen loads as its own, one several load as shared', () => {
    const { dist, manifest } = fixtureBuild();
    writeFileSync(join(dist, 'assets/kit-1.js'), 'export const kit = 1;'.repeat(100));
    manifest['_kit-1.js'] = { file: 'assets/kit-1.js', imports: ['index.html'] };
    manifest['generated/screens/auth/sign-in.gen.ts']!.imports = ['index.html', '_kit-1.js'];
    manifest['generated/screens/dashboard/overview.gen.ts']!.imports!.push('_kit-1.js');
    const kit = gz('export const kit = 1;'.repeat(100));
    expect(screenWeights(dist, manifest).sort((a, b) => a.screen.localeCompare(b.screen))).toEqual([
      { screen: 'auth/sign-in', own: gz('export default "login";'.repeat(20)), shared: kit },
      {
        screen: 'dashboard/overview',
        own: gz('export default "dash";'.repeat(20)) + gz('export const chart = 1;'.repeat(200)),
        shared: kit,
      },
    ]);
  });
});

describe('budget figures', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('prints value, budget and verdict', () => {
    expect(formatFigure({ label: 'x', value: 186.04, budget: 185, unit: 'KB' })).toMatch(
      /186\.0 KB\s+budget\s+185 KB\s+FAIL$/,
    );
    expect(formatFigure({ label: 'y', value: 0.42, budget: 1, unit: 's' })).toMatch(
      /0\.42 s\s+budget\s+1\.00 s\s+PASS$/,
    );
  });
});
