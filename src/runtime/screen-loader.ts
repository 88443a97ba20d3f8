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
    attempt = markSettled(route.load());
    attempts.set(route.id, attempt);
  }
  return attempt;
}

/**
 * Marks `promise` the way React's use() reads a settled promise, so a frame whose module has
 * already arrived renders it in the same pass. Suspending instead (React.lazy always does, once)
 * shows the fallback first, and React then holds the content back for its 300 ms fallback
 * throttle: that was most of the time between the shell's paint and a page's content (issue 18).
 */
function markSettled<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
  );
  return promise;
}

/** The description under the page title; none while or if the screen fails to load. */
export function loadDescription(route: RouteEntry): Promise<string | undefined> {
  let description = descriptions.get(route.id);
  if (!description) {
    description = markSettled(
      loadScreen(route).then(
        (module) => module.descriptions[route.id],
        () => undefined,
      ),
    );
    descriptions.set(route.id, description);
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

/** The screen and query whose reads were started last (see startScreenReads). */
let lastReads: string | null = null;

/**
 * Lets the screen start the data reads its first render will ask for (its `readAhead`), with
 * the address's query, once its module is here: called for the first screen as its chunk is
 * fetched (first-screen.ts) and as a route is about to show, so the reads travel while React
 * renders the frame and the screen (issue 18). The same screen and query asked twice in a row
 * start once: the first page is asked for by first-screen.ts before the sign-in start-up and
 * again by the navigation after it, which alone knows the page when the start-up signed the
 * visitor in (the landing after sign-in).
 */
export function startScreenReads(route: RouteEntry, search: string): void {
  const reads = `${route.id}${search}`;
  if (reads === lastReads) return;
  lastReads = reads;
  void loadScreen(route).then(
    (module) => module.default.readAhead?.(new URLSearchParams(search)),
    () => undefined,
  );
}
