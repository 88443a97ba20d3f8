/**
 * The security headers of the app, derived from where sign-in happens (the manifest's auth
 * authority after environment overrides). One function builds them; the build writes them to
 * dist/_headers for static hosts and the app server sends them, so the browser tests run the
 * production build under exactly the policy a deployment ships.
 */
import { apiConnectSources } from './deployment-meta.ts';
import type { HeaderRule } from './headers-file.ts';

export interface SecurityHeaderOptions {
  /**
   * The identity provider authority: an https URL (e.g. Entra's
   * https://login.microsoftonline.com/<tenant>) or a path on the site's own origin ("/idp").
   */
  authority: string;
  /**
   * Other addresses the app sends data to, e.g. the manifest's contact-form endpoint when it
   * is an https URL (a path on the site's own origin needs nothing: 'self' allows it).
   */
  connectTo?: readonly string[];
  /**
   * The API the app calls (VITE_API_URL at build time): another origin is allowed to be
   * fetched from, and its WebSocket stream too; a path on the site's own origin needs nothing.
   */
  apiUrl?: string;
}

/**
 * The origin the browser talks to for sign-in, or undefined when the authority is on the
 * site's own origin (a path such as "/idp"), which 'self' already allows.
 */
export function identityProviderOrigin(authority: string): string | undefined {
  if (authority.startsWith('/') && !authority.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(authority);
  } catch {
    throw new Error(
      `auth authority "${authority}" is neither an https URL nor a path starting with "/"`,
    );
  }
  if (url.protocol !== 'https:') {
    throw new Error(`auth authority "${authority}" must use https (MSAL refuses anything else)`);
  }
  return url.origin;
}

/** The https origins among addresses (same-origin paths need no source of their own). */
function externalOrigins(addresses: readonly string[]): string[] {
  const origins = addresses.flatMap((a) => (a.startsWith('https://') ? [new URL(a).origin] : []));
  return [...new Set(origins)];
}

export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const idp = identityProviderOrigin(options.authority);
  const withIdp = (...sources: string[]) => (idp ? [...sources, idp] : sources);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // No 'unsafe-inline' and no 'unsafe-eval': index.html loads only bundled files.
    // 'wasm-unsafe-eval' lets WebAssembly compile (the image tool's text recogniser); it
    // allows no JavaScript eval.
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'"],
    // Vite inlines small images (theme covers, icons) as data: URLs.
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    // MSAL fetches the provider's metadata and tokens.
    'connect-src': [
      ...withIdp("'self'"),
      ...externalOrigins(options.connectTo ?? []),
      ...apiConnectSources(options.apiUrl),
    ],
    // MSAL's silent token renewal runs the provider in a hidden iframe.
    'frame-src': withIdp("'self'"),
    // The data layer runs in a Web Worker.
    'worker-src': ["'self'", 'blob:'],
    // The post-call tool plays the visitor's own recording from a blob: URL (never uploaded).
    'media-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': withIdp("'self'"),
    // 'self', not 'none': the silent renewal iframe lands back on our own redirect page, which
    // must be allowed to render inside our own frame. Other origins still cannot frame us.
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * A policy with more sources allowed in `connect-src` (each once): how a server that names the
 * page's API at run time (deployment-meta.ts) lets the page reach it.
 */
export function withConnectSources(policy: string, sources: readonly string[]): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
  const named = (name: string) => directives.findIndex((d) => d.split(/\s+/)[0] === name);
  const connect = named('connect-src');
  const fallback = named('default-src');
  // Without either directive connections are not restricted at all.
  if (sources.length === 0 || (connect < 0 && fallback < 0)) return policy;
  // Without connect-src, default-src governs connections: start from its sources.
  const current = directives[connect < 0 ? fallback : connect]!.split(/\s+/).slice(1);
  const merged = [...current, ...sources.filter((source) => !current.includes(source))];
  const directive = ['connect-src', ...merged].join(' ');
  if (connect < 0) directives.push(directive);
  else directives[connect] = directive;
  return directives.join('; ');
}

/** Headers every response of the app carries. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    // Older browsers without frame-ancestors; matches the policy above.
    'X-Frame-Options': 'SAMEORIGIN',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Speech analytics may capture audio on this origin (real-time analysis); nothing else.
    'Permissions-Policy': 'camera=(), microphone=(self), geolocation=(), payment=(), usb=()',
    // Keeps a popup-based sign-in able to talk to its opener; the redirect flow is unaffected.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  };
}

/** Cache policy: Vite fingerprints everything under /assets/, so it never changes. */
export const LONG_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current fingerprints, so browsers must revalidate it every time. */
export const REVALIDATE = 'no-cache';

/** The rules written to dist/_headers. */
export function headerRules(options: SecurityHeaderOptions): HeaderRule[] {
  return [
    { pattern: '/*', headers: securityHeaders(options) },
    { pattern: '/assets/*', headers: { 'Cache-Control': LONG_CACHE } },
    { pattern: '/', headers: { 'Cache-Control': REVALIDATE } },
    { pattern: '/index.html', headers: { 'Cache-Control': REVALIDATE } },
  ];
}
