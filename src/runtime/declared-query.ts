/**
 * The query parameters the current route declares, from its screen's module (they travel there,
 * not in the first load's route table). The address check hands them to the screen below it;
 * useRouteQuery reads them.
 */
import { createContext, useContext } from 'react';
import { routePaths, type LinkableRouteId, type QuerySpec } from '../generated/routes.gen.ts';

export interface DeclaredQuery {
  /** The current route's path (the address check knows the path, screens name the id). */
  path: string;
  declared: QuerySpec;
}

export const DeclaredQueryContext = createContext<DeclaredQuery | undefined>(undefined);

/** What route `route` declares; only the current route's are at hand, so another is a mistake. */
export function useDeclaredQuery(route: LinkableRouteId): QuerySpec {
  const current = useContext(DeclaredQueryContext);
  if (current?.path !== routePaths[route])
    throw new Error(`useRouteQuery('${route}') outside its route (${current?.path ?? 'none'})`);
  return current.declared;
}
