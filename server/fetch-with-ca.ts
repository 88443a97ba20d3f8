/**
 * A fetch for the authority's discovery document and keys that also trusts one extra
 * certificate: the local provider of `npm start` serves https with a certificate made on this
 * machine, which Node's own fetch would refuse. Used only when a CA is configured.
 */
import { request } from 'node:https';

export type Fetch = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;

export function fetchTrusting(ca: string): Fetch {
  return (url, init = {}) =>
    new Promise((resolve, reject) => {
      const req = request(url, { ca, method: 'GET', signal: init.signal }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') headers.set(name, value);
          }
          resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers }));
        });
      });
      req.on('error', reject);
      req.end();
    });
}
