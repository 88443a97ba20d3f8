/**
 * The guard's rule (spec sections 4-6), alone so that code running before the identity client
 * (first-screen.ts) decides as the guard will: a protected route needs stored user info.
 */
import type { RouteEntry } from './targets.ts';

export function mustSignIn(route: Pick<RouteEntry, 'auth'>, signedIn: boolean): boolean {
  return route.auth === 'required' && !signedIn;
}
