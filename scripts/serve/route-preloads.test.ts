import { describe, expect, it } from 'vitest';
import type { ViteManifest } from '../build/vite-manifest.ts';
import { routePreloads, type PreloadRoute } from './route-preloads.ts';

/** A build like ours: main, the shell's runtime chunk, the screen kit and lazy screens. */
const build: ViteManifest = {
  'index.html': { file: 'assets/main-1.js', isEntry: true, imports: ['_rolldown-runtime.js'] },
  '_rolldown-runtime.js': { file: 'assets/rolldown-runtime-1.js' },
  '_runtime.js': { file: 'assets/runtime-1.js', imports: ['index.html'] },
  '_screen-kit.js': {
    file: 'assets/screen-kit-1.js',
    imports: ['index.html', '_runtime.js'],
    css: ['assets/kit-1.css'],
  },
  'generated/screens/auth/sign-in.gen.ts': {
    file: 'assets/sign-in-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_runtime.js'],
    css: ['assets/sign-in-1.css'],
  },
  'generated/screens/analytics/usage-cost.gen.ts': {
    file: 'assets/usage-cost-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_screen-kit.js', '_runtime.js'],
    css: ['assets/usage-cost-1.css', 'assets/kit-1.css'],
  },
  'generated/screens/call/call-detail.gen.ts': {
    file: 'assets/call-detail-1.js',
    isDynamicEntry: true,
    imports: ['_screen-kit.js'],
  },
  'generated/screens/dashboard/overview.gen.ts': {
    file: 'assets/overview-1.js',
    isDynamicEntry: true,
    imports: ['_screen-kit.js'],
  },
  'generated/screens/content/hr.gen.ts': {
    file: 'assets/hr-1.js',
    isDynamicEntry: true,
    imports: ['_runtime.js'],
  },
  'auth/identity-client.ts': {
    file: 'assets/identity-client-1.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  'generated/screens/system/not-found.gen.ts': {
    file: 'assets/not-found-1.js',
    isDynamicEntry: true,
    imports: ['_runtime.js'],
  },
};

const routes: PreloadRoute[] = [
  { id: 'dashboard', path: '/', screen: 'dashboard/overview', auth: 'required' },
  { id: 'login', path: '/page/login', screen: 'auth/sign-in', auth: 'public' },
  {
    id: 'usage-cost',
    path: '/analytics/usage-cost',
    screen: 'analytics/usage-cost',
    auth: 'public',
  },
  { id: 'call', path: '/call/:id', screen: 'call/call-detail', auth: 'public' },
  { id: 'hr', path: '/page/hr', auth: 'public' },
  // A screen this build does not emit (a customer hides it): nothing to preload.
  { id: 'roi', path: '/analytics/roi', screen: 'analytics/roi', auth: 'public' },
  { id: 'not-found', path: '*', screen: 'system/not-found', auth: 'public' },
];

const byPath = new Map(routePreloads(routes, 'login', build).map((p) => [p.path, p]));

describe('route preloads', () => {
  it("preloads a public route's screen chunk, its static imports and their stylesheets", () => {
    expect(byPath.get('/page/login')).toEqual({
      path: '/page/login',
      scripts: ['/assets/sign-in-1.js', '/assets/runtime-1.js'],
      styles: ['/assets/sign-in-1.css'],
    });
    expect(byPath.get('/analytics/usage-cost')).toEqual({
      path: '/analytics/usage-cost',
      scripts: ['/assets/usage-cost-1.js', '/assets/screen-kit-1.js', '/assets/runtime-1.js'],
      styles: ['/assets/usage-cost-1.css', '/assets/kit-1.css'],
    });
  });

  it('never preloads what index.html loads itself', () => {
    const all = [...byPath.values()].flatMap((p) => p.scripts);
    expect(all).not.toContain('/assets/main-1.js');
    expect(all).not.toContain('/assets/rolldown-runtime-1.js');
  });

  it('keeps a route with parameters as its pattern', () => {
    expect(byPath.get('/call/:id')?.scripts).toEqual([
      '/assets/call-detail-1.js',
      '/assets/screen-kit-1.js',
      '/assets/runtime-1.js',
    ]);
  });

  it("finds a content page's own module", () => {
    expect(byPath.get('/page/hr')?.scripts).toEqual(['/assets/hr-1.js', '/assets/runtime-1.js']);
  });

  it('preloads for a protected route what the sign-in screen loads as well, and MSAL', () => {
    // Signed out the guard shows sign-in; the screen and its kit would be loaded for nothing.
    // Signed in or out, the first content waits for sign-in's start-up, MSAL's chunk first.
    expect(byPath.get('/')).toEqual({
      path: '/',
      scripts: ['/assets/runtime-1.js', '/assets/identity-client-1.js'],
      styles: [],
    });
    // A public route's drawn head paints before any script: MSAL would compete with it.
    const publicScripts = [...byPath.values()]
      .filter((p) => p.path !== '/')
      .flatMap((p) => p.scripts);
    expect(publicScripts).not.toContain('/assets/identity-client-1.js');
  });

  it('preloads nothing for unknown addresses or screens the build does not have', () => {
    expect(byPath.has('*')).toBe(false);
    expect(byPath.has('/analytics/roi')).toBe(false);
  });
});
