import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type ClientHttp2Session } from 'node:http2';
import { request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer, type MountedRequest } from './app-server.ts';
import { getLocalCertificate, type TlsCertificate } from './certificate.ts';
import { formatHeadersFile } from './headers-file.ts';
import { preloadHeaderRules } from './preload-links.ts';
import { headerRules } from './security-headers.ts';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const INDEX =
  '<!doctype html><title>app</title><script type="module" src="/assets/app-AbC123xy.js"></script>';
const SCRIPT = `export const routes = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `/route/${i}`))};\n`;

let root: string;
let certificate: TlsCertificate;
let server: AppServer;
const seenByMount: { url?: string; baseUrl?: string; originalUrl?: string }[] = [];

/** Requests over real TLS, trusting only our certificate (so its 127.0.0.1 SAN is checked too). */
function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  from: AppServer = server,
): Promise<Reply> {
  return new Promise((done, fail) => {
    const req = request(
      `${from.url}${path}`,
      { method, headers, ca: certificate.cert, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', fail);
    req.end();
  });
}

/** A request over HTTP/2 on an open session. */
function getOverHttp2(session: ClientHttp2Session, path: string): Promise<Reply> {
  return new Promise((done, fail) => {
    const stream = session.request({ ':path': path, 'accept-encoding': 'br' });
    const chunks: Buffer[] = [];
    let headers: IncomingHttpHeaders = {};
    stream.on('response', (received) => (headers = received as IncomingHttpHeaders));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () =>
      done({ status: Number(headers[':status']), headers, body: Buffer.concat(chunks) }),
    );
    stream.on('error', fail);
    stream.end();
  });
}

function http2Session(from: AppServer): Promise<ClientHttp2Session> {
  return new Promise((done, fail) => {
    const session = connect(from.url, { ca: certificate.cert });
    session.once('connect', () => done(session));
    session.once('error', fail);
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'app-server-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, '.vite'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'app-AbC123xy.js'), SCRIPT);
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(root, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(root, '_headers'), formatHeadersFile(headerRules({ authority: '/idp' })));
  certificate = await getLocalCertificate();
  server = await startAppServer({
    root,
    certificate,
    mounts: (origin) => [
      {
        prefix: '/idp/',
        handler: (req: MountedRequest, res) => {
          seenByMount.push({ url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl });
          res.end(`idp at ${origin}${req.baseUrl}`);
        },
      },
      {
        prefix: '/broken',
        handler: async () => {
          throw new Error('handler failed on purpose');
        },
      },
    ],
  });
});

afterAll(async () => {
  await server?.close();
});

describe('app server', () => {
  it('listens on a free loopback port over https', () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(server.port).toBeGreaterThan(0);
  });

  it('speaks HTTP/2, so the chunks and reads of a page do not queue for connections', async () => {
    const session = await http2Session(server);
    try {
      expect(session.alpnProtocol).toBe('h2');
      const [script, page, mounted] = await Promise.all([
        getOverHttp2(session, '/assets/app-AbC123xy.js'),
        getOverHttp2(session, '/page/login'),
        getOverHttp2(session, '/idp/auth'),
      ]);
      expect(script.status).toBe(200);
      expect(script.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(script.body).toString()).toBe(SCRIPT);
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(mounted.body.toString()).toBe(`idp at ${server.url}/idp`);
    } finally {
      session.close();
    }
  });

  it('closes at once although a browser keeps its HTTP/2 connection open', async () => {
    const closing = await startAppServer({ root, certificate, warm: false });
    const session = await http2Session(closing);
    expect((await getOverHttp2(session, '/')).status).toBe(200);
    const ended = new Promise((done) => session.once('close', done));
    await closing.close();
    await ended;
    expect(session.destroyed).toBe(true);
  });

  it('serves index.html for client-side routes, revalidated every time', async () => {
    for (const path of [
      '/',
      '/page/login',
      '/performance/agents?compliant=false',
      '/no/such/route',
    ]) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.body.toString()).toBe(INDEX);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the security headers of the _headers file, minus HSTS on loopback', async () => {
    const reply = await get('/page/login');
    expect(reply.headers['content-security-policy']).toMatch(
      /script-src 'self' 'wasm-unsafe-eval';/,
    );
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['strict-transport-security']).toBeUndefined();
  });

  it('long-caches fingerprinted assets', async () => {
    const reply = await get('/assets/app-AbC123xy.js');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(reply.body.toString()).toBe(SCRIPT);
  });

  it('compresses with brotli or gzip as the client accepts', async () => {
    const br = await get('/assets/app-AbC123xy.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await get('/assets/app-AbC123xy.js', { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
  });

  it('leaves small files uncompressed', async () => {
    const reply = await get('/robots.txt', { 'Accept-Encoding': 'br' });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body.toString()).toBe('User-agent: *\n');
  });

  it('answers a matching ETag with 304 and HEAD without a body', async () => {
    const first = await get('/assets/app-AbC123xy.js', { 'Accept-Encoding': 'br' });
    const again = await get('/assets/app-AbC123xy.js', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get('/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(INDEX)));
    expect(head.body.length).toBe(0);
  });

  it('answers 404 for a missing file with an extension, never the app', async () => {
    const reply = await get('/assets/app-OldHash1.js');
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('never serves build internals, host configuration or files outside the root', async () => {
    for (const path of [
      '/_headers',
      '/.vite/manifest.json',
      '/%2e%2e/%2e%2e/etc/passwd.txt',
      '/a%00.js',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get('/%E0%A4%A')).status).toBe(400);
    // An encoded slash survives URL normalisation; the root check must still hold.
    const outside = `${basename(root)}-secret.txt`;
    writeFileSync(join(root, '..', outside), 'secret');
    const escaped = await get(`/..%2F${outside}`);
    expect(escaped.status).toBe(404);
    expect(escaped.body.toString()).not.toContain('secret');
  });

  it('refuses methods other than GET and HEAD on static files', async () => {
    const reply = await get('/', {}, 'POST');
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('GET, HEAD');
  });

  it('hands mounted paths to their handler with the prefix stripped and kept in baseUrl', async () => {
    seenByMount.length = 0;
    const reply = await get('/idp/auth?client_id=app');
    expect(reply.body.toString()).toBe(`idp at ${server.url}/idp`);
    await get('/idp');
    await get('/idpx'); // only whole path segments belong to a mount
    expect(seenByMount).toEqual([
      { url: '/auth?client_id=app', baseUrl: '/idp', originalUrl: '/idp/auth?client_id=app' },
      { url: '/', baseUrl: '/idp', originalUrl: '/idp' },
    ]);
  });

  it('turns a failing mount into a 500 and keeps serving', async () => {
    const original = console.error;
    console.error = () => undefined;
    try {
      expect((await get('/broken/x')).status).toBe(500);
    } finally {
      console.error = original;
    }
    expect((await get('/')).status).toBe(200);
  });

  it('refuses to start without a build', async () => {
    await expect(startAppServer({ root: join(root, 'assets'), certificate })).rejects.toThrow(
      /has no index.html: build the app first/,
    );
  });

  it('refuses a mount prefix that is not a path', async () => {
    await expect(
      startAppServer({ root, certificate, mounts: [{ prefix: 'idp', handler: () => undefined }] }),
    ).rejects.toThrow(/must be a path/);
  });
});

describe('app server with the API chosen for the deployment', () => {
  it("writes the API into the app's pages only, and allows another origin in the policy", async () => {
    const deployed = await startAppServer({
      root,
      certificate,
      deployment: { apiUrl: 'https://api.example.com', apiScopes: ['calls.read'] },
    });
    try {
      const page = await get('/page/login', {}, 'GET', deployed);
      const html = page.body.toString();
      expect(html).toContain('<meta name="sa-api-url" content="https://api.example.com" />');
      expect(html).toContain('<meta name="sa-api-scopes" content="calls.read" />');
      expect(html.replace(/<meta [^>]*>/g, '')).toBe(INDEX);
      expect(page.headers.etag).not.toBe((await get('/page/login')).headers.etag);
      expect(page.headers['content-security-policy']).toContain(
        "connect-src 'self' https://api.example.com wss://api.example.com;",
      );
      const script = await get('/assets/app-AbC123xy.js', {}, 'GET', deployed);
      expect(script.body.toString()).toBe(SCRIPT);
    } finally {
      await deployed.close();
    }
  });

  it('needs no policy change for an API on its own origin', async () => {
    const deployed = await startAppServer({ root, certificate, deployment: { apiUrl: '/api' } });
    try {
      const page = await get('/', {}, 'GET', deployed);
      expect(page.body.toString()).toContain('<meta name="sa-api-url" content="/api" />');
      expect(page.headers['content-security-policy']).toBe(
        (await get('/')).headers['content-security-policy'],
      );
    } finally {
      await deployed.close();
    }
  });
});

describe("app server with the routes' preloads in _headers", () => {
  it("writes a route's Link preloads into the index.html served for it, and only for it", async () => {
    const site = mkdtempSync(join(tmpdir(), 'app-server-preloads-'));
    const page = '<!doctype html><html><head><script type="module" src="/m.js"></script></head>';
    writeFileSync(join(site, 'index.html'), page);
    const rules = preloadHeaderRules([
      { path: '/call/:id', scripts: ['/assets/call-1.js'], styles: ['/assets/call-1.css'] },
    ]);
    writeFileSync(join(site, '_headers'), formatHeadersFile(rules));
    const preloading = await startAppServer({ root: site, certificate, warm: false });
    try {
      const call = await get('/call/42', {}, 'GET', preloading);
      expect(call.headers.link).toBe(rules[0]!.headers.Link);
      expect(call.body.toString()).toBe(
        '<!doctype html><html><head><script type="module" src="/m.js"></script>' +
          '<link rel="modulepreload" crossorigin href="/assets/call-1.js">' +
          '<link rel="preload" as="style" crossorigin href="/assets/call-1.css"></head>',
      );
      for (const other of ['/call/42/notes', '/calls', '/index.html']) {
        const reply = await get(other, {}, 'GET', preloading);
        expect(reply.headers.link).toBeUndefined();
        expect(reply.body.toString()).toBe(page);
      }
    } finally {
      await preloading.close();
    }
  });
});

describe('app server with pre-rendered route pages', () => {
  it("serves a route's page where the build wrote one, with its preloads and the deployment's settings", async () => {
    const site = mkdtempSync(join(tmpdir(), 'app-server-route-pages-'));
    const index = '<!doctype html><html><head><title>app</title></head><body>skeleton</body>';
    const login = '<!doctype html><html><head><title>Sign In</title></head><body>head</body>';
    mkdirSync(join(site, 'page'));
    writeFileSync(join(site, 'index.html'), index);
    writeFileSync(join(site, 'page', 'login.html'), login);
    const rules = preloadHeaderRules([
      { path: '/page/login', scripts: ['/assets/sign-in-1.js'], styles: [] },
    ]);
    writeFileSync(join(site, '_headers'), formatHeadersFile(rules));
    const serving = await startAppServer({
      root: site,
      certificate,
      warm: false,
      deployment: { apiUrl: '/api' },
    });
    try {
      const page = (await get('/page/login', {}, 'GET', serving)).body.toString();
      expect(page).toContain('<title>Sign In</title>');
      expect(page).toContain('<meta name="sa-api-url" content="/api" />');
      expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/sign-in-1.js">');
      // A path with no page of its own (a parameter route, the folder of pages) gets the app.
      for (const other of ['/call/42', '/page', '/page/login/']) {
        const reply = (await get(other, {}, 'GET', serving)).body.toString();
        expect(reply, other).toContain('<body>skeleton</body>');
        expect(reply, other).toContain('<meta name="sa-api-url" content="/api" />');
      }
    } finally {
      await serving.close();
    }
  });
});
