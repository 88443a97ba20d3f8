/**
 * The router: react-router in declarative mode (a `<Router>` over the app's navigation), which
 * weighs about 15 KB gzip less than its data router. navigation.ts does what the data router's
 * loaders did (the guard before every change of route or query, the screen chunk fetched while
 * the current page stays visible); this component renders the location it hands over.
 */
import { startTransition, useLayoutEffect, useMemo, useState } from 'react';
import { Router } from 'react-router-dom';
import { CurrentRouteContext } from './current-route.ts';
import type { AppNavigation } from './navigation.ts';
import { AppLayout } from './shell/app-layout.tsx';
import { ShellBoundary } from './shell/shell-crash.tsx';

export function AppRouter({ navigation }: { navigation: AppNavigation }) {
  const [arrival, setArrival] = useState(navigation.initial);
  const [pending, setPending] = useState(false);

  useLayoutEffect(
    () =>
      navigation.listen({
        pending: () => setPending(true),
        // As a transition, like react-router's own routers: React keeps the current page
        // rather than flashing a fallback should anything still suspend.
        arrived: (next) =>
          startTransition(() => {
            setArrival(next);
            setPending(false);
          }),
      }),
    [navigation],
  );

  const current = useMemo(() => ({ route: arrival.route, pending }), [arrival.route, pending]);
  return (
    <Router
      location={arrival.location}
      navigationType={arrival.action}
      navigator={navigation.history}
    >
      <CurrentRouteContext.Provider value={current}>
        <ShellBoundary>
          <AppLayout />
        </ShellBoundary>
      </CurrentRouteContext.Provider>
    </Router>
  );
}
