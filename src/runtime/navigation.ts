/**
 * The app's navigation, between the browser history and React: every change of location
 * (link, navigate call, back/forward, the first load) passes the sign-in guard first, then
 * fetches the target screen's chunk while the current page stays on
 * screen; only then is the new location handed to React. This is the part of react-router's
 * data router we used (loaders as guard and prefetch), in a fraction of its bytes: the app
 * renders in react-router's declarative mode (see router.tsx).
 */
import { UNSAFE_createBrowserHistory, createPath, type Location } from 'react-router-dom';
import { isSignedIn } from '../auth/index.ts';
import { guardRedirect } from './guard.ts';
import { routeAt } from './route-at.ts';
import { preloadScreen, startScreenReads } from './screen-loader.ts';
import type { RouteEntry } from './targets.ts';

export { routeAt };

// react-router's own browser history (BrowserRouter uses it too). It is exported as UNSAFE_
// because its API is not covered by semver; package.json pins react-router-dom exactly.
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;
export type NavigationAction = AppHistory['action'];

export interface Arrival {
  readonly action: NavigationAction;
  readonly location: Location;
  readonly route: RouteEntry;
}

export interface NavigationListener {
  /** A change of location started: its chunk is being fetched (progress bar on). */
  pending(): void;
  /** The location to render now; its screen's chunk has arrived (or failed, for the frame to show). */
  arrived(arrival: Arrival): void;
}

export interface AppNavigation {
  readonly history: AppHistory;
  /** Where the app starts, already past the guard. */
  readonly initial: Arrival;
  /** Starts delivering location changes; returns the unsubscribe function. */
  listen(listener: NavigationListener): () => void;
}

/**
 * Creates the history. Call after the sign-in start-up, so the first guard check sees its
 * result. A protected first URL is replaced by the sign-in URL before anything renders.
 */
export function createAppNavigation(): AppNavigation {
  const history = UNSAFE_createBrowserHistory({ v5Compat: true });
  const blocked = (location: Location) =>
    guardRedirect(routeAt(location.pathname), isSignedIn(), location);

  const firstRedirect = blocked(history.location);
  if (firstRedirect) history.replace(firstRedirect);
  const initial: Arrival = {
    action: history.action,
    location: history.location,
    route: routeAt(history.location.pathname),
  };
  void preloadScreen(initial.route);
  // Started already with its chunk (first-screen.ts) unless the start-up changed the page.
  startScreenReads(initial.route, initial.location.search);

  return {
    history,
    initial,
    listen(listener) {
      let latest = 0;
      let shown = initial.route;
      const arrive = (action: NavigationAction, location: Location) => {
        const redirect = blocked(location);
        // Replacing notifies this listener again with the sign-in URL.
        if (redirect) return history.replace(redirect);
        const ticket = ++latest;
        const route = routeAt(location.pathname);
        listener.pending();
        // A failed chunk arrives too: the screen's frame shows the failure.
        void preloadScreen(route).then(() => {
          // A newer navigation started meanwhile: it alone may arrive.
          if (ticket !== latest) return;
          // A new query on the same screen is its own business: its queries follow at once,
          // and the range a read ahead waits for was read when the screen opened.
          if (route.id !== shown.id) startScreenReads(route, location.search);
          shown = route;
          listener.arrived({ action, location, route });
        });
      };
      const stop = history.listen(({ action, location }) => arrive(action, location));
      // The history hears nothing before this: an address moved meanwhile (Back, Forward, a
      // script, while the first screen or the sign-in start-up was on its way) is caught up.
      if (createPath(history.location) !== createPath(initial.location))
        arrive(history.action, history.location);
      return stop;
    },
  };
}
