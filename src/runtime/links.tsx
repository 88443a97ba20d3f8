/**
 * Typed links for screens, by route id (as Backstage's route refs): the id and its query
 * parameters are checked against the manifest at compile time, and the path comes from the
 * manifest, so renaming a path is one manifest edit. `<AppLink route="agents"
 * query={{ compliant: false }}>` compiles; an unknown id, an unknown parameter or a value of the
 * wrong type does not.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Link, type LinkProps } from './link.tsx';
import {
  href,
  parseRouteQuery,
  type LinkableRouteId,
  type RouteQuery,
} from '../generated/routes.gen.ts';
import { useDeclaredQuery } from './declared-query.ts';

export type AppLinkProps<R extends LinkableRouteId> = Omit<LinkProps, 'to'> & {
  route: R;
  query?: RouteQuery<R>;
  /** A heading on the target page, without the "#". */
  hash?: string;
};

export function AppLink<R extends LinkableRouteId>({
  route,
  query,
  hash,
  ...rest
}: AppLinkProps<R>) {
  const to = href(route, query);
  return <Link to={hash ? `${to}#${hash}` : to} {...rest} />;
}

/**
 * The current URL's query as the route declares it; values of the wrong type are left out.
 * `route` is the current route's id (its screen's module brings the declaration).
 */
export function useRouteQuery<R extends LinkableRouteId>(route: R): RouteQuery<R> {
  const { search } = useLocation();
  const declared = useDeclaredQuery(route);
  return useMemo(
    () => parseRouteQuery(route, declared, new URLSearchParams(search)),
    [route, declared, search],
  );
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (e.g. when changing a filter). */
  replace?: boolean;
}

/** A typed `navigate` by route id: `navigateTo('voc', { disposition: 'Fake Call' })`. */
export function useNavigateTo() {
  const navigate = useNavigate();
  return useCallback(
    <R extends LinkableRouteId>(route: R, query?: RouteQuery<R>, options?: NavigateOptions) =>
      navigate(href(route, query), options),
    [navigate],
  );
}

/** The current address (path and query) as the user sees it, e.g. for the error page. */
export function useCurrentAddress(): { pathname: string; search: string } {
  const { pathname, search } = useLocation();
  return { pathname, search };
}
