/**
 * Starts fetching the first page's screen chunk (and, through Vite's preload of its imports,
 * the shared chunks and CSS it needs) as the first thing main's code does, while the rest of
 * main (React DOM, the identity client, the shell) is still being evaluated. Without it the
 * request waited for all of that and for the sign-in start-up: a waterfall of two round trips
 * on every first load, right on the path to the page's content (issue 18).
 *
 * Imported for its effect, first, by main.tsx. It depends only on the route table, react-router's
 * matcher and the stored user info, so it runs before the heavy modules are evaluated. The chunk
 * request is the screen loader's, so the router's own load later shares it.
 */
import { isSignedIn } from '../auth/stored-user.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { mustSignIn } from './access.ts';
import { routeAt } from './route-at.ts';
import { preloadScreen } from './screen-loader.ts';
import { routeById, type RouteEntry } from './targets.ts';

/** The screen the first render will show: the route's, or sign-in's where the guard sends. */
export function firstScreen(pathname: string, signedIn: boolean): RouteEntry {
  const route = routeAt(pathname);
  return mustSignIn(route, signedIn) ? routeById(manifest.auth.loginRoute) : route;
}

void preloadScreen(firstScreen(window.location.pathname, isSignedIn()));
