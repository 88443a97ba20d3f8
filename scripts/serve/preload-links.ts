/**
 * A route's preloads (route-preloads.ts) in the two forms a page can receive them: `Link`
 * headers, per path in the `_headers` file that static hosts apply (Cloudflare Pages also
 * turns them into 103 Early Hints), and `<link>` tags in the index.html served for that path
 * (our app server writes them from the same headers, so a host's file and our server agree).
 * `crossorigin` matches the requests Vite's own tags and preload helper make, so the browser
 * reuses the preloaded responses instead of fetching again.
 */
import type { HeaderRule } from './headers-file.ts';
import type { RoutePreload } from './route-preloads.ts';

export interface Preload {
  readonly href: string;
  readonly kind: 'script' | 'style';
}

const HEADER_VALUE = {
  script: (href: string) => `<${href}>; rel=modulepreload; crossorigin`,
  style: (href: string) => `<${href}>; rel=preload; as=style; crossorigin`,
};

const TAG = {
  script: (href: string) => `<link rel="modulepreload" crossorigin href="${href}">`,
  style: (href: string) => `<link rel="preload" as="style" crossorigin href="${href}">`,
};

/** One `_headers` rule per route: its preloads as `Link` header values. */
export function preloadHeaderRules(preloads: readonly RoutePreload[]): HeaderRule[] {
  return preloads.map((preload) => ({
    pattern: preload.path,
    headers: {
      Link: [
        ...preload.scripts.map(HEADER_VALUE.script),
        ...preload.styles.map(HEADER_VALUE.style),
      ].join(', '),
    },
  }));
}

/** The preloads a `Link` header asks for (other links, such as rel=preconnect, are left out). */
export function preloadsOfLinkHeader(header: string | undefined): Preload[] {
  if (!header) return [];
  const preloads: Preload[] = [];
  for (const value of header.split(/,\s*(?=<)/)) {
    const href = /^\s*<([^>]*)>/.exec(value)?.[1];
    const params = value.split(';').map((param) => param.trim().toLowerCase().replace(/"/g, ''));
    if (!href || !/^\/[^"<>\s]*$/.test(href)) continue;
    if (params.includes('rel=modulepreload')) preloads.push({ href, kind: 'script' });
    else if (params.includes('rel=preload') && params.includes('as=style'))
      preloads.push({ href, kind: 'style' });
  }
  return preloads;
}

/**
 * The page with a `<link>` tag per preload at the end of its head, after the page's own
 * scripts, which so keep their place first in line. Unchanged without preloads or without a
 * `</head>` (the app's index.html has one; the `Link` header still carries the preloads).
 */
export function withPreloadLinks(html: string, preloads: readonly Preload[]): string {
  const end = /<\/head\s*>/i.exec(html);
  if (preloads.length === 0 || !end) return html;
  const tags = preloads.map((preload) => TAG[preload.kind](preload.href)).join('');
  return html.slice(0, end.index) + tags + html.slice(end.index);
}
