import { describe, expect, it } from 'vitest';
import { formatHeadersFile, headersForPath, parseHeadersFile } from './headers-file.ts';
import { preloadHeaderRules, preloadsOfLinkHeader, withPreloadLinks } from './preload-links.ts';

const rules = parseHeadersFile(
  formatHeadersFile([
    { pattern: '/*', headers: { 'X-Content-Type-Options': 'nosniff' } },
    ...preloadHeaderRules([
      { path: '/page/login', scripts: ['/assets/sign-in-1.js'], styles: ['/assets/s-1.css'] },
      { path: '/call/:id', scripts: ['/assets/call-1.js', '/assets/kit-1.js'], styles: [] },
    ]),
  ]),
);
const preloadsAt = (path: string) => preloadsOfLinkHeader(headersForPath(rules, path).Link);

describe('preload links', () => {
  it("gives a path its route's preloads through the _headers file", () => {
    expect(preloadsAt('/page/login')).toEqual([
      { href: '/assets/sign-in-1.js', kind: 'script' },
      { href: '/assets/s-1.css', kind: 'style' },
    ]);
  });

  it('matches a parameter as one path segment', () => {
    expect(preloadsAt('/call/42').map((p) => p.href)).toEqual([
      '/assets/call-1.js',
      '/assets/kit-1.js',
    ]);
    expect(preloadsAt('/call/42/notes')).toEqual([]);
    expect(preloadsAt('/call')).toEqual([]);
  });

  it('gives an unknown path none', () => {
    expect(preloadsAt('/no/such/page')).toEqual([]);
  });

  it('reads only preloads of site paths from a Link header', () => {
    expect(
      preloadsOfLinkHeader(
        '<https://cdn.example/x.js>; rel=modulepreload, </a.js>; rel=preconnect, ' +
          '</b.js>; rel="modulepreload"; crossorigin, </c.js>; rel=modulepreload',
      ),
    ).toEqual([
      { href: '/b.js', kind: 'script' },
      { href: '/c.js', kind: 'script' },
    ]);
  });

  it("writes the tags at the end of the head, after the page's own scripts", () => {
    const page = '<html><head><script type="module" src="/m.js"></script></head><body></body>';
    expect(withPreloadLinks(page, preloadsAt('/page/login'))).toBe(
      '<html><head><script type="module" src="/m.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/sign-in-1.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/s-1.css"></head><body></body>',
    );
    expect(withPreloadLinks(page, [])).toBe(page);
    expect(withPreloadLinks('<p>no head</p>', preloadsAt('/page/login'))).toBe('<p>no head</p>');
  });
});
