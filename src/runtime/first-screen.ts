/**
 * Starts fetching the first page's screen chunk (and, through Vite's preload of its imports,
 * the shared chunks and CSS it needs) early in main's code, while the rest of main (React DOM,
 * the shell) is still being evaluated. Without it the
 * request waited for all of that and for the sign-in start-up: a waterfall of two round trips
 * on every first load, right on the path to the page's content (issue 18). Once the chunk is
 * here the screen starts its first data reads (its `readAhead`), while sign-in starts up and
 * the shell renders: the page's data worker then loads and answers meanwhile, and an API's
 * reads go as soon as there is a token (main.tsx hands them one after the start-up).
 *
 * Imported for its effect by main.tsx, before the app and React DOM. It depends only on the
 * route matcher and the stored user info. The chunk request is the screen loader's, so the
 * router's own load later shares it.
 */
import { isSignedIn } from '../auth/stored-user.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { mustSignIn } from './access.ts';
import { routeAt } from './route-at.ts';
import { preloadScreen, startScreenReads } from './screen-loader.ts';
import { routeById, type RouteEntry } from './targets.ts';

/** The screen the first render will show: the route's, or sign-in's where the guard sends. */
export function firstScreen(pathname: string, signedIn: boolean): RouteEntry {
  const route = routeAt(pathname);
  return mustSignIn(route, signedIn) ? routeById(manifest.auth.loginRoute) : route;
}

const first = firstScreen(window.location.pathname, isSignedIn());
void preloadScreen(first);
startScreenReads(first, window.location.search);
