/**
 * The one route matcher: which manifest route a path shows. Its own module (react-router's
 * matcher and the generated route table only) so the first-screen fetch at the top of main can
 * use it before the shell's code, the identity client included, has been evaluated.
 */
import { matchRoutes } from 'react-router-dom';
import { routeTable } from '../generated/routes.gen.ts';
import { routeById, type RouteEntry } from './targets.ts';

const matchable = routeTable.map((route) => ({ id: route.id, path: route.path }));
// Every URL matches a route ("*" at worst); this only guards against an empty match.
const fallbackId = routeTable.find((r) => r.path === '*')?.id ?? routeTable[0]!.id;

/** The manifest route a path shows (react-router's matching: case-insensitive, trailing "/"). */
export function routeAt(pathname: string): RouteEntry {
  return routeById(matchRoutes(matchable, pathname)?.at(-1)?.route.id ?? fallbackId);
}
