import type { ManifestShape, QueryParamShape, RouteShape } from './manifest-shape.ts';
import { GENERATED_BANNER } from './banner.ts';
import { IMAGE_PLACEHOLDER, type RenderedContent } from './content/index.ts';
import { routeModule } from './route-module.ts';
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
  /** Module name, e.g. "dashboard/overview" or "content/hr"; the file is SCREEN_MODULES_DIR/<module>.gen.ts. */
  module: string;
  /** The screen the module renders (for a content page, the generic content screen). */
  screen: string;
  /** Builds the file's text once the import paths, seen from the file, are known. */
  content: (imports: ModuleImports) => string;
}

export interface ModuleImports {
  /** Import path of the screen module. */
  screen: string;
  /** Import path of the document types (content pages only). */
  documentTypes: string;
  /** Import path of a file the page uses (a content image), from its absolute path. */
  file: (absolutePath: string) => string;
}

/** The generic screen content pages render with (src/screens/content/page.tsx). */
export const CONTENT_SCREEN = 'content/page';

/**
 * One module per screen: the screen (re-exported) with the descriptions (and purposes) of the
 * routes that show it. The route table loads these, so a page's description travels in its
 * screen's chunk instead of forty-odd sentences in every first load. A content page gets a
 * module of its own that binds the content screen to the page's pre-rendered document (and its
 * images).
 */
export function emitScreenModules(
  manifest: ManifestShape,
  source: string,
  contentPages: ReadonlyMap<string, RenderedContent> = new Map(),
): ScreenModuleFile[] {
  const byScreen = new Map<string, RouteShape[]>();
  for (const route of manifest.routes) {
    if (route.screen === undefined) continue;
    byScreen.set(route.screen, [...(byScreen.get(route.screen) ?? []), route]);
  }
  const screens = [...byScreen].map(([screen, routes]) => ({
    module: screen,
    screen,
    content: (imports: ModuleImports) => `${GENERATED_BANNER}
// Source: ${source}, screen "${screen}"
export { default } from ${quote(imports.screen)};

/** Shown under the page title, by route id. */
export const descriptions: Readonly<Record<string, string>> = ${tsLiteral(descriptionsOf(routes))};
${purposesOf(routes)}${queriesOf(routes)}`,
  }));
  const pages = manifest.routes.flatMap((route) => {
    const page = route.content === undefined ? undefined : contentPages.get(route.id);
    if (!page) return [];
    return [
      {
        module: routeModule(route),
        screen: CONTENT_SCREEN,
        content: (imports: ModuleImports) => {
          const images = page.images.map(
            (file, i) => `import image${i} from ${quote(imports.file(file))};`,
          );
          let literal = tsLiteral(page.document);
          page.images.forEach((_, i) => {
            literal = literal.replace(quote(IMAGE_PLACEHOLDER(i)), `image${i}`);
          });
          return `${GENERATED_BANNER}
// Source: ${source}, content ${route.content} of route "${route.id}"
import { createElement } from 'react';
import ContentPage from ${quote(imports.screen)};
import type { ContentDocument } from ${quote(imports.documentTypes)};
${images.join('\n')}${images.length ? '\n' : ''}
const document: ContentDocument = ${literal};

export default function Content() {
  return createElement(ContentPage, { document });
}

/** Shown under the page title, by route id. */
export const descriptions: Readonly<Record<string, string>> = ${tsLiteral(descriptionsOf([route]))};
${queriesOf([route])}`;
        },
      },
    ];
  });
  return [...screens, ...pages];
}

/** The routes' purposes (what the page shows once signed in), when any route has one. */
function purposesOf(routes: readonly RouteShape[]): string {
  const purposes = routes.filter((r) => r.purpose !== undefined).map((r) => [r.id, r.purpose]);
  if (purposes.length === 0) return '';
  return `
/** What the page shows once signed in, for the signed-out visitor's card, by route id. */
export const purposes: Readonly<Record<string, string>> = ${tsLiteral(Object.fromEntries(purposes))};
`;
}

/**
 * The query parameters the routes declare, by route id, when any route has some: the address
 * check and useRouteQuery read a route's from its screen's module, so forty-odd declarations
 * stay out of the first load.
 */
function queriesOf(routes: readonly RouteShape[]): string {
  const declaring = routes.filter((r) => Object.keys(r.query ?? {}).length > 0);
  if (declaring.length === 0) return '';
  return `
/** The query parameters each route declares (the runtime checks the address against them). */
export const queries = ${querySpecsLiteral(declaring)} as const;
`;
}

/** Route id to declared parameters, as the runtime reads them (types and values only). */
function querySpecsLiteral(routes: readonly RouteShape[]): string {
  return tsLiteral(
    Object.fromEntries(
      routes.map((r) => [
        r.id,
        Object.fromEntries(
          Object.entries(r.query ?? {}).map(([name, spec]) => [
            name,
            spec.values ? { type: spec.type, values: spec.values } : { type: spec.type },
          ]),
        ),
      ]),
    ),
  );
}

