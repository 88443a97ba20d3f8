/**
 * MSAL adds `offline_access` to every token request, including refresh requests. The
 * provider (per OpenID Connect Core) drops `offline_access` from an authorization request
 * that has no `prompt=consent`, so the refresh token it issues (see issueRefreshToken in
 * index.ts) does not carry that scope, and a refresh request repeating it would be refused
 * as invalid_scope. This middleware removes `offline_access` from refresh requests' scope,
 * which asks for nothing more than the token already grants.
 *
 * It reads the token request's body and hands the provider a request whose body is the
 * rewritten text, still unread: the provider parses it itself. (Handing it a parsed
 * `request.body` instead works too, but makes oidc-provider print "already parsed request body
 * detected" on the first sign-in of every `npm start`.)
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Middleware } from 'koa';

const LIMIT = 56 * 1024; // the provider's own limit for request bodies

export function stripOfflineAccessFromRefresh(scope: string): string {
  return scope
    .split(' ')
    .filter((value) => value !== '' && value !== 'offline_access')
    .join(' ');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > LIMIT) throw new Error('request entity too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** What the provider's body reader uses of a request's stream; the rest stays the request's. */
const STREAM_MEMBERS = new Set<PropertyKey>([
  'readable',
  'readableEncoding',
  'iterator',
  Symbol.asyncIterator,
]);

/**
 * The request with another body: headers, socket and everything else are the original's, the
 * stream the provider reads (and the Content-Length it checks) are the new body's.
 */
export function withBody(req: IncomingMessage, body: string): IncomingMessage {
  const bytes = Buffer.from(body, 'utf8');
  const stream = Readable.from([bytes]);
  const headers = { ...req.headers, 'content-length': String(bytes.length) };
  return new Proxy(req, {
    get(target, key) {
      if (key === 'headers') return headers;
      const source = STREAM_MEMBERS.has(key) ? stream : target;
      const value: unknown = Reflect.get(source, key, source);
      return typeof value === 'function' ? value.bind(source) : value;
    },
  });
}

export const refreshScopeMiddleware: Middleware = async (ctx, next) => {
  if (
    ctx.method === 'POST' &&
    ctx.path === '/token' &&
    ctx.is('application/x-www-form-urlencoded') &&
    ctx.req.readable
  ) {
    const params = new URLSearchParams(await readBody(ctx.req));
    const scope = params.get('scope');
    if (params.get('grant_type') === 'refresh_token' && scope !== null) {
      params.set('scope', stripOfflineAccessFromRefresh(scope));
    }
    // Repeated parameters stay repeated, so the provider still rejects duplicates.
    ctx.req = ctx.request.req = withBody(ctx.req, params.toString());
  }
  await next();
};
