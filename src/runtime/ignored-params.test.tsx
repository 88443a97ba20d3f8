// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AddressCheck, useIgnoredParams } from './ignored-params.tsx';
import { routeById } from './targets.ts';
import type { IgnoredParam } from './address-check.ts';

afterEach(cleanup);

function Reporter({ items }: { items: IgnoredParam[] }) {
  useIgnoredParams(items);
  return <p>screen</p>;
}

function renderAt(url: string, items: IgnoredParam[] = []) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AddressCheck declared={routeById('agents').query}>
            <Reporter items={items} />
          </AddressCheck>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
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
});
