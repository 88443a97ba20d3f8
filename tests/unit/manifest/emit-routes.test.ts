import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../scripts/manifest/generate.ts';
import { emitRoutes, emitScreenModules } from '../../../scripts/manifest/emit-routes.ts';
import type { ManifestShape } from '../../../scripts/manifest/manifest-shape.ts';
import { fixturesDir, makeScreensDir } from './helpers.ts';

type RoutesModule = {
  href(route: string, query?: Record<string, unknown>): string;
  routePaths: Record<string, string>;
  parseRouteQuery(path: string, declared: object, search: URLSearchParams): Record<string, unknown>;
  routeTable: readonly {
    id: string;
    path: string;
    load: () => Promise<{
      default: unknown;
      descriptions: Record<string, string>;
      queries?: Record<string, object>;
    }>;
  }[];
  routeQueries: Record<string, object>;
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
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(screensDir, { recursive: true, force: true });
});

describe('emitted route code', () => {
  it('declares the id and path unions and the typed query map', () => {
    expect(source).toContain(
      "export type RouteId =\n  | 'home'\n  | 'agents'\n  | 'voc'\n  | 'search'\n  | 'login'\n  | 'legal'\n  | 'not-found';",
    );
    // "*" is a route but not a linkable path.
    expect(source).toContain("  | '/page/legal';\n\n/**\n * Id of every route a link can name");
    // Links name routes by id; "not-found" (the "*" page) is not among them.
    expect(source).toContain(
      "export type LinkableRouteId =\n  | 'home'\n  | 'agents'\n  | 'voc'\n  | 'search'\n  | 'login'\n  | 'legal';",
    );
    expect(source).toContain('  home: NoQuery;');
    expect(source).toContain('  agents: { compliant?: boolean; vendor?: string };');
    expect(source).toContain("  voc: { disposition?: 'Churn Prediction' | 'Fake Call' };");
    expect(source).toContain('  search: { key?: string; limit?: number };');
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
    // A link names the route; its path comes from the manifest.
    expect(routes.routePaths.voc).toBe('/customer/voc');
    expect(routes.routePaths['not-found']).toBeUndefined();
    expect(routes.href('voc', { disposition: 'Fake Call', x: undefined })).toBe(
      '/customer/voc?disposition=Fake%20Call',
    );
    // A literal import() per screen is what lets the bundler split each screen into its own chunk.
    expect(source).toContain("load: () => import('./screens/customer/voc.gen.ts')");
  });

  it('loads the screen module a route names, with the descriptions of its routes', async () => {
    const module = await routes.routeTable[2]!.load();
    expect(typeof module.default).toBe('function');
    expect((module.default as () => string)()).toBe('customer/voc');
    const manifest = JSON.parse(
      readFileSync(join(fixturesDir, 'valid.json'), 'utf8'),
    ) as ManifestShape;
    const voc = manifest.routes[2]!;
    expect(voc.description).toEqual(expect.any(String));
    expect(module.descriptions).toEqual({ voc: voc.description });
    // The description is not in the first load's route table.
    expect(source).not.toContain(voc.description!);
    expect((await routes.routeTable[0]!.load()).descriptions).toEqual({});
  });

  it("puts a route's query parameters in its screen's module, not in the route table", async () => {
    const agents = { compliant: { type: 'boolean' }, vendor: { type: 'string' } };
    const voc = { disposition: { type: 'enum', values: ['Churn Prediction', 'Fake Call'] } };
    expect((await routes.routeTable[1]!.load()).queries).toEqual({ agents });
    expect((await routes.routeTable[2]!.load()).queries).toEqual({ voc });
    // A route without parameters: none in its module.
    expect((await routes.routeTable[0]!.load()).queries).toBeUndefined();
    expect(source).not.toMatch(/^\s+query:/m);
    // All of them, for tests and tools (the app does not import this).
    expect(routes.routeQueries).toMatchObject({ home: {}, agents, voc });
    const search = new URLSearchParams('compliant=false&vendor=v1&x=1');
    expect(routes.parseRouteQuery('agents', agents, search)).toEqual({
      compliant: false,
      vendor: 'v1',
    });
  });

  it("puts a route's purpose beside its description in the screen's module, and none without", () => {
    const manifest = JSON.parse(
      readFileSync(join(fixturesDir, 'valid.json'), 'utf8'),
    ) as ManifestShape;
    manifest.routes[2]!.purpose = 'Signed in: what customers say.';
    const modules = emitScreenModules(manifest, 'valid.json');
    const text = (screen: string) =>
      modules
        .find((m) => m.screen === screen)!
        .content({ screen: './s.tsx', documentTypes: './d.ts', file: (f) => f });
    expect(text('customer/voc')).toContain(
      "export const purposes: Readonly<Record<string, string>> = {\n  voc: 'Signed in: what customers say.',\n};",
    );
    expect(text('home/overview')).not.toContain('purposes');
  });

  it('deletes the module of a screen no route shows any more', async () => {
    const outDir = join(work, 'generated');
    const stale = join(outDir, 'screens', 'report', 'gone.gen.ts');
    mkdirSync(join(outDir, 'screens', 'report'), { recursive: true });
    writeFileSync(stale, 'export {};\n');
    writeFileSync(join(outDir, 'screens', 'notes.txt'), 'not generated');
    await generate(join(work, 'fixture', 'valid.json'), { outDir, screensDir });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(join(outDir, 'screens', 'notes.txt'))).toBe(true);
    expect(existsSync(join(outDir, 'screens', 'customer', 'voc.gen.ts'))).toBe(true);
  });

  it('escapes quotes and backslashes in emitted strings', () => {
    const m = JSON.parse(readFileSync(join(fixturesDir, 'valid.json'), 'utf8')) as ManifestShape;
    m.routes[0]!.title = `It's a "quote" \\ back\nslash`;
    const code = emitRoutes(m, { source: 'x' });
    const line = code.split('\n').find((l) => l.includes("title: 'It"));
    expect(line).toBe(`    title: 'It\\'s a "quote" \\\\ back\\nslash',`);
  });
});
