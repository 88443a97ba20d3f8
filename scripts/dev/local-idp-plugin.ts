/**
 * Vite plugin for `npm start`: mounts the embedded identity provider at /idp on the dev
 * server, ahead of Vite's own middlewares (whose single-page fallback would otherwise answer
 * /idp/auth with the app). One provider per origin the browser uses (127.0.0.1 or localhost),
 * because the issuer contains the host and must match the authority MSAL resolves.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Plugin } from 'vite';
import { createLocalIdp, type LocalIdp } from '../local-idp/index.ts';

export interface LocalIdpPluginOptions {
  /** Mount path; the manifest's authority ("/idp") resolves to it. */
  readonly prefix?: string;
  /** Reads client id, brand and post-logout path when the first request arrives (after generation). */
  readonly app: () => { clientId: string; clientName: string; postLogoutPath: string };
}

const LOCAL_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function localIdpPlugin(options: LocalIdpPluginOptions): Plugin {
  const prefix = options.prefix ?? '/idp';
  return {
    name: 'local-identity-provider',
    apply: 'serve',
    configureServer(server) {
      const providers = new Map<string, Promise<LocalIdp>>();
      const providerFor = (origin: string) => {
        let provider = providers.get(origin);
        if (!provider) {
          const app = options.app();
          provider = createLocalIdp({
            issuer: `${origin}${prefix}`,
            clientId: app.clientId,
            clientName: app.clientName,
            postLogoutPaths: [app.postLogoutPath],
          });
          providers.set(origin, provider);
        }
        return provider;
      };

      server.middlewares.use(
        prefix,
        (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
          // HTTP/2 (Vite's https default) names the host in :authority.
          const host = String(req.headers[':authority'] ?? req.headers.host ?? '');
          const port = (server.httpServer?.address() as AddressInfo | null)?.port;
          const url = safeUrl(`https://${host}`);
          if (!url || !LOCAL_HOSTNAMES.has(url.hostname) || Number(url.port) !== port) {
            res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' });
            res.end(
              `The local identity provider answers on 127.0.0.1:${port} and localhost:${port} only.\n`,
            );
            return;
          }
          (req as IncomingMessage & { baseUrl?: string }).baseUrl = prefix;
          providerFor(url.origin)
            .then((idp) => idp(req, res))
            .catch(next);
        },
      );
    },
  };
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
