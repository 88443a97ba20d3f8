/**
 * Loads screen modules (a screen and its routes' descriptions) once and remembers the attempt,
 * so the navigation's pre-arrival fetch and the frame share one request, and Retry can start a
 * fresh one after a failure.
 */
import type { ScreenModule } from '../generated/routes.gen.ts';
import type { RouteEntry } from './targets.ts';

const attempts = new Map<string, Promise<ScreenModule>>();
const descriptions = new Map<string, Promise<string | undefined>>();

export function loadScreen(route: RouteEntry): Promise<ScreenModule> {
  let attempt = attempts.get(route.id);
  if (!attempt) {
    attempt = route.load();
    attempts.set(route.id, attempt);
  }
  return attempt;
}

/** The description under the page title; none while or if the screen fails to load. */
export function loadDescription(route: RouteEntry): Promise<string | undefined> {
  let description = descriptions.get(route.id);
  if (!description) {
    description = loadScreen(route).then(
      (module) => module.descriptions[route.id],
      () => undefined,
    );
    descriptions.set(route.id, description);
    // Marked the way React's use() reads a settled promise, so a page whose module has arrived
    // shows its description in the same render instead of suspending for a microtask.
    const settled = description;
    void settled.then((value) => Object.assign(settled, { status: 'fulfilled', value }));
  }
  return description;
}

/** Forgets a failed attempt so the next load fetches the chunk again. */
export function forgetScreen(route: RouteEntry): void {
  attempts.delete(route.id);
  descriptions.delete(route.id);
}

/** Fetches ahead of rendering; a failure is shown by the screen frame, not here. */
export function preloadScreen(route: RouteEntry): Promise<void> {
  return loadDescription(route).then(() => undefined);
}
