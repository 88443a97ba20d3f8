import { describe, expect, it } from 'vitest';
import { manifest } from '../generated/manifest.gen.ts';
import { routeTable } from '../generated/routes.gen.ts';
import { guardRedirect } from './guard.ts';
import { routeById } from './targets.ts';

const loginPath = routeById(manifest.auth.loginRoute).path;
const protectedRoutes = routeTable.filter((r) => r.auth === 'required');
const publicRoutes = routeTable.filter((r) => r.auth === 'public');

describe('guardRedirect', () => {
  it('sends a signed-out visitor of every protected route to sign in, remembering the address', () => {
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of protectedRoutes) {
      const target = guardRedirect(route, false, { pathname: route.path, search: '' });
      expect(target).toBe(`${loginPath}?returnTo=${encodeURIComponent(route.path)}`);
    }
  });

  it('keeps the query of the requested address, encoded as one parameter', () => {
    const target = guardRedirect({ auth: 'required' }, false, {
      pathname: '/performance/agents',
      search: '?compliant=false&vendor=A%26B',
    });
    const url = new URL(target!, 'https://app.example');
    expect(url.pathname).toBe(loginPath);
    expect([...url.searchParams.keys()]).toEqual(['returnTo']);
    expect(url.searchParams.get('returnTo')).toBe(
      '/performance/agents?compliant=false&vendor=A%26B',
    );
  });

  it('lets a signed-in user through every route', () => {
    for (const route of routeTable) {
      expect(guardRedirect(route, true, { pathname: '/', search: '' })).toBeNull();
    }
  });

  it('never redirects from a public route, signed in or not', () => {
    for (const route of publicRoutes) {
      expect(guardRedirect(route, false, { pathname: route.path, search: '' })).toBeNull();
    }
  });

  it('falls back to the start page when the requested address is not a safe path', () => {
    const target = guardRedirect({ auth: 'required' }, false, {
      pathname: '//evil.example',
      search: '',
    });
    expect(new URL(target!, 'https://app.example').searchParams.get('returnTo')).toBe('/');
  });
});
