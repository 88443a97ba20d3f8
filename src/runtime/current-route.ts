/**
 * What the router tells the shell: the manifest route being shown, and whether the next one is
 * still loading (for the progress bar). Provided by router.tsx.
 */
import { createContext, useContext } from 'react';
import type { RouteEntry } from './targets.ts';

export interface CurrentRoute {
  readonly route: RouteEntry;
  /** A navigation has started and its screen's chunk is still on its way. */
  readonly pending: boolean;
}

export const CurrentRouteContext = createContext<CurrentRoute | null>(null);

export function useCurrentRoute(): CurrentRoute {
  const current = useContext(CurrentRouteContext);
  if (!current) throw new Error('useCurrentRoute needs the AppRouter around it');
  return current;
}
