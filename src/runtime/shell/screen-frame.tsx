/**
 * The frame the shell draws around every screen: breadcrumbs from the manifest's parent
 * chain, the page's single <h1> (its manifest title), then the description and the screen's
 * content from the route's lazily loaded module. It also owns what happens on arrival: the document title, the
 * scroll position and the keyboard focus.
 */
import { Suspense, use, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { Link } from '../link.tsx';
import { manifest } from '../../generated/manifest.gen.ts';
import { useCurrentRoute } from '../current-route.ts';
import { forgetScreen, loadDescription, loadScreen } from '../screen-loader.ts';
import { RoutePurposeContext } from '../route-purpose.ts';
import { breadcrumbTrail } from '../breadcrumb-trail.ts';
import { routeById, type RouteEntry } from '../targets.ts';
import { AddressCheck } from '../ignored-params.tsx';
import { ScreenBoundary } from './screen-boundary.tsx';
import './screen-frame.css';

// The first page of a visit keeps the browser's own focus start (the skip link comes first);
// only later locations move focus and play the transition.
let firstKey: string | undefined;
// A screen that replaces its own URL (a filter kept in the query) is not a new page: the
// scroll position and the focus stay where the user is working.
let lastPathname: string | undefined;

export function ScreenFrame({ route, bare = false }: { route: RouteEntry; bare?: boolean }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const heading = useRef<HTMLHeadingElement>(null);
  const [attempt, setAttempt] = useState(0);
  // Fixed at mount: only a navigation plays the page transition, never the first paint.
  const [arrival] = useState(() =>
    firstKey !== undefined && firstKey !== location.key ? 'navigate' : 'load',
  );

  useEffect(() => {
    document.title = `${route.title} · ${manifest.brand.name}`;
  }, [route]);

  useEffect(() => {
    firstKey ??= location.key;
    const samePage = lastPathname === location.pathname;
    lastPathname = location.pathname;
    if (location.key === firstKey || (samePage && navigationType === 'REPLACE')) return;
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, [location.key, location.pathname, navigationType]);

  const retry = () => {
    forgetScreen(route);
    setAttempt((n) => n + 1);
  };

  const trail = breadcrumbTrail(route, routeById);
  return (
    <div className="screen" data-arrival={arrival}>
      <div className="screen-head">
        {!bare && trail.length > 1 && (
          <nav aria-label="Breadcrumb" className="breadcrumbs">
            <ol>
              {trail.map((crumb) =>
                crumb === route ? (
                  <li key={crumb.id} aria-current="page">
                    {crumb.title}
                  </li>
                ) : (
                  <li key={crumb.id}>
                    <Link to={crumb.path === '*' ? '/' : crumb.path}>{crumb.title}</Link>
                  </li>
                ),
              )}
            </ol>
          </nav>
        )}
        <h1 ref={heading} tabIndex={-1}>
          {route.title}
        </h1>
        <Suspense key={attempt} fallback={null}>
          <Description route={route} />
        </Suspense>
      </div>
      <ScreenBoundary resetKey={`${route.id}:${attempt}`} onRetry={retry}>
        <Suspense fallback={<ScreenPending />}>
          <div className="screen-body">
            <ScreenContent key={attempt} route={route} />
          </div>
        </Suspense>
      </ScreenBoundary>
    </div>
  );
}

/**
 * The route's screen, rendered at once when its module has arrived (see screen-loader.ts),
 * below the check of the address against the query the module declares for the route.
 */
function ScreenContent({ route }: { route: RouteEntry }) {
  const { default: Screen, purposes, queries } = use(loadScreen(route));
  return (
    <AddressCheck path={route.path} declared={queries?.[route.id] ?? NO_QUERY}>
      <RoutePurposeContext.Provider value={purposes?.[route.id]}>
        <Screen />
      </RoutePurposeContext.Provider>
    </AddressCheck>
  );
}

const NO_QUERY = {};

/** The page's description travels with its screen's chunk (it is already there after a navigation). */
function Description({ route }: { route: RouteEntry }) {
  const description = use(loadDescription(route));
  return description ? <p className="screen-description">{description}</p> : null;
}

/** The current route's frame; each route gets a frame of its own. */
export function CurrentScreen() {
  const { route } = useCurrentRoute();
  return <ScreenFrame key={route.id} route={route} bare={route.id === manifest.auth.loginRoute} />;
}

/** Placeholder while a screen's code arrives. */
export function ScreenPending() {
  return (
    <div className="screen-pending" role="status">
      <span className="sr-only">Loading</span>
      <span className="skeleton" />
      <span className="skeleton" />
      <span className="skeleton skeleton-short" />
    </div>
  );
}
