import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatFigure, median } from './budget.ts';
import {
  firstLoadOf,
  scriptsOfIndexHtml,
  screenChunks,
  staticClosure,
  type ViteManifest,
} from './first-load.ts';

/** A build like Vite's: entry -> vendor (static), two lazy screens sharing a chunk. */
function fixtureBuild(): { dist: string; manifest: ViteManifest } {
  const dist = mkdtempSync(join(tmpdir(), 'first-load-'));
  mkdirSync(join(dist, 'assets'));
  const files: Record<string, string> = {
    'assets/main-1.js': 'import "./vendor-1.js";'.repeat(50),
    'assets/vendor-1.js': 'export const react = 1;'.repeat(400),
    'assets/preloaded-1.js': 'export const p = 1;'.repeat(30),
    'assets/login-1.js': 'export default "login";'.repeat(20),
    'assets/dashboard-1.js': 'export default "dash";'.repeat(20),
    'assets/charts-1.js': 'export const chart = 1;'.repeat(200),
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dist, file), text);
  writeFileSync(
    join(dist, 'index.html'),
    '<script type="module" crossorigin src="/assets/main-1.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/preloaded-1.js">\n' +
      '<link rel="stylesheet" href="/assets/main-1.css">',
  );
  const manifest: ViteManifest = {
    'index.html': {
      file: 'assets/main-1.js',
      isEntry: true,
      imports: ['_vendor-1.js'],
      dynamicImports: ['screens/auth/sign-in.tsx', 'screens/dashboard/overview.tsx'],
    },
    '_vendor-1.js': { file: 'assets/vendor-1.js' },
    '_preloaded-1.js': { file: 'assets/preloaded-1.js' },
    '_charts-1.js': { file: 'assets/charts-1.js', imports: ['index.html'] },
    'screens/auth/sign-in.tsx': {
      file: 'assets/login-1.js',
      isDynamicEntry: true,
      imports: ['index.html'],
    },
    'screens/dashboard/overview.tsx': {
      file: 'assets/dashboard-1.js',
      isDynamicEntry: true,
      imports: ['index.html', '_charts-1.js'],
    },
  };
  return { dist, manifest };
}

const gz = (text: string) => gzipSync(text, { level: 9 }).length;

describe('first-load JavaScript from the build graph', () => {
  it('reads the entry and modulepreloads of index.html', () => {
    const { dist } = fixtureBuild();
    expect(scriptsOfIndexHtml(dist)).toEqual({
      entries: ['assets/main-1.js'],
      preloads: ['assets/preloaded-1.js'],
    });
  });

  it('follows static imports only, each chunk once, cycles included', () => {
    const { manifest } = fixtureBuild();
    expect([...staticClosure(manifest, ['screens/dashboard/overview.tsx'])].sort()).toEqual([
      '_charts-1.js',
      '_vendor-1.js',
      'index.html',
      'screens/dashboard/overview.tsx',
    ]);
    expect(() => staticClosure(manifest, ['nope.js'])).toThrow(/no chunk "nope.js"/);
  });

  it('adds the route screen and what only it imports to the shell', () => {
    const { dist, manifest } = fixtureBuild();
    const login = firstLoadOf(dist, manifest, 'auth/sign-in');
    expect(login.shell.map((f) => f.file).sort()).toEqual([
      'assets/main-1.js',
      'assets/preloaded-1.js',
      'assets/vendor-1.js',
    ]);
    expect(login.screen.map((f) => f.file)).toEqual(['assets/login-1.js']);
    const dashboard = firstLoadOf(dist, manifest, 'dashboard/overview');
    expect(dashboard.screen.map((f) => f.file).sort()).toEqual([
      'assets/charts-1.js',
      'assets/dashboard-1.js',
    ]);
    expect(dashboard.total - login.total).toBe(
      gz('export const chart = 1;'.repeat(200)) +
        gz('export default "dash";'.repeat(20)) -
        gz('export default "login";'.repeat(20)),
    );
  });

  it('lists screen chunks by screen module', () => {
    const { manifest } = fixtureBuild();
    expect([...screenChunks(manifest).keys()].sort()).toEqual([
      'screens/auth/sign-in.tsx',
      'screens/dashboard/overview.tsx',
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
