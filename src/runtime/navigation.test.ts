// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStoredUser, writeStoredUser } from '../auth/stored-user.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { routeTable } from '../generated/routes.gen.ts';
import { createAppNavigation, routeAt, type Arrival } from './navigation.ts';
import { routeById, type RouteEntry } from './targets.ts';

// The chunks are what this module waits for: hold them in the test's hand.
const chunkRequests: { route: RouteEntry; arrive: () => void }[] = [];
/** The screens asked to start their reads: route id and the address's query. */
const readsStarted: string[] = [];
vi.mock('./screen-loader.ts', () => ({
  preloadScreen: (route: RouteEntry) =>
    new Promise<void>((resolve) => chunkRequests.push({ route, arrive: resolve })),
  startScreenReads: (route: RouteEntry, search: string) =>
    readsStarted.push(`${route.id}${search}`),
}));

const loginPath = routeById(manifest.auth.loginRoute).path;
const publicRoute = routeTable.find((r) => r.auth === 'public' && r.path !== loginPath)!;
// Not "/": a trailing slash must be something to ignore.
const protectedRoute = routeTable.find((r) => r.auth === 'required' && r.path !== '/')!;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function recorder() {
  const events: string[] = [];
  const arrivals: Arrival[] = [];
  return {
    events,
    arrivals,
    listener: {
      pending: () => events.push('pending'),
      arrived: (arrival: Arrival) => {
        events.push(`arrived ${arrival.location.pathname}${arrival.location.search}`);
        arrivals.push(arrival);
      },
    },
  };
}

beforeEach(() => {
  chunkRequests.length = 0;
  readsStarted.length = 0;
  window.history.replaceState(null, '', '/');
});
afterEach(() => clearStoredUser());

describe('routeAt', () => {
  it('finds every manifest path, ignoring a trailing slash and letter case', () => {
    for (const route of routeTable.filter((r) => r.path !== '*')) {
      expect(routeAt(route.path).id).toBe(route.id);
    }
    expect(routeAt(`${protectedRoute.path}/`).id).toBe(protectedRoute.id);
    expect(routeAt(publicRoute.path.toUpperCase()).id).toBe(publicRoute.id);
  });

  it('answers the error route for any other path', () => {
    expect(routeAt('/no/such/page').path).toBe('*');
  });
});

describe('createAppNavigation', () => {
  it('sends a signed-out first visit of a protected page to sign in before anything renders', () => {
    window.history.replaceState(null, '', `${protectedRoute.path}?x=1`);
    const navigation = createAppNavigation();
    expect(navigation.initial.route.id).toBe(manifest.auth.loginRoute);
    expect(navigation.initial.location.pathname).toBe(loginPath);
    expect(new URLSearchParams(navigation.initial.location.search).get('returnTo')).toBe(
      `${protectedRoute.path}?x=1`,
    );
    expect(window.location.pathname).toBe(loginPath);
  });

  it('hands over a new location only once its screen chunk has arrived', async () => {
    const navigation = createAppNavigation();
    const { events, listener } = recorder();
    const stop = navigation.listen(listener);
    navigation.history.push(publicRoute.path);
    await flush();
    expect(events).toEqual(['pending']);
    expect(chunkRequests.at(-1)?.route.id).toBe(publicRoute.id);
    chunkRequests.at(-1)!.arrive();
    await flush();
    expect(events).toEqual(['pending', `arrived ${publicRoute.path}`]);
    stop();
  });

  it('checks the guard before every change, so a protected page is never handed over signed out', async () => {
    const navigation = createAppNavigation();
    const { arrivals, listener } = recorder();
    const stop = navigation.listen(listener);
    navigation.history.push(protectedRoute.path);
    await flush();
    // The protected chunk is not even requested.
    expect(chunkRequests.map((r) => r.route.id)).not.toContain(protectedRoute.id);
    chunkRequests.forEach((r) => r.arrive());
    await flush();
    expect(arrivals.map((a) => a.route.id)).toEqual([manifest.auth.loginRoute]);
    expect(window.location.pathname).toBe(loginPath);
    stop();
  });

  it('lets a signed-in user through', async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    const navigation = createAppNavigation();
    const { arrivals, listener } = recorder();
    const stop = navigation.listen(listener);
    navigation.history.push(protectedRoute.path);
    await flush();
    chunkRequests.forEach((r) => r.arrive());
    await flush();
    expect(arrivals.map((a) => a.route.id)).toEqual([protectedRoute.id]);
    stop();
  });

  it("starts the screen's reads with the address's query: the first screen's, then each new screen's", async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    window.history.replaceState(null, '', '/?vendor=Acme');
    const navigation = createAppNavigation();
    expect(readsStarted).toEqual([`${navigation.initial.route.id}?vendor=Acme`]);
    const { listener } = recorder();
    const stop = navigation.listen(listener);
    navigation.history.push(`${protectedRoute.path}?from=2026-03-01`);
    navigation.history.push(publicRoute.path);
    await flush();
    chunkRequests.forEach((r) => r.arrive());
    await flush();
    // The overtaken navigation never arrives, and its screen reads nothing.
    expect(readsStarted).toEqual([`${navigation.initial.route.id}?vendor=Acme`, publicRoute.id]);
    // A new query on the screen already shown reads nothing ahead.
    navigation.history.replace(`${publicRoute.path}?x=1`);
    await flush();
    chunkRequests.forEach((r) => r.arrive());
    await flush();
    expect(readsStarted).toHaveLength(2);
    stop();
  });

  it('lets only the latest of two quick navigations arrive', async () => {
    const navigation = createAppNavigation();
    const { arrivals, listener } = recorder();
    const stop = navigation.listen(listener);
    navigation.history.push(publicRoute.path);
    navigation.history.push(`${loginPath}?returnTo=%2F`);
    await flush();
    // The later chunk arrives first, the earlier one after it: the earlier must not win.
    chunkRequests.at(-1)!.arrive();
    await flush();
    chunkRequests.at(-2)!.arrive();
    await flush();
    expect(arrivals.map((a) => a.route.id)).toEqual([manifest.auth.loginRoute]);
    stop();
  });
});
