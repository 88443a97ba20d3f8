import type { ManifestShape, QueryParamShape, RouteShape } from './manifest-shape.ts';
import { GENERATED_BANNER } from './banner.ts';
import { RawCode, quote, tsKey, tsLiteral } from './ts-literal.ts';

/** The TypeScript type a query parameter's values have in links. */
function paramType(param: QueryParamShape): string {
  switch (param.type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'number';
    case 'enum':
      return (param.values ?? []).map(quote).join(' | ') || 'never';
    default:
      return 'string';
  }
}

function queryType(route: RouteShape): string {
  const params = Object.entries(route.query ?? {});
  if (params.length === 0) return 'NoQuery';
  return '{ ' + params.map(([name, p]) => `${tsKey(name)}?: ${paramType(p)}`).join('; ') + ' }';
}

function unionOf(values: readonly string[]): string {
  return values.length === 0 ? 'never' : values.map((v) => '\n  | ' + quote(v)).join('');
}

/**
 * Emits `routes.gen.ts`: the route id and path unions, per-route typed query parameters, the
 * typed `href` helper and the route table whose `load` functions lazily import each screen's
 * module (a literal `import()` per screen so the bundler makes each screen its own chunk).
 */
export interface EmitRoutesOptions {
  /** Manifest file name for the header comment. */
  source: string;
}

/** The directory of the screen modules, inside the generated directory. */
export const SCREEN_MODULES_DIR = 'screens';

export interface ScreenModuleFile {
  /** Manifest screen, e.g. "dashboard/overview"; the file is SCREEN_MODULES_DIR/<screen>.gen.ts. */
  screen: string;
  /** Builds the file's text once the import path of the screen, seen from the file, is known. */
  content: (screenImport: string) => string;
}

/**
 * One module per screen: the screen (re-exported) with the descriptions of the routes that show
 * it. The route table loads these, so a page's description travels in its screen's chunk
 * instead of forty-odd sentences in every first load.
 */
export function emitScreenModules(manifest: ManifestShape, source: string): ScreenModuleFile[] {
  const byScreen = new Map<string, RouteShape[]>();
  for (const route of manifest.routes) {
    byScreen.set(route.screen, [...(byScreen.get(route.screen) ?? []), route]);
  }
  return [...byScreen].map(([screen, routes]) => {
    const descriptions = Object.fromEntries(
      routes.filter((r) => r.description !== undefined).map((r) => [r.id, r.description]),
    );
    return {
      screen,
      content: (screenImport) => `${GENERATED_BANNER}
// Source: ${source}, screen "${screen}"
export { default } from ${quote(screenImport)};

/** Shown under the page title, by route id. */
export const descriptions: Readonly<Record<string, string>> = ${tsLiteral(descriptions)};
`,
    };
  });
}

/** The shared spec constant of each plain (non-enum) parameter type in the emitted module. */
const PLAIN_PARAM = { string: 'STRING', integer: 'INTEGER', boolean: 'BOOLEAN' } as const;

export function emitRoutes(manifest: ManifestShape, options: EmitRoutesOptions): string {
  const { source } = options;
  const routes = manifest.routes;
  const linkable = routes.filter((r) => r.path !== '*');

  const table = routes.map((r) => ({
    id: r.id,
    path: r.path,
    title: r.title,
    auth: r.auth,
    // `screen` is the lazy import below; `contextual` only matters to the manifest checks.
    parent: r.parent,
    icon: r.icon,
    // The runtime parses and builds query strings; parameter descriptions are for admins only.
    // Plain types share one constant each, so forty filter parameters cost a word apiece.
    query: Object.fromEntries(
      Object.entries(r.query ?? {}).map(([name, spec]) => [
        name,
        spec.values
          ? { type: spec.type, values: spec.values }
          : new RawCode(PLAIN_PARAM[spec.type as keyof typeof PLAIN_PARAM]),
      ]),
    ),
    load: new RawCode(`() => import(${quote(`./${SCREEN_MODULES_DIR}/${r.screen}.gen.ts`)})`),
  }));

  return `${GENERATED_BANNER}
// Source: ${source}
import type { ComponentType } from 'react';
import type { IconName } from './manifest.types.ts';

/** Id of every route in the manifest. */
export type RouteId =${unionOf(routes.map((r) => r.id))};

/** Every linkable path (all routes except the "*" error page). */
export type RoutePath =${unionOf(linkable.map((r) => r.path))};

/** A route that accepts no query parameters: any parameter fails to compile. */
export type NoQuery = { [name: string]: never };

/** The query parameters each route accepts, with their value types. */
export interface RouteQueryMap {
${linkable.map((r) => `  ${quote(r.path)}: ${queryType(r)};`).join('\n')}
}

export type RouteQuery<P extends RoutePath> = RouteQueryMap[P];

export interface QueryParamSpec {
  readonly type: 'string' | 'integer' | 'boolean' | 'enum';
  readonly values?: readonly string[];
}

/** A screen and the descriptions of the routes that show it. */
export interface ScreenModule {
  readonly default: ComponentType;
  readonly descriptions: Readonly<Record<string, string>>;
}

export interface RouteEntry {
  readonly id: RouteId;
  readonly path: RoutePath | '*';
  readonly title: string;
  readonly auth: 'required' | 'public';
  readonly parent?: RouteId;
  readonly icon?: IconName;
  readonly query: Readonly<Record<string, QueryParamSpec>>;
  /** The route's screen module (generated in ./${SCREEN_MODULES_DIR}/), its own chunk. */
  readonly load: () => Promise<ScreenModule>;
}

const STRING: QueryParamSpec = { type: 'string' };
const INTEGER: QueryParamSpec = { type: 'integer' };
const BOOLEAN: QueryParamSpec = { type: 'boolean' };

/** Every route in manifest order. */
export const routeTable: readonly RouteEntry[] = ${tsLiteral(table)};

export const routesById = Object.fromEntries(routeTable.map((r) => [r.id, r])) as Record<
  RouteId,
  RouteEntry
>;

export const routeIdsByPath = Object.fromEntries(routeTable.map((r) => [r.path, r.id])) as Record<
  RoutePath | '*',
  RouteId
>;

/** Builds a link to a route; undefined values are left out, everything is URL-encoded. */
export function href<P extends RoutePath>(path: P, query?: RouteQuery<P>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    parts.push(encodeURIComponent(name) + '=' + encodeURIComponent(String(value)));
  }
  return parts.length === 0 ? path : path + '?' + parts.join('&');
}

/** Reads a route's declared query parameters from a URL; values of the wrong type are dropped. */
export function parseRouteQuery<P extends RoutePath>(
  path: P,
  search: URLSearchParams,
): RouteQuery<P> {
  const route = routesById[routeIdsByPath[path]];
  const result: Record<string, string | number | boolean> = {};
  for (const [name, spec] of Object.entries(route.query)) {
    const raw = search.get(name);
    if (raw === null) continue;
    if (spec.type === 'boolean') {
      if (raw === 'true' || raw === 'false') result[name] = raw === 'true';
    } else if (spec.type === 'integer') {
      if (/^-?\\d+$/.test(raw) && Number.isSafeInteger(Number(raw))) result[name] = Number(raw);
    } else if (spec.type === 'enum') {
      if (spec.values?.includes(raw)) result[name] = raw;
    } else {
      result[name] = raw;
    }
  }
  return result as RouteQuery<P>;
}
`;
}
