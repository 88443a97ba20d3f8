import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../scripts/manifest/generate.ts';
import { emitRoutes } from '../../../scripts/manifest/emit-routes.ts';
import type { ManifestShape } from '../../../scripts/manifest/manifest-shape.ts';
import { fixturesDir, makeScreensDir } from './helpers.ts';

type RoutesModule = {
  href(path: string, query?: Record<string, unknown>): string;
  parseRouteQuery(path: string, search: URLSearchParams): Record<string, unknown>;
  routeTable: readonly {
    id: string;
    path: string;
    query: object;
    load: () => Promise<{ default: unknown }>;
  }[];
  routesById: Record<string, { path: string }>;
  routeIdsByPath: Record<string, string>;
};

let work: string;
let screensDir: string;
let routes: RoutesModule;
let source: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sa-routes-'));
  screensDir = makeScreensDir();
  cpSync(fixturesDir, join(work, 'fixture'), { recursive: true });
  const outDir = join(work, 'generated');
  const result = await generate(join(work, 'fixture', 'valid.json'), { outDir, screensDir });
  expect(result.problems).toEqual([]);
  source = readFileSync(join(outDir, 'routes.gen.ts'), 'utf8');
  routes = (await import(/* @vite-ignore */ join(outDir, 'routes.gen.ts'))) as RoutesModule;
}, 30_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(screensDir, { recursive: true, force: true });
});

describe('emitted route code', { timeout: 30_000 }, () => {
  it('declares the id and path unions and the typed query map', () => {
    expect(source).toContain(
      "export type RouteId =\n  | 'home'\n  | 'agents'\n  | 'voc'\n  | 'search'\n  | 'login'\n  | 'legal'\n  | 'not-found';",
    );
    // "*" is a route but not a linkable path.
    expect(source).toContain("  | '/page/legal';\n\n/** A route that accepts no query");
    expect(source).toContain("  '/': NoQuery;");
    expect(source).toContain("  '/performance/agents': { compliant?: boolean; vendor?: string };");
    expect(source).toContain(
      "  '/customer/voc': { disposition?: 'Churn Prediction' | 'Fake Call' };",
    );
    expect(source).toContain("  '/search/keywords': { key?: string; limit?: number };");
  });

  it('lists every route in manifest order with its lazy screen import', () => {
    expect(routes.routeTable.map((r) => r.id)).toEqual([
      'home',
      'agents',
      'voc',
      'search',
      'login',
      'legal',
      'not-found',
    ]);
    expect(routes.routesById.voc?.path).toBe('/customer/voc');
    expect(routes.routeIdsByPath['*']).toBe('not-found');
    // A literal import() per screen is what lets the bundler split each screen into its own chunk.
    expect(source).toMatch(/load: \(\) => import\('[^']*\/customer\/voc\.tsx'\)/);
  });

  it('loads the screen module a route names', async () => {
    const screen = await routes.routeTable[2]!.load();
    expect(typeof screen.default).toBe('function');
    expect((screen.default as () => string)()).toBe('customer/voc');
  });

  it('builds links, leaving out undefined values and URL-encoding the rest', () => {
    expect(routes.href('/performance/agents', { compliant: false })).toBe(
      '/performance/agents?compliant=false',
    );
    expect(routes.href('/customer/voc', { disposition: 'Churn Prediction' })).toBe(
      '/customer/voc?disposition=Churn%20Prediction',
    );
    expect(
      routes.href('/search/keywords', { key: '"cancel my" & refund', limit: 5, vendor: undefined }),
    ).toBe('/search/keywords?key=%22cancel%20my%22%20%26%20refund&limit=5');
    expect(routes.href('/')).toBe('/');
    expect(routes.href('/', {})).toBe('/');
  });

  it('reads declared query parameters from a URL, dropping values of the wrong type', () => {
    const parse = (path: string, search: string) =>
      routes.parseRouteQuery(path, new URLSearchParams(search));
    expect(parse('/performance/agents', 'compliant=false&vendor=Acme&other=1')).toEqual({
      compliant: false,
      vendor: 'Acme',
    });
    expect(parse('/performance/agents', 'compliant=no')).toEqual({});
    expect(parse('/search/keywords', 'key=refund&limit=10')).toEqual({ key: 'refund', limit: 10 });
    expect(parse('/search/keywords', 'limit=ten')).toEqual({});
    expect(parse('/search/keywords', 'limit=2.5')).toEqual({});
    expect(parse('/customer/voc', 'disposition=Churn+Prediction')).toEqual({
      disposition: 'Churn Prediction',
    });
    expect(parse('/customer/voc', 'disposition=Nope')).toEqual({});
    expect(parse('/', 'anything=1')).toEqual({});
  });

  it('escapes quotes and backslashes in emitted strings', () => {
    const m = JSON.parse(readFileSync(join(fixturesDir, 'valid.json'), 'utf8')) as ManifestShape;
    m.routes[0]!.title = `It's a "quote" \\ back\nslash`;
    const code = emitRoutes(m, { source: 'x', screensImport: '../screens' });
    const line = code.split('\n').find((l) => l.includes("title: 'It"));
    expect(line).toBe(`    title: 'It\\'s a "quote" \\\\ back\\nslash',`);
  });
});
