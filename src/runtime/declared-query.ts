/**
 * The query parameters the current route declares, from its screen's module (they travel there,
 * not in the first load's route table). The address check hands them to the screen below it;
 * useRouteQuery reads them.
 */
import { createContext, useContext } from 'react';
import type { QuerySpec, RoutePath } from '../generated/routes.gen.ts';

export interface DeclaredQuery {
  /** The route's path, as screens name it to useRouteQuery. */
  path: string;
  declared: QuerySpec;
}

export const DeclaredQueryContext = createContext<DeclaredQuery | undefined>(undefined);

/** What `path` declares; only the current route's are at hand, so another path is a mistake. */
export function useDeclaredQuery(path: RoutePath): QuerySpec {
  const current = useContext(DeclaredQueryContext);
  if (current?.path !== path)
    throw new Error(`useRouteQuery('${path}') outside its route (${current?.path ?? 'none'})`);
  return current.declared;
}
