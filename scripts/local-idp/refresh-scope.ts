/**
 * MSAL adds `offline_access` to every token request, including refresh requests. The
 * provider (per OpenID Connect Core) drops `offline_access` from an authorization request
 * that has no `prompt=consent`, so the refresh token it issues (see issueRefreshToken in
 * index.ts) does not carry that scope, and a refresh request repeating it would be refused
 * as invalid_scope. This middleware removes `offline_access` from refresh requests' scope,
 * which asks for nothing more than the token already grants.
 *
 * It parses the token request body itself and hands it on as `ctx.request.body`, a path
 * oidc-provider supports (it prints a one-time notice about an upstream body parser).
 */
import type { IncomingMessage } from 'node:http';
import { parse } from 'node:querystring';
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
    // querystring keeps repeated parameters as arrays, so the provider still rejects duplicates.
    (ctx.request as { body?: unknown }).body = parse(params.toString());
  }
  await next();
};
