/**
 * Vite plugin for `npm start`: the API server (server/) mounted at /api on the dev server, so
 * the app reaches it same-origin (no CORS). Tokens are checked against the provider of the
 * origin the browser uses (the local provider's issuer contains the host), or against the
 * configured authority (SA_API_AUTHORITY / SA_AUTH_AUTHORITY) for Entra ID.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Plugin } from 'vite';
import {
  createApiHandler,
  createTokenVerifier,
  fetchTrusting,
  type ApiConfig,
  type ApiHandler,
  type ApiService,
} from '../../server/index.ts';
import type { TokenVerifier } from '../../server/auth.ts';
import { attachLiveSocket } from '../../server/live-socket.ts';
import { OPENAPI_FILE } from '../data/openapi-plugin.ts';

export interface ApiPluginOptions {
  readonly config: ApiConfig;
  readonly service: ApiService;
  /** The local provider's certificate (to fetch its keys over https); null for a real authority. */
  readonly localCa: string | null;
  /** Mount path of the local provider, when it is the authority. */
  readonly localIdpPrefix: string | null;
}

const LOCAL_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function apiPlugin(options: ApiPluginOptions): Plugin {
  const handlers = new Map<string, { handler: ApiHandler; verifier: TokenVerifier }>();
  const partsFor = (origin: string) => {
    const authority = options.localIdpPrefix
      ? `${origin}${options.localIdpPrefix}`
      : options.config.authority;
    let parts = handlers.get(authority);
    if (!parts) {
      const config = { ...options.config, authority };
      const verifier = createTokenVerifier(
        config,
        options.localCa ? { fetch: fetchTrusting(options.localCa) } : {},
      );
      parts = {
        handler: createApiHandler({ config, service: options.service, verifier }),
        verifier,
      };
      handlers.set(authority, parts);
    }
    return parts;
  };
  const handlerFor = (origin: string): ApiHandler => partsFor(origin).handler;
  return {
    name: 'callscope-api',
    apply: 'serve',
    configureServer(server) {
      // The live stream's WebSocket (/api/v1/live), with tokens checked for this origin.
      if (server.httpServer)
        attachLiveSocket(server.httpServer, {
          verifierFor: (req) => {
            const host = String(req.headers.host ?? '');
            const port = (server.httpServer?.address() as AddressInfo | null)?.port;
            const url = URL.canParse(`https://${host}`) ? new URL(`https://${host}`) : null;
            return url && LOCAL_HOSTNAMES.has(url.hostname) && Number(url.port) === port
              ? partsFor(url.origin).verifier
              : null;
          },
        });
      server.middlewares.use('/api', (req: IncomingMessage, res: ServerResponse) => {
        // The API reference, as the build ships it (dist/api/openapi.json): no token needed.
        if (req.url === '/openapi.json' && req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end(readFileSync(OPENAPI_FILE));
          return;
        }
        // HTTP/2 (Vite's https default) names the host in :authority. The issuer follows it,
        // so only this server's own local names are accepted (as for the provider itself).
        const host = String(req.headers[':authority'] ?? req.headers.host ?? '');
        const port = (server.httpServer?.address() as AddressInfo | null)?.port;
        const url = URL.canParse(`https://${host}`) ? new URL(`https://${host}`) : null;
        if (!url || !LOCAL_HOSTNAMES.has(url.hostname) || Number(url.port) !== port) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown host');
          return;
        }
        handlerFor(url.origin)(req, res);
      });
    },
  };
}
