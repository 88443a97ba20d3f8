/**
 * The route guard's decision (spec sections 4-6): a protected route with no stored user info
 * sends the visitor to the sign-in route, remembering the requested path and query.
 */
import { manifest } from '../generated/manifest.gen.ts';
import { safeReturnPath } from '../auth/index.ts';
import { mustSignIn } from './access.ts';
import { pathHref, routeById, type RouteEntry } from './targets.ts';

export interface RequestedLocation {
  readonly pathname: string;
  readonly search: string;
}

/** The URL to redirect to, or null when the route may render. */
export function guardRedirect(
  route: Pick<RouteEntry, 'auth'>,
  signedIn: boolean,
  requested: RequestedLocation,
): string | null {
  if (!mustSignIn(route, signedIn)) return null;
  // The auth module follows returnTo after sign-in and checks it again there.
  const returnTo = safeReturnPath(requested.pathname + requested.search);
  return pathHref(routeById(manifest.auth.loginRoute).path, { returnTo });
}
