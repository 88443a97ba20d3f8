/**
 * Typed links for screens. Paths and query parameters are checked against the manifest at
 * compile time: `<AppLink to="/performance/agents" query={{ compliant: false }}>` compiles,
 * an unknown path, an unknown parameter or a value of the wrong type does not.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Link, type LinkProps } from './link.tsx';
import { href, parseRouteQuery, type RoutePath, type RouteQuery } from '../generated/routes.gen.ts';
import { useDeclaredQuery } from './declared-query.ts';

export type AppLinkProps<P extends RoutePath> = Omit<LinkProps, 'to'> & {
  to: P;
  query?: RouteQuery<P>;
};

export function AppLink<P extends RoutePath>({ to, query, ...rest }: AppLinkProps<P>) {
  return <Link to={href(to, query)} {...rest} />;
}

/**
 * The current URL's query as the route declares it; values of the wrong type are left out.
 * `path` is the current route's (its screen's module brings the declaration).
 */
export function useRouteQuery<P extends RoutePath>(path: P): RouteQuery<P> {
  const { search } = useLocation();
  const declared = useDeclaredQuery(path);
  return useMemo(
    () => parseRouteQuery(path, declared, new URLSearchParams(search)),
    [path, declared, search],
  );
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (e.g. when changing a filter). */
  replace?: boolean;
}

/** A typed `navigate`: `navigateTo('/customer/voc', { disposition: 'Fake Call' })`. */
export function useNavigateTo() {
  const navigate = useNavigate();
  return useCallback(
    <P extends RoutePath>(to: P, query?: RouteQuery<P>, options?: NavigateOptions) =>
      navigate(href(to, query), options),
    [navigate],
  );
}

/** The current address (path and query) as the user sees it, e.g. for the error page. */
export function useCurrentAddress(): { pathname: string; search: string } {
  const { pathname, search } = useLocation();
  return { pathname, search };
}
