/**
 * Renders an analytics screen for a component test: a memory router at a URL, and the embedded
 * data engine in-process on a small corpus (the same engine the worker runs), so tests check
 * real numbers and real drill-downs rather than a hand-made fake. Test code only.
 */
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createEmbeddedSource } from '../data/engine/index.ts';
import { DataSourceProvider, type CallDataSource } from '../data/index.ts';
import { routeQueries, routeTable } from '../generated/routes.gen.ts';
import { AddressCheck } from '../runtime/ignored-params.tsx';

let shared: CallDataSource | undefined;

/** One small deterministic corpus shared by a test file (about a third of a second to build). */
export function demoSource(): CallDataSource {
  shared ??= createEmbeddedSource({ calls: 600, seed: 11 });
  return shared;
}

/**
 * Renders a screen at a URL inside the shell's address check (as the frame does), so the notice
 * of ignored address values is on the page.
 */
export function renderScreen(Screen: ComponentType, url: string, source = demoSource()) {
  const pathname = new URL(url, 'https://app.test').pathname;
  const route = routeTable.find((r) => r.path === pathname);
  const declared = route ? routeQueries[route.id] : {};
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <DataSourceProvider source={source}>
            <AddressCheck path={pathname} declared={declared}>
              <Screen />
            </AddressCheck>
          </DataSourceProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, source };
}

/** The filters behind a drill-down link, read the way the call list reads them. */
export function linkSearch(href: string): URLSearchParams {
  return new URL(href, 'https://app.test').searchParams;
}
