import type { ManifestShape, QueryParamShape, RouteShape } from './manifest-shape.ts';
import type { Finding } from './problem.ts';
import { error, pointerOf } from './problem.ts';
import { didYouMean } from './suggest.ts';
import { targetSites } from './targets.ts';

/**
 * Layer 2: what the schema cannot express. Unique route ids and paths, unique entry ids per
 * menu, every link targets an existing route with query values that route declares (of the
 * right type), parents exist and form no cycle, exactly one "*" error page, and the sign-in
 * routes exist and are public. A dangling reference is always an error, never skipped.
 */
export function checkReferences(m: ManifestShape): Finding[] {
  const findings: Finding[] = [];
  const routes = new Map<string, RouteShape>();

  // Unique ids and paths: the second occurrence is the one reported.
  const firstById = new Map<string, number>();
  const firstByPath = new Map<string, number>();
  m.routes.forEach((route, i) => {
    const sameId = firstById.get(route.id);
    if (sameId === undefined) firstById.set(route.id, i);
    else
      findings.push(
        error(
          pointerOf('routes', i, 'id'),
          `duplicate route id "${route.id}" (already used by /routes/${sameId})`,
        ),
      );
    const samePath = firstByPath.get(route.path);
    // A second "*" route gets its own message below.
    if (samePath === undefined || route.path === '*') firstByPath.set(route.path, i);
    else
      findings.push(
        error(
          pointerOf('routes', i, 'path'),
          `duplicate route path "${route.path}" (already used by route "${m.routes[samePath]?.id}" at /routes/${samePath})`,
        ),
      );
    if (!routes.has(route.id)) routes.set(route.id, route);
  });
  const routeIds = [...routes.keys()];

  const routeRef = (pointer: string, id: string, what: string): RouteShape | undefined => {
    const route = routes.get(id);
    if (!route)
      findings.push(error(pointer, `${what} "${id}" is not a route id${didYouMean(id, routeIds)}`));
    return route;
  };

  // The error page.
  const catchAll = m.routes.map((r, i) => ({ r, i })).filter(({ r }) => r.path === '*');
  if (catchAll.length === 0) {
    findings.push(
      error('/routes', 'no error page: add one route with path "*" for unmatched addresses'),
    );
  }
  for (const { r, i } of catchAll.slice(1)) {
    findings.push(
      error(
        pointerOf('routes', i, 'path'),
        `second error page "${r.id}": only one route may have path "*" (the first is "${catchAll[0]?.r.id}")`,
      ),
    );
  }

  // Parents exist, are not the route itself, and form no cycle.
  m.routes.forEach((route, i) => {
    if (route.parent === undefined) return;
    const pointer = pointerOf('routes', i, 'parent');
    if (route.parent === route.id)
      findings.push(error(pointer, `route "${route.id}" cannot be its own parent`));
    else if (routeRef(pointer, route.parent, 'parent')) {
      const chain = [route.id];
      let current = routes.get(route.parent);
      while (current) {
        if (current.id === route.id) {
          findings.push(error(pointer, `parent cycle: ${[...chain, route.id].join(' -> ')}`));
          break;
        }
        if (chain.includes(current.id)) break; // a cycle that does not include this route; reported on its own members
        chain.push(current.id);
        current = current.parent === undefined ? undefined : routes.get(current.parent);
      }
    }
  });

  // Every link in menus, tools, presets and the footer.
  for (const site of targetSites(m)) {
    const route = routeRef(site.pointer + '/route', site.target.route, `${site.kind} target`);
    if (!route) continue;
    for (const [name, value] of Object.entries(site.target.query ?? {})) {
      const pointer = site.pointer + pointerOf('query', name);
      const declared = route.query ?? {};
      const param = declared[name];
      if (!param) {
        const names = Object.keys(declared);
        findings.push(
          error(
            pointer,
            names.length === 0
              ? `route "${route.id}" (${route.path}) accepts no query parameters`
              : `route "${route.id}" (${route.path}) has no query parameter "${name}"${didYouMean(name, names)}; it accepts: ${names.join(', ')}`,
            'key',
          ),
        );
        continue;
      }
      // Values of no query type at all (null, 2.5, objects) are already schema errors.
      if (!isQueryValue(value)) continue;
      const problem = valueProblem(param, value);
      if (problem)
        findings.push(error(pointer, `${problem} for parameter "${name}" of route "${route.id}"`));
    }
  }

  // Unique entry ids within each menu.
  const menus: { pointer: string; ids: string[] }[] = [
    { pointer: '/sidebar/sections', ids: m.sidebar.sections.map((s) => s.id) },
    { pointer: '/header/tools', ids: m.header.tools.map((t) => t.id) },
    { pointer: '/header/quickSearch', ids: m.header.quickSearch.map((t) => t.id) },
    { pointer: '/header/userMenu', ids: m.header.userMenu.map((t) => t.id) },
    { pointer: '/footer/columns', ids: m.footer.columns.map((c) => c.id) },
  ];
  for (const menu of menus)
    findings.push(...duplicateIds(menu.ids, (i) => `${menu.pointer}/${i}/id`));
  // Sidebar items are one menu across sections (the call-to-action included): ids key the active entry.
  const sidebarItems = m.sidebar.sections.flatMap((s, si) =>
    s.items.map((item, i) => ({
      id: item.id,
      pointer: pointerOf('sidebar', 'sections', si, 'items', i, 'id'),
    })),
  );
  if (m.sidebar.callToAction)
    sidebarItems.push({ id: m.sidebar.callToAction.id, pointer: '/sidebar/callToAction/id' });
  findings.push(
    ...duplicateIds(
      sidebarItems.map((s) => s.id),
      (i) => sidebarItems[i]!.pointer,
    ),
  );
  const footerLinks = m.footer.columns.flatMap((c, ci) =>
    c.links.map((link, i) => ({
      id: link.id,
      pointer: pointerOf('footer', 'columns', ci, 'links', i, 'id'),
    })),
  );
  findings.push(
    ...duplicateIds(
      footerLinks.map((s) => s.id),
      (i) => footerLinks[i]!.pointer,
    ),
  );

  // Header search goes to a route that declares the param as free text.
  const search = m.header.search;
  const searchRoute = routeRef('/header/search/route', search.route, 'search route');
  if (searchRoute) {
    const declared = searchRoute.query ?? {};
    const param = declared[search.param];
    if (!param) {
      const names = Object.keys(declared);
      findings.push(
        error(
          '/header/search/param',
          `route "${searchRoute.id}" has no query parameter "${search.param}"${didYouMean(search.param, names)}${names.length ? `; it accepts: ${names.join(', ')}` : ''}`,
        ),
      );
    } else if (param.type !== 'string') {
      findings.push(
        error(
          '/header/search/param',
          `search parameter "${search.param}" of route "${searchRoute.id}" is declared as ${param.type}; expected a string parameter to receive the typed text`,
        ),
      );
    }
  }

  // Sign-in routes exist and are reachable when signed out.
  for (const key of ['loginRoute', 'postLogoutRoute'] as const) {
    const pointer = `/auth/${key}`;
    const route = routeRef(pointer, m.auth[key], key);
    if (route && route.auth !== 'public') {
      findings.push(
        error(
          pointer,
          `route "${route.id}" must have "auth": "public": signed-out users are sent there`,
        ),
      );
    }
    if (route && route.path === '*')
      findings.push(
        error(pointer, `route "${route.id}" is the error page; expected a route with a real path`),
      );
  }
  return findings;
}

