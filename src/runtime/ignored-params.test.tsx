// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AddressCheck, useIgnoredParams } from './ignored-params.tsx';
import { routeQueries } from '../generated/routes.gen.ts';
import type { IgnoredParam } from './address-check.ts';
import { useRouteQuery } from './links.tsx';

afterEach(cleanup);

function Reporter({ items }: { items: IgnoredParam[] }) {
  useIgnoredParams(items);
  return <p>screen</p>;
}

function renderAt(url: string, items: IgnoredParam[] = [], content = <Reporter items={items} />) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AddressCheck path="/performance/agents" declared={routeQueries.agents}>
            {content}
          </AddressCheck>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}

function AgentsQuery() {
  return <p>{JSON.stringify(useRouteQuery('agents'))}</p>;
}

function VocQuery() {
  return <p>{JSON.stringify(useRouteQuery('voc'))}</p>;
}

describe('AddressCheck', () => {
  it('shows no notice for a clean address', () => {
    renderAt('/performance/agents?compliant=false&vendor=vendor-01');
    expect(screen.queryByTestId('address-notice')).toBeNull();
  });

  it('names a value of the wrong type and the screen’s own report in one notice', async () => {
    renderAt('/performance/agents?compliant=maybe&vendor=nope', [
      { param: 'vendor', value: 'nope', reason: 'no vendor has this id' },
      { param: 'compliant', value: 'maybe', reason: 'said again by the screen' },
    ]);
    const notice = await screen.findByTestId('address-notice');
    const items = [...notice.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'compliant: “maybe” was ignored (expected true or false).',
      'vendor: “nope” was ignored (no vendor has this id).',
    ]);
    expect(notice.getAttribute('role')).toBe('status');
  });

  it('hands the route’s declaration to the screen, and only for that route', () => {
    renderAt('/performance/agents?compliant=false&vendor=v1&x=1', [], <AgentsQuery />);
    expect(screen.getByText('{"compliant":false,"vendor":"v1"}')).toBeTruthy();
    cleanup();
    // A screen that names another route's path would read a declaration it does not have
    // (the router's error element shows the error).
    const quiet = console.error;
    console.error = () => {};
    try {
      renderAt('/performance/agents?disposition=Fake+Call', [], <VocQuery />);
      expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(
        "useRouteQuery('voc') outside its route (/performance/agents)",
      );
    } finally {
      console.error = quiet;
    }
  });
});
