/**
 * Loads screen chunks once and remembers the attempt, so the router's pre-navigation fetch and
 * the frame's React.lazy share one request, and Retry can start a fresh one after a failure.
 */
import type { ComponentType } from 'react';
import type { RouteEntry } from './targets.ts';

type ScreenModule = { default: ComponentType };
const attempts = new Map<string, Promise<ScreenModule>>();

export function loadScreen(route: RouteEntry): Promise<ScreenModule> {
  let attempt = attempts.get(route.id);
  if (!attempt) {
    attempt = route.load();
    attempts.set(route.id, attempt);
  }
  return attempt;
}

/** Forgets a failed attempt so the next load fetches the chunk again. */
export function forgetScreen(route: RouteEntry): void {
  attempts.delete(route.id);
}

/** Fetches ahead of rendering; a failure is shown by the screen frame, not here. */
export function preloadScreen(route: RouteEntry): Promise<void> {
  return loadScreen(route).then(
    () => undefined,
    () => undefined,
  );
}