function duplicateIds(ids: readonly string[], pointerAt: (i: number) => string): Finding[] {
  const first = new Map<string, number>();
  const findings: Finding[] = [];
  ids.forEach((id, i) => {
    const j = first.get(id);
    if (j === undefined) first.set(id, i);
    else
      findings.push(
        error(pointerAt(i), `duplicate id "${id}" in this menu (already used at ${pointerAt(j)})`),
      );
  });
  return findings;
}

/** Why a query value does not fit its declared parameter, or undefined when it fits. */
export function valueProblem(
  param: QueryParamShape,
  value: string | number | boolean,
): string | undefined {
  const got = `${typeof value === 'string' ? 'string' : typeof value} ${JSON.stringify(value)}`;
  switch (param.type) {
    case 'boolean':
      return typeof value === 'boolean'
        ? undefined
        : `expected true or false (without quotes), got ${got}`;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
        ? undefined
        : `expected a whole number (without quotes), got ${got}`;
    case 'string':
      return typeof value === 'string' ? undefined : `expected a string (in quotes), got ${got}`;
    case 'enum': {
      const values = param.values ?? [];
      if (typeof value === 'string' && values.includes(value)) return undefined;
      return `${JSON.stringify(value)} is not an allowed value${typeof value === 'string' ? didYouMean(value, values) : ''}; expected one of: ${values.map((v) => JSON.stringify(v)).join(', ')}`;
    }
  }
}

function isQueryValue(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'boolean' || Number.isInteger(value);
}
