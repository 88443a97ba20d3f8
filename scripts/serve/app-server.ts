/**
 * The https server (HTTP/2, and HTTP/1.1 for older clients) for the built app: static files
 * from dist/ with compression, the cache policy, the security headers from the build's
 * `_headers` file, the single-page-app fallback to index.html, and mounts for extra handlers
 * such as the embedded identity provider at /idp. It backs `npm run serve`, the browser tests
 * and the speed benchmark.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { join, resolve } from 'node:path';
import { parseByteRange } from './byte-range.ts';
import { getLocalCertificate, type TlsCertificate } from './certificate.ts';
import {
  apiConnectSources,
  withDeploymentMeta,
  type DeploymentApiSettings,
} from './deployment-meta.ts';
import { headersForPath, parseHeadersFile, type HeaderRule } from './headers-file.ts';
import { preloadsOfLinkHeader, withPreloadLinks } from './preload-links.ts';
import { LONG_CACHE, REVALIDATE, withConnectSources } from './security-headers.ts';
import {
  type ContentTransform,
  createStaticSite,
  negotiateEncoding,
  staticFileOf,
  type Encoding,
  type StaticFile,
} from './static-files.ts';

/** A request as a mounted handler sees it: `url` relative to the mount, like Express does. */
export interface MountedRequest extends IncomingMessage {
  /** The mount prefix, e.g. "/idp" (oidc-provider reads it to build its own URLs). */
  baseUrl: string;
  /** The URL before the prefix was stripped. */
  originalUrl: string;
}

export interface Mount {
  /** Path prefix without a trailing slash, e.g. "/idp". */
  prefix: string;
  handler: (req: MountedRequest, res: ServerResponse) => unknown;
}

export interface AppServerOptions {
  /** Directory of the built app; dist/ by default. */
  root?: string;
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Only loopback by default: the server is for local runs and tests. */
  host?: string;
  certificate?: TlsCertificate;
  /**
   * Extra handlers, or a function returning them once the server's origin is known (an
   * OpenID provider needs its issuer URL, which contains the port).
   */
  mounts?: Mount[] | ((origin: string) => Mount[] | Promise<Mount[]>);
  /**
   * The API the served app uses, chosen here rather than at build time: written into
   * index.html (deployment-meta.ts) and, when on another origin, allowed by the policy.
   */
  deployment?: DeploymentApiSettings;
  /**
   * Compress every file when starting (the default), so no request pays for it. A short-lived
   * server that serves a few pages (one browser test) saves the CPU time by compressing only
   * what is asked for.
   */
  warm?: boolean;
  /** Called once per request after the response finished. */
  onRequest?: (entry: { method: string; url: string; status: number }) => void;
}

export interface AppServer {
  /** Origin without a trailing slash, e.g. https://127.0.0.1:4173 */
  url: string;
  port: number;
  /**
   * Settles once every file is read and compressed (serving works before, just slower); at
   * once when `warm` is false.
   */
  warmed: Promise<void>;
  close(): Promise<void>;
}

export const defaultRoot = resolve(import.meta.dirname, '..', '..', 'dist');

/** Build internals and host configuration that a static host would not serve either. */
const HIDDEN = [/^\/_headers$/, /^\/_redirects$/, /(^|\/)\.[^/]*/];

