/**
 * What a first visit to each route needs beyond index.html's own scripts, so the page can ask
 * for it at once (issue 18): without it the route's screen chunk, the chunks it imports and its
 * stylesheets were requested only after `main` had downloaded and evaluated, a waterfall on
 * the path to the page's content.
 *
 * A public route preloads its screen's whole static load. A route that needs an account shows
 * its screen signed in and the sign-in screen signed out, and the server does not know which:
 * it preloads only what both load (the shell's runtime chunk), never a screen a signed-out
 * visit does not show (the guard's rule, src/runtime/access.ts), and the identity client
 * (MSAL's chunk): signed in or out, such a page's first content waits for sign-in's start-up,
 * which waits for that chunk. Asked for by `main` as it evaluates, it arrived about 220 ms after
 * `main`, with the page about 20 ms after; `/` signed in with an API then sent its first data
 * read 115 ms sooner and had its tiles 130 ms sooner (medians of 16 visits each). A public
 * route does not preload it: its drawn head paints before any script runs, and a script of that
 * size beside the page's own (the shell's, 72 KB) delayed that paint by 30-45 ms. The catch-all
 * route preloads nothing: an unknown address is rare, and its error page is small.
 */
import { routeModule } from '../manifest/route-module.ts';
import {
  entryLoad,
  screenChunkKey,
  staticLoad,
  type ViteManifest,
} from '../build/vite-manifest.ts';

export interface PreloadRoute {
  readonly id: string;
  readonly path: string;
  readonly screen?: string;
  readonly auth: 'public' | 'required';
}

export interface RoutePreload {
  /** The route's path pattern as the manifest writes it (`:name` for a parameter). */
  readonly path: string;
  /** Script chunks (site paths, "/assets/x.js"), the screen's own first. */
  readonly scripts: readonly string[];
  /** Stylesheets those chunks need. */
  readonly styles: readonly string[];
}

/** The identity client's module (src/auth/identity-client.ts) as the build manifest keys it. */
export const IDENTITY_CLIENT = 'auth/identity-client.ts';

export function routePreloads(
  routes: readonly PreloadRoute[],
  loginRoute: string,
  build: ViteManifest,
): RoutePreload[] {
  const loadedByPage = entryLoad(build);
  const beyondPage = (route: PreloadRoute | undefined): string[] => {
    const key = route && screenChunkKey(build, routeModule(route));
    return key ? [...staticLoad(build, key)].filter((k) => !loadedByPage.has(k)) : [];
  };
  const signIn = new Set(beyondPage(routes.find((r) => r.id === loginRoute)));
  const identityClient = build[IDENTITY_CLIENT] ? [IDENTITY_CLIENT] : [];
  const preloads: RoutePreload[] = [];
  for (const route of routes) {
    if (route.path === '*') continue;
    const load = beyondPage(route);
    const keys =
      route.auth === 'public'
        ? load
        : [...load.filter((key) => signIn.has(key)), ...identityClient];
    if (keys.length === 0) continue;
    preloads.push({
      path: route.path,
      scripts: keys.map((key) => `/${build[key]!.file}`),
      styles: [...new Set(keys.flatMap((key) => build[key]!.css ?? []))].map((file) => `/${file}`),
    });
  }
  return preloads;
}