function descriptionsOf(routes: readonly RouteShape[]): Record<string, string | undefined> {
  return Object.fromEntries(
    routes.filter((r) => r.description !== undefined).map((r) => [r.id, r.description]),
  );
}

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
    // A route's query parameters travel in its screen's module (queriesOf), like its description.
    load: new RawCode(`() => import(${quote(`./${SCREEN_MODULES_DIR}/${routeModule(r)}.gen.ts`)})`),
  }));

  return `${GENERATED_BANNER}
// Source: ${source}
import type { ComponentType } from 'react';
import type { IconName } from './manifest.types.ts';

/** Id of every route in the manifest. */
export type RouteId =${unionOf(routes.map((r) => r.id))};

/** Every linkable path (all routes except the "*" error page). */
export type RoutePath =${unionOf(linkable.map((r) => r.path))};

/**
 * Id of every route a link can name (all but the "*" error page). Code links by id, never by
 * path, so renaming a path is one manifest edit.
 */
export type LinkableRouteId =${unionOf(linkable.map((r) => r.id))};

/**
 * The path of each linkable route, by id, as a type; the value (routePaths, below) is read from
 * the route table, so the first load does not carry the paths twice.
 */
export type RoutePaths = Readonly<${tsLiteral(Object.fromEntries(linkable.map((r) => [r.id, r.path])))}>;

/** A route that accepts no query parameters: any parameter fails to compile. */
export type NoQuery = { [name: string]: never };

/** The query parameters each route accepts, with their value types, by route id. */
export interface RouteQueryMap {
${linkable.map((r) => `  ${tsKey(r.id)}: ${queryType(r)};`).join('\n')}
}

export type RouteQuery<R extends LinkableRouteId> = RouteQueryMap[R];

export interface QueryParamSpec {
  readonly type: 'string' | 'integer' | 'boolean' | 'enum';
  readonly values?: readonly string[];
}

/** The query parameters a route declares, by name. */
export type QuerySpec = Readonly<Record<string, QueryParamSpec>>;

/** A screen component; one that starts its first data reads before it renders says how. */
export type Screen = ComponentType & {
  /**
   * Called with the address's query when the screen's route is about to show (before the first
   * render, and on each arrival at it from another screen): starts the reads its first render
   * will ask for.
   */
  readonly readAhead?: (search: URLSearchParams) => void;
};

/** A screen and the descriptions (purposes, query parameters) of the routes that show it. */
export interface ScreenModule {
  readonly default: Screen;
  readonly descriptions: Readonly<Record<string, string>>;
  readonly purposes?: Readonly<Record<string, string>>;
  /** By route id; a route that declares none is left out. */
  readonly queries?: Readonly<Record<string, QuerySpec>>;
}

export interface RouteEntry {
  readonly id: RouteId;
  readonly path: RoutePath | '*';
  readonly title: string;
  readonly auth: 'required' | 'public';
  readonly parent?: RouteId;
  readonly icon?: IconName;
  /** The route's screen module (generated in ./${SCREEN_MODULES_DIR}/), its own chunk. */
  readonly load: () => Promise<ScreenModule>;
}

/** Every route in manifest order. */
export const routeTable: readonly RouteEntry[] = ${tsLiteral(table)};

/**
 * Every route's declared query parameters, by route id, for tests and tools. The app never
 * imports this (the bundle drops it): it reads a route's from the route's screen module.
 */
export const routeQueries: Readonly<Record<RouteId, QuerySpec>> = ${querySpecsLiteral(routes)};

/** The path of each linkable route, by id: the one place code learns a path. */
export const routePaths = Object.fromEntries(
  routeTable.filter((r) => r.path !== '*').map((r) => [r.id, r.path]),
) as RoutePaths satisfies Record<LinkableRouteId, RoutePath>;

export const routesById = Object.fromEntries(routeTable.map((r) => [r.id, r])) as Record<
  RouteId,
  RouteEntry
>;

export const routeIdsByPath = Object.fromEntries(routeTable.map((r) => [r.path, r.id])) as Record<
  RoutePath | '*',
  RouteId
>;

/** Builds a link to a route by its id; undefined values are left out, everything is URL-encoded. */
export function href<R extends LinkableRouteId>(route: R, query?: RouteQuery<R>): string {
  return pathHref(routePaths[route], query);
}

/**
 * Builds a link to a path known only at run time (a manifest target, the breadcrumb trail), with
 * the same encoding as \`href\`. Code that names a route uses \`href\` and its id.
 */
export function pathHref(path: string, query?: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    parts.push(encodeURIComponent(name) + '=' + encodeURIComponent(String(value)));
  }
  return parts.length === 0 ? path : path + '?' + parts.join('&');
}

/**
 * Reads the query parameters route \`route\` declares (\`declared\`, from its screen's module) from
 * a URL; values of the wrong type are dropped.
 */
export function parseRouteQuery<R extends LinkableRouteId>(
  _route: R,
  declared: QuerySpec,
  search: URLSearchParams,
): RouteQuery<R> {
  const result: Record<string, string | number | boolean> = {};
  for (const [name, spec] of Object.entries(declared)) {
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
  return result as RouteQuery<R>;
}
`;
}
