/**
 * The current route's purpose from the manifest (what the page shows once signed in), for the
 * sign-in card a signed-out visitor sees. It travels in the screen's chunk like the description,
 * and the route's pre-rendered page draws it before any script runs (scripts/build/route-pages.ts).
 * Provided by the screen frame around each screen.
 */
import { createContext, useContext } from 'react';

export const RoutePurposeContext = createContext<string | undefined>(undefined);

/** The route's purpose, or undefined when its manifest entry has none. */
export function useRoutePurpose(): string | undefined {
  return useContext(RoutePurposeContext);
}