export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const root = resolve(options.root ?? defaultRoot);
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`${root} has no index.html: build the app first (npm run build)`);
  }
  const site = createStaticSite(root, deploymentSettingsWriter(options.deployment));
  const pages = pagesWithPreloads();
  const headerRules = allowApi(readHeaderRules(root), options.deployment?.apiUrl);
  let mounts: Mount[] = [];
  const host = options.host ?? '127.0.0.1';
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '::1';

  // HTTP/2, as static hosts and CDNs serve (and Vite's dev server under `npm start`); HTTP/1.1
  // clients are still answered. Over HTTP/1.1 a first visit's dozen chunks and the dashboard's
  // six reads queued for the browser's six connections per origin: the page's own chunks
  // waited up to 170 ms for a free one, and `/` signed in with the API had its tiles about
  // 135 ms later than over HTTP/2 (medians of 16 paired visits, issue 18).
  const server: Http2SecureServer = createSecureServer(
    { ...(options.certificate ?? (await getLocalCertificate())), allowHTTP1: true },
    (request, response) => {
      // The compatibility API has the shape of node:http's, which the handlers are written to.
      const req = request as unknown as IncomingMessage;
      const res = response as unknown as ServerResponse;
      if (options.onRequest) {
        const { method = 'GET', url = '/' } = req;
        res.on('finish', () => options.onRequest?.({ method, url, status: res.statusCode }));
      }
      const mount = mounts.find((m) => isUnder(req.url ?? '/', m.prefix));
      const handled = mount
        ? runMount(mount, req, res)
        : serveStatic(site, pages, headerRules, req, res, loopback);
      handled.catch((error: unknown) => failRequest(res, error));
    },
  );
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', fail);
      done();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // Browsers keep connections alive; close() would wait for them to time out. An HTTP/2
  // server has no closeAllConnections(): it keeps its own list.
  const connections = new Set<TLSSocket>();
  server.on('secureConnection', (socket: TLSSocket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const close = () =>
    new Promise<void>((done) => {
      server.close(() => done());
      for (const socket of connections) socket.destroy();
    });
  try {
    mounts = normaliseMounts(
      typeof options.mounts === 'function' ? await options.mounts(url) : (options.mounts ?? []),
    );
  } catch (error) {
    await close();
    throw error;
  }
  // Compress everything up front so no test or measurement pays for it on a first request.
  const warmed = options.warm === false ? Promise.resolve() : site.warm().catch(() => undefined);
  return { url, port, warmed, close };
}

function readHeaderRules(root: string): HeaderRule[] {
  const file = join(root, '_headers');
  if (!existsSync(file)) return [];
  try {
    return parseHeadersFile(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/**
 * Writes the deployment's settings into the site's pages: index.html and the public routes'
 * pre-rendered pages (scripts/build/route-pages.ts) start the app; the redirect bridge ignores them.
 */
function deploymentSettingsWriter(
  deployment: DeploymentApiSettings | undefined,
): ContentTransform | undefined {
  if (!deployment) return undefined;
  return (path, body) =>
    path.endsWith('.html')
      ? Buffer.from(withDeploymentMeta(body.toString('utf8'), deployment))
      : body;
}

/** The build's policy, also allowing connections to an API on another origin. */
function allowApi(rules: HeaderRule[], apiUrl: string | undefined): HeaderRule[] {
  const sources = apiConnectSources(apiUrl);
  if (sources.length === 0) return rules;
  return rules.map((rule) => ({
    ...rule,
    headers: Object.fromEntries(
      Object.entries(rule.headers).map(([name, value]) => [
        name,
        name.toLowerCase() === 'content-security-policy'
          ? withConnectSources(value, sources)
          : value,
      ]),
    ),
  }));
}

function normaliseMounts(mounts: Mount[]): Mount[] {
  return mounts.map((mount) => {
    const prefix = mount.prefix.replace(/\/+$/, '');
    if (!/^\/[^?#]*$/.test(prefix)) {
      throw new Error(`mount prefix "${mount.prefix}" must be a path such as "/idp"`);
    }
    return { ...mount, prefix };
  });
}

function isUnder(url: string, prefix: string): boolean {
  if (!url.startsWith(prefix)) return false;
  const next = url.charAt(prefix.length);
  return next === '' || next === '/' || next === '?';
}

async function runMount(mount: Mount, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const mounted = req as MountedRequest;
  mounted.originalUrl = req.url ?? '/';
  mounted.baseUrl = mount.prefix;
  const rest = mounted.originalUrl.slice(mount.prefix.length);
  mounted.url = rest.startsWith('/') ? rest : `/${rest}`;
  await mount.handler(mounted, res);
}

async function serveStatic(
  site: ReturnType<typeof createStaticSite>,
  pages: PagesWithPreloads,
  rules: HeaderRule[],
  req: IncomingMessage,
  res: ServerResponse,
  loopback: boolean,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Method not allowed\n');
    return;
  }
  let path: string;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'https://app.invalid').pathname);
  } catch {
    sendPlain(res, 400, 'Bad request: the path is not valid URL encoding\n');
    return;
  }
  const hidden = HIDDEN.some((pattern) => pattern.test(path));
  let file = hidden ? undefined : await site.file(path);
  // Client-side routes (no file extension) get the app: their pre-rendered page if the build
  // wrote one (`/page/login` -> page/login.html, as static hosts serve it), else index.html. A
  // missing asset stays a 404 so a stale chunk fails loudly instead of being parsed as HTML.
  const route = !file && !hidden && !/\.[^/]*$/.test(path);
  if (route) file = (await site.file(`${path}.html`)) ?? (await site.file('/index.html'));
  if (!file) {
    sendPlain(res, 404, 'Not found\n');
    return;
  }

  const headers: Record<string, string> = {};
  const fromFile = headersForPath(rules, path);
  for (const [name, value] of Object.entries(fromFile)) {
    // HSTS on a loopback name would force https onto every other local dev server there.
    if (loopback && name.toLowerCase() === 'strict-transport-security') continue;
    headers[name] = value;
  }
  const link = Object.entries(headers).find(([name]) => name.toLowerCase() === 'link')?.[1];
  const appPage = route || file.path === join(site.root, 'index.html');
  if (link && appPage) file = await pages(file, link);
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'cache-control')) {
    headers['Cache-Control'] = isFingerprinted(file, site.root) ? LONG_CACHE : REVALIDATE;
  }
  const available = Object.keys(file.encoded) as Encoding[];
  const encoding = negotiateEncoding(req.headers['accept-encoding'], available);
  const body = encoding === 'identity' ? file.body : (file.encoded[encoding] ?? file.body);
  headers['Content-Type'] = file.contentType;
  headers.ETag = encoding === 'identity' ? file.etag : file.etag.replace(/"$/, `-${encoding}"`);
  if (available.length > 0) headers.Vary = 'Accept-Encoding';
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;

  if (etagMatches(req.headers['if-none-match'], headers.ETag)) {
    delete headers['Content-Type'];
    delete headers['Content-Encoding'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  // Byte ranges of uncompressed bodies: the call page's player seeks in recordings with them.
  if (encoding === 'identity') {
    headers['Accept-Ranges'] = 'bytes';
    const range = parseByteRange(req.headers.range, body.length);
    if (range === 'unsatisfiable') {
      res.writeHead(416, { 'Content-Range': `bytes */${body.length}` });
      res.end();
      return;
    }
    if (range) {
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${body.length}`;
      headers['Content-Length'] = String(range.end - range.start + 1);
      res.writeHead(206, headers);
      res.end(req.method === 'HEAD' ? undefined : body.subarray(range.start, range.end + 1));
      return;
    }
  }
  headers['Content-Length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

type PagesWithPreloads = (page: StaticFile, link: string) => Promise<StaticFile>;

/**
 * An app page (index.html or a route's pre-rendered page) as served for a route: with `<link>`
 * tags for the preloads its `Link` header names (the `_headers` file's per-route rules), so the
 * browser asks for the route's chunks while it reads the page, before main runs. One
 * compressed variant per page version and header.
 */
function pagesWithPreloads(): PagesWithPreloads {
  const variants = new Map<string, Promise<StaticFile>>(); // by page, its version and Link
  return (page, link) => {
    const key = `${page.path}\n${page.etag}\n${link}`;
    let variant = variants.get(key);
    if (!variant) {
      // A rebuilt page makes its earlier variants stale.
      for (const old of variants.keys()) if (old.startsWith(`${page.path}\n`)) variants.delete(old);
      const html = withPreloadLinks(page.body.toString('utf8'), preloadsOfLinkHeader(link));
      variant = staticFileOf(page.path, Buffer.from(html));
      variants.set(key, variant);
    }
    return variant;
  };
}

/** Vite writes fingerprinted files (name-HASH.ext) under assets/; only those never change. */
function isFingerprinted(file: StaticFile, root: string): boolean {
  return file.path.startsWith(join(root, 'assets') + '/') && /-[\w-]{8,}\.\w+$/.test(file.path);
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

function sendPlain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-cache',
  });
  res.end(text);
}

function failRequest(res: ServerResponse, error: unknown): void {
  console.error('app server:', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendPlain(res, 500, 'Internal server error\n');
}
