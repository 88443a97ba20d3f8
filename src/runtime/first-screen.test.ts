// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStoredUser, writeStoredUser } from '../auth/stored-user.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { routeAt } from './route-at.ts';
import type { RouteEntry } from './targets.ts';

/** What the module asked of the screen loader when it was evaluated, in order. */
const asked: string[] = [];
vi.mock('./screen-loader.ts', () => ({
  preloadScreen: (route: RouteEntry) => {
    asked.push(`chunk ${route.id}`);
    return Promise.resolve();
  },
  startScreenReads: (route: RouteEntry, search: string) => asked.push(`reads ${route.id}${search}`),
}));

/** Evaluates first-screen.ts as main.tsx does, at the current address. */
async function evaluateAt(address: string) {
  window.history.replaceState(null, '', address);
  vi.resetModules();
  await import('./first-screen.ts');
}

beforeEach(() => {
  asked.length = 0;
});
afterEach(() => clearStoredUser());

describe('the first screen, started before the app', () => {
  it("fetches a signed-in user's screen and starts its reads with the address's query", async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    await evaluateAt('/?vendor=vendor-02');
    const home = routeAt('/');
    expect(asked).toEqual([`chunk ${home.id}`, `reads ${home.id}?vendor=vendor-02`]);
  });

  it('fetches the sign-in screen instead for a visitor the guard sends there', async () => {
    clearStoredUser();
    await evaluateAt('/?vendor=vendor-02');
    const login = manifest.auth.loginRoute;
    expect(asked).toEqual([`chunk ${login}`, `reads ${login}?vendor=vendor-02`]);
  });
});
