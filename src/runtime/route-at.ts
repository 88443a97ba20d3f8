/**
 * The one route matcher: which manifest route a path shows. Its own module (react-router's
 * matcher and the generated route table only) so the first-screen fetch at the top of main can
 * use it before the shell's code, the identity client included, has been evaluated.
 *
 * react-router's matchRoutes flattens and ranks the whole table and compiles a pattern per
 * route on every call: 10-25 ms the first time, inside main's evaluation, before the first
 * screen's chunk is even asked for (issue 18). A path without parameters is one lookup here,
 * matched as react-router matches it (case-insensitive, trailing "/" ignored); an address with
 * an escape, and the routes with parameters, still go through react-router's matcher.
 */
import { matchRoutes } from 'react-router-dom';
import { routeTable } from '../generated/routes.gen.ts';
import { routeById, type RouteEntry } from './targets.ts';

const matchable = routeTable.map((route) => ({ id: route.id, path: route.path }));
const withParameters = matchable.filter((route) => route.path.includes(':') || route.path === '*');
const staticIds = new Map(
  matchable
    .filter((route) => !withParameters.includes(route))
    .map((route) => [comparable(route.path), route.id]),
);
// Every URL matches a route ("*" at worst); this only guards against an empty match.
const fallbackId = routeTable.find((r) => r.path === '*')?.id ?? routeTable[0]!.id;

/** The manifest route a path shows (react-router's matching: case-insensitive, trailing "/"). */
export function routeAt(pathname: string): RouteEntry {
  const id = pathname.includes('%')
    ? matchRoutes(matchable, pathname)?.at(-1)?.route.id
    : (staticIds.get(comparable(pathname)) ??
      matchRoutes(withParameters, pathname)?.at(-1)?.route.id);
  return routeById(id ?? fallbackId);
}

/** A path as react-router compares it with a route's: any case, trailing slashes aside. */
function comparable(path: string): string {
  return path.toLowerCase().replace(/(.)\/+$/, '$1');
}
