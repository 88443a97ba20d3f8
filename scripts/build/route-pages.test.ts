import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Manifest, Route } from '../../src/generated/manifest.types.ts';
import { readGeneratedManifest } from '../serve/generated-manifest.ts';
import { routePageFile, routePages } from './route-pages.ts';

// The app's own page: the route pages are drawn into its skeleton's markers.
const indexHtml = readFileSync(new URL('../../src/index.html', import.meta.url), 'utf8');
const product = readGeneratedManifest();

function route(fields: Partial<Route> & Pick<Route, 'id' | 'path'>): Route {
  return { title: fields.id, auth: 'public', screen: 'pages/contact-us', ...fields } as Route;
}

function manifestWith(routes: [Route, ...Route[]], loginRoute = 'login'): Manifest {
  return {
    ...product,
    brand: { ...product.brand, name: 'Acme & Co' },
    auth: { ...product.auth, loginRoute },
    routes,
  };
}

describe('route pages', () => {
  it('writes one page per public route with a fixed path, none for protected, parameter or error routes', () => {
    const pages = routePages(
      manifestWith([
        route({ id: 'login', path: '/page/login' }),
        route({ id: 'usage', path: '/analytics/usage-cost' }),
        route({ id: 'home', path: '/', auth: 'required' }),
        route({ id: 'vendors', path: '/performance/vendors', auth: 'required' }),
        route({ id: 'call', path: '/call/:id' }),
        route({ id: 'not-found', path: '*' }),
      ]),
      indexHtml,
    );
    expect(pages.map((p) => p.file)).toEqual(['page/login.html', 'analytics/usage-cost.html']);
    expect(routePageFile('/tool/aqm/')).toBe('tool/aqm.html');
  });

  it("draws the route's title, heading, breadcrumbs and description, escaped, into the skeleton", () => {
    const [, child] = routePages(
      manifestWith([
        route({ id: 'stats', path: '/analytics/stats', title: 'Repeat <calls>' }),
        route({
          id: 'why',
          path: '/analytics/why',
          title: 'Why & how',
          parent: 'stats',
          description: 'Chains of "repeat" calls.',
        }),
      ]),
      indexHtml,
    );
    const html = child!.html;
    expect(html).toContain('<title>Why &amp; how · Acme &amp; Co</title>');
    expect(html).toContain(
      '<div class="boot-screen"><div class="screen-head"><nav aria-label="Breadcrumb" class="breadcrumbs"><ol>' +
        '<li><a href="/analytics/stats">Repeat &lt;calls&gt;</a></li>' +
        '<li aria-current="page">Why &amp; how</li></ol></nav>' +
        '<h1>Why &amp; how</h1><p class="screen-description">Chains of &quot;repeat&quot; calls.</p></div>',
    );
    // The rest of the page is index.html's: its skeleton and the status line stay.
    expect(html).toContain('class="boot-sidebar"');
    expect(html).toContain('<p class="boot-status" role="status">Loading…</p>');
    expect(html.match(/<h1>/g)).toHaveLength(1);
  });

  it("draws a gate page's purpose in the sign-in card, its heading and button keeping their place", () => {
    const [gate] = routePages(
      manifestWith([route({ id: 'usage', path: '/analytics/usage', purpose: 'Cost & <budget>.' })]),
      indexHtml,
    );
    const html = gate!.html;
    // After the head, as the screen frame renders the gate's card.
    expect(html).toMatch(
      /<\/h1><\/div>\s*<div class="screen-body"><div class="stack"><section class="card sign-in-gate">/,
    );
    expect(html).toContain('<div class="muted"><p>Cost &amp; &lt;budget&gt;.</p></div>');
    // Invisible until the app knows who is there, so a signed-in visitor is not told to sign in.
    expect(html).toContain(
      '<h2 class="boot-reserve" aria-hidden="true">Sign in to see your organisation’s data</h2>',
    );
    expect(html).toMatch(
      /<p class="boot-reserve" aria-hidden="true"><button [^>]*disabled>Sign in</,
    );
    // The card takes the loading line's place.
    expect(html).not.toContain('boot-status');
  });

  it('draws the sign-in page in the sign-in layout, its head in the card, without breadcrumbs', () => {
    const [login] = routePages(
      manifestWith([
        route({ id: 'home', path: '/', auth: 'required' }),
        route({
          id: 'login',
          path: '/page/login',
          title: 'Sign In',
          parent: 'home',
          description: 'Use your account.',
        }),
      ]),
      indexHtml,
    );
    const html = login!.html;
    expect(html).not.toContain('class="boot');
    expect(html).not.toContain('breadcrumbs');
    expect(html).toContain(
      '<div class="sign-in-card"><div class="screen"><div class="screen-head"><h1>Sign In</h1>' +
        '<p class="screen-description">Use your account.</p></div><div class="screen-pending"',
    );
    // The skeleton was replaced whole: the page still closes the root before its <noscript>.
    expect(html).toMatch(/<\/div><\/div><\/div><\/div>\s*<\/div>\s*<noscript>/);
  });

  it('says what is missing when index.html has no skeleton to draw in', () => {
    const manifest = manifestWith([route({ id: 'usage', path: '/analytics/usage-cost' })]);
    expect(() =>
      routePages(manifest, indexHtml.replace('<div class="boot-screen">', '<div>')),
    ).toThrow(/one <div class="boot-screen">/);
  });

  it("pre-renders the product's public pages, the sign-in page among them", () => {
    const files = routePages(product, indexHtml).map((p) => p.file);
    expect(files).toContain('page/login.html');
    expect(files.length).toBe(
      product.routes!.filter((r) => r.auth === 'public' && !r.path.includes('*')).length,
    );
  });
});
