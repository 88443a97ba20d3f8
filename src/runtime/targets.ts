/**
 * Turns the manifest's route targets (`{ route: id, query }`) into URLs. Every menu, preset and
 * footer link of the shell goes through here, so a link is always built by the generated,
 * encoding `href` and never by string concatenation.
 */
import { pathHref, routesById, type RouteEntry, type RouteId } from '../generated/routes.gen.ts';

/** A manifest link target: a route id with query values the route declares. */
export interface ManifestTarget {
  readonly route: string;
  readonly query?: Readonly<Record<string, string | number | boolean>>;
}

/**
 * The route with this id. The manifest pipeline already rejects dangling ids, so a miss here
 * means generated code and manifest are out of step: say so instead of rendering a dead link.
 */
export function routeById(id: string): RouteEntry {
  const route = (routesById as Partial<Record<string, RouteEntry>>)[id];
  if (!route) throw new Error(`Unknown route id "${id}": run \`npm run generate\`.`);
  return route;
}

export function targetHref(target: ManifestTarget): string {
  const { path } = routeById(target.route);
  // "*" is the error page: nothing can link to it, the pipeline forbids it as a target.
  return pathHref(path === '*' ? '/' : path, target.query);
}

export { pathHref };
export type { RouteEntry, RouteId };
