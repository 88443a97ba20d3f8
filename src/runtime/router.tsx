/**
 * The router, built from the generated route table: one child route per manifest route under
 * the shell layout. Each route's loader is the guard (it runs before every change of route or
 * query, so a protected screen is never rendered signed out) and fetches the screen's chunk
 * while the current page stays on screen with the progress bar showing.
 */
import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { isSignedIn } from '../auth/index.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { routeTable } from '../generated/routes.gen.ts';
import { guardRedirect } from './guard.ts';
import { preloadScreen } from './screen-loader.ts';
import { AppLayout, preloadShellLayout } from './shell/app-layout.tsx';
import { ScreenFrame, ScreenPending } from './shell/screen-frame.tsx';
import { ShellCrash } from './shell/shell-crash.tsx';
import type { RouteEntry } from './targets.ts';

async function enter(route: RouteEntry, { request }: LoaderFunctionArgs) {
  const target = guardRedirect(route, isSignedIn(), new URL(request.url));
  if (target) throw redirect(target);
  // The app chrome (all but the sign-in page) arrives with the first screen, in parallel.
  const chrome = route.id === manifest.auth.loginRoute ? undefined : preloadShellLayout();
  await Promise.all([preloadScreen(route), chrome?.catch(() => undefined)]);
  return null;
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      errorElement: <ShellCrash />,
      children: routeTable.map((route) => ({
        id: route.id,
        path: route.path,
        loader: (args: LoaderFunctionArgs) => enter(route, args),
        element: (
          <ScreenFrame key={route.id} route={route} bare={route.id === manifest.auth.loginRoute} />
        ),
        HydrateFallback: ScreenPending,
      })),
    },
  ]);
}
