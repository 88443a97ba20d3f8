/**
 * Issue 35: the floor with data. A second floor app, built in the bench's run from the same
 * libraries as the product (react, react-dom, react-router-dom, @azure/msal-browser), that does
 * only what the signed-in dashboard must: initialise MSAL with the cached account,
 * `acquireTokenSilent` for the API's scopes, one authenticated `POST /v1/kpis` to the same API
 * server, and six tiles with the numbers. Its second page (`vendors`) fetches one authenticated
 * answer (`POST /v1/aggregate` by vendor) and lists it: the floor of a route change to a data
 * screen. Served on the product's origin under PREFIX, so it reads the same signed-in browser
 * storage as the product (MSAL's cache is per origin) and asks the same API.
 *
 * It is given what the product keeps for a returning user (the provider's discovery document,
 * src/auth/authority-metadata.ts), so neither pays a discovery round trip the other skips; and
 * it renders its <h1> only with its numbers, so the paint bench's "complete" is "numbers on
 * screen".
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { build } from 'vite';
import type { Mount } from '../../serve/app-server.ts';
import { startAppServer, type AppServer } from '../../serve/app-server.ts';

/** Where the floor is served on the product's origin. */
export const DATA_FLOOR_PREFIX = '/floor-with-data';

export interface DataFloorSettings {
  clientId: string;
  /** The API's scopes, as the product asks for them. */
  scopes: string[];
  /** The API's base path on the origin, e.g. "/api". */
  apiPath: string;
  /** The provider's path on the origin, e.g. "/idp". */
  authorityPath: string;
  /** The provider's discovery document (JSON text), as the product keeps it. */
  authorityMetadata: string;
  /** The period the dashboard asks for (its default: the last 30 days of data). */
  period: { from: string; to: string };
}

// Plain JavaScript: the floor is the libraries, not our code. `SETTINGS` is replaced at build.
const DATA_FLOOR_APP = `
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router-dom';
import { PublicClientApplication } from '@azure/msal-browser';

const settings = SETTINGS;
const origin = location.origin;
const msal = new PublicClientApplication({
  auth: {
    clientId: settings.clientId,
    authority: origin + settings.authorityPath,
    redirectUri: origin,
    knownAuthorities: [location.host],
    authorityMetadata: settings.authorityMetadata,
  },
  cache: { cacheLocation: 'localStorage' },
  system: { protocolMode: 'OIDC' },
});
await msal.initialize();

async function ask(path, body) {
  const account = msal.getAllAccounts()[0];
  const { accessToken } = await msal.acquireTokenSilent({ account, scopes: settings.scopes });
  const response = await fetch(origin + settings.apiPath + '/v1' + path, {
    method: 'POST',
    headers: { authorization: 'Bearer ' + accessToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(path + ' answered ' + response.status);
  return response.json();
}

function useAnswer(path, body) {
  const [answer, setAnswer] = useState(null);
  useEffect(() => {
    ask(path, body).then(setAnswer, (error) => setAnswer({ error: String(error) }));
  }, []);
  return answer;
}

const nav = () =>
  h('nav', null, h(Link, { to: '/' }, 'Dashboard'), ' ', h(Link, { to: '/vendors' }, 'Vendors'));

function Dashboard() {
  const answer = useAnswer('/kpis', { filters: settings.period });
  if (!answer) return nav();
  if (answer.error) return h('p', { role: 'alert' }, answer.error);
  const tiles = Object.entries(answer.current).slice(0, 6);
  return h('main', null, nav(), h('h1', null, 'Dashboard'),
    h('div', null, tiles.map(([key, value]) =>
      h('section', { key }, h('h2', null, key), h('p', null, String(value))))));
}

function Vendors() {
  const answer = useAnswer('/aggregate', { filters: settings.period, by: 'vendor' });
  if (!answer) return nav();
  if (answer.error) return h('p', { role: 'alert' }, answer.error);
  return h('main', null, nav(), h('h1', null, 'Vendors'),
    h('table', null, h('tbody', null, answer.rows.map((row) =>
      h('tr', { key: row.key }, h('td', null, row.label), h('td', null, String(row.metrics.calls)))))));
}

const router = createBrowserRouter(
  [
    { path: '/', element: h(Dashboard) },
    { path: '/vendors', element: h(Vendors) },
  ],
  { basename: '${DATA_FLOOR_PREFIX}' },
);
createRoot(document.getElementById('root')).render(h(RouterProvider, { router }));
`;

export interface DataFloor {
  /** Mount on the product's app server: forwards PREFIX to the floor's own server. */
  readonly mount: Mount;
  /** Builds the floor for the product's origin and serves it (the mount answers 503 before). */
  start(settings: DataFloorSettings): Promise<void>;
  close(): Promise<void>;
}

/** The floor with data, built under `workDir` (inside the repository, so node_modules resolve). */
export function dataFloor(workDir: string): DataFloor {
  let server: AppServer | null = null;
  return {
    mount: {
      prefix: DATA_FLOOR_PREFIX,
      handler: (req, res) => {
        if (!server) return res.writeHead(503).end();
        const upstream = request(
          // The mount strips the prefix: the floor's server has its files at its root.
          new URL(req.url ?? '/', server.url),
          { method: req.method, headers: forwarded(req.headers), rejectUnauthorized: false },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, forwarded(answer.headers));
            answer.pipe(res);
          },
        );
        upstream.on('error', () => res.headersSent || res.writeHead(502).end());
        req.pipe(upstream);
      },
    },
    async start(settings) {
      await buildDataFloor(workDir, settings);
      server = await startAppServer({ root: join(workDir, 'dist') });
      await server.warmed;
    },
    async close() {
      await server?.close();
    },
  };
}

/** Connection-specific headers stay on their hop: the product's server speaks HTTP/2. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host']);

function forwarded(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );
}

async function buildDataFloor(workDir: string, settings: DataFloorSettings): Promise<void> {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  writeFileSync(
    join(workDir, 'index.html'),
    '<!doctype html><html lang="en"><title>Floor with data</title><div id="root"></div>' +
      '<script type="module" src="./main.js"></script>',
  );
  writeFileSync(join(workDir, 'main.js'), DATA_FLOOR_APP);
  await build({
    root: workDir,
    base: `${DATA_FLOOR_PREFIX}/`,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    define: { SETTINGS: JSON.stringify(settings) },
    build: { outDir: join(workDir, 'dist'), emptyOutDir: true, target: 'es2022' },
  });
}
