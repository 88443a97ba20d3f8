/**
 * Cross-origin access for an app served from another origin than the API (the page's
 * `sa-api-url` names `https://api.example.com` while the app is at `https://app.example.com`).
 * Only the origins a deployment lists (SA_API_ALLOWED_ORIGINS) may read answers; the same
 * origin (`npm start`'s /api) needs none of this. The bearer token travels in a header, never
 * in a cookie, so credentials are not allowed and a listed origin cannot ride on a session.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the app sends and reads: the token and JSON, the retry hint and the token error. */
const ALLOWED_HEADERS = 'authorization, content-type, accept';
const EXPOSED_HEADERS = 'retry-after, www-authenticate';
const METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** Browsers cache a preflight this long (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_S = 600;

/** A page origin as browsers send it (scheme, host and port, lower case), from configuration. */
export function checkOrigin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SA_API_ALLOWED_ORIGINS: "${raw}" is not a URL`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      `SA_API_ALLOWED_ORIGINS: "${raw}" must be an origin like https://app.example.com (no path)`,
    );
  }
  return url.origin;
}

/** A preflight to answer 204 (headers set), one to refuse, or a request to go on with. */
export type CorsOutcome = 'preflight' | 'refused' | 'request';

/**
 * Adds the response headers that let a listed origin read this answer, and says whether the
 * request is a preflight: it carries no token and goes no further than its answer.
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowed: ReadonlySet<string>,
): CorsOutcome {
  const origin = req.headers.origin;
  const listed = origin !== undefined && allowed.has(origin);
  // Answers differ by Origin, so a shared cache must keep them apart.
  if (allowed.size > 0) res.setHeader('vary', 'Origin');
  if (listed) {
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
  }
  if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return 'request';
  if (!listed) return 'refused';
  res.setHeader('access-control-allow-methods', METHODS);
  res.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
  res.setHeader('access-control-max-age', String(PREFLIGHT_MAX_AGE_S));
  return 'preflight';
}
