import type { ManifestShape, RouteShape } from './manifest-shape.ts';
import type { Finding } from './problem.ts';
import { error, pointerOf } from './problem.ts';
import { isQueryValue, undeclaredParam, valueProblem } from './query-values.ts';
import { didYouMean } from './suggest.ts';
import { targetSites } from './targets.ts';

/**
 * Layer 2: references the schema cannot check. Every link targets an existing route with
 * query values that route declares (of the right type), the header search sends its text to a
 * declared string parameter, parents exist and form no cycle, there is exactly one "*" error
 * page, and the sign-in routes exist and are public. A dangling reference is always an error.
 * (Unique ids: unique-ids.ts; screen modules: screen-check.ts.)
 */
export function checkReferences(m: ManifestShape): Finding[] {
  const findings: Finding[] = [];
  const routes = new Map<string, RouteShape>();
  for (const route of m.routes) if (!routes.has(route.id)) routes.set(route.id, route);
  const routeIds = [...routes.keys()];
  const routeRef = (pointer: string, id: string, what: string): RouteShape | undefined => {
    const route = routes.get(id);
    if (!route) {
      findings.push(error(pointer, `${what} "${id}" is not a route id${didYouMean(id, routeIds)}`));
    }
    return route;
  };

  // Exactly one error page.
  const catchAll = m.routes.flatMap((r, i) => (r.path === '*' ? [{ r, i }] : []));
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
    if (route.parent === route.id) {
      findings.push(error(pointer, `route "${route.id}" cannot be its own parent`));
      return;
    }
    if (!routeRef(pointer, route.parent, 'parent')) return;
    const chain = [route.id];
    for (let current = routes.get(route.parent); current;) {
      if (current.id === route.id) {
        findings.push(error(pointer, `parent cycle: ${[...chain, route.id].join(' -> ')}`));
        break;
      }
      // A cycle further up that does not include this route is reported on its own members.
      if (chain.includes(current.id)) break;
      chain.push(current.id);
      current = current.parent === undefined ? undefined : routes.get(current.parent);
    }
  });

  // Every link in menus, tools, presets and the footer.
  for (const site of targetSites(m)) {
    const route = routeRef(site.pointer + '/route', site.target.route, `${site.kind} target`);
    if (!route) continue;
    for (const [name, value] of Object.entries(site.target.query ?? {})) {
      const pointer = site.pointer + pointerOf('query', name);
      const param = route.query?.[name];
      if (!param) {
        findings.push(error(pointer, undeclaredParam(route, name), 'key'));
        continue;
      }
      const problem = isQueryValue(value) ? valueProblem(param, value) : undefined;
      if (problem) {
        findings.push(error(pointer, `${problem} for parameter "${name}" of route "${route.id}"`));
      }
    }
  }

  // The header search sends the typed text to a declared free-text parameter.
  const search = m.header.search;
  const searchRoute = routeRef('/header/search/route', search.route, 'search route');
  const searchParam = searchRoute?.query?.[search.param];
  if (searchRoute && !searchParam) {
    findings.push(error('/header/search/param', undeclaredParam(searchRoute, search.param)));
  } else if (searchRoute && searchParam && searchParam.type !== 'string') {
    findings.push(
      error(
        '/header/search/param',
        `search parameter "${search.param}" of route "${searchRoute.id}" is declared as ${searchParam.type}; expected a string parameter to receive the typed text`,
      ),
    );
  }

  // Sign-in routes exist and are reachable when signed out.
  for (const key of ['loginRoute', 'postLogoutRoute'] as const) {
    const pointer = `/auth/${key}`;
    const route = routeRef(pointer, m.auth[key], key);
    if (route?.path === '*') {
      findings.push(
        error(pointer, `route "${route.id}" is the error page; expected a route with a real path`),
      );
    } else if (route && route.auth !== 'public') {
      findings.push(
        error(
          pointer,
          `route "${route.id}" must have "auth": "public": signed-out users are sent there`,
        ),
      );
    }
  }
  return findings;
}
