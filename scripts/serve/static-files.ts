/**
 * The files of a built site, read once and kept in memory with their gzip and brotli forms
 * (compressed on first use, recompressed only when the file changes on disk), so serving a
 * request costs a stat and a write.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type Encoding = 'br' | 'gzip' | 'identity';

export interface StaticFile {
  /** Absolute path on disk. */
  readonly path: string;
  readonly contentType: string;
  readonly etag: string;
  readonly body: Buffer;
  /** Compressed forms, absent when the type does not compress or compression does not pay. */
  readonly encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.ogg': 'audio/ogg',
};

/** Above this, compression favours speed (the image tool's OCR engine is 4 MB of JavaScript). */
const LARGE_FILE_BYTES = 1_000_000;
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.svg',
  '.ico',
  '.wasm',
]);

/** Below this size the encoding headers cost more than compression saves. */
const MIN_COMPRESS_BYTES = 512;

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Picks the best encoding the client accepts among those available (q=0 means refused). */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[],
): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if (available.includes(encoding) && quality(encoding) > 0) return encoding;
  }
  return 'identity';
}

export interface StaticSite {
  readonly root: string;
  /**
   * The file for a decoded URL path, or undefined. Never leaves the root; a directory serves
   * its index.html.
   */
  file(urlPath: string): Promise<StaticFile | undefined>;
  /** Reads and compresses every file now, so the first real requests are not slowed. */
  warm(): Promise<void>;
}

/** Rewrites a file's content as read from disk (e.g. settings written into index.html). */
export type ContentTransform = (path: string, body: Buffer) => Buffer;

export function createStaticSite(rootDir: string, transform?: ContentTransform): StaticSite {
  const root = resolve(rootDir);
  const cache = new Map<string, { version: string; file: Promise<StaticFile> }>();

  const load = async (path: string): Promise<StaticFile | undefined> => {
    const info = await stat(path).catch(() => undefined);
    if (!info) return undefined;
    if (info.isDirectory()) return load(join(path, 'index.html'));
    if (!info.isFile()) return undefined;
    const version = `${info.size}:${info.mtimeMs}`;
    const cached = cache.get(path);
    if (cached?.version === version) return cached.file;
    const file = readStaticFile(path, transform);
    cache.set(path, { version, file });
    file.catch(() => cache.delete(path));
    return file;
  };

  return {
    root,
    file(urlPath) {
      if (urlPath.includes('\0')) return Promise.resolve(undefined);
      const path = resolve(root, '.' + urlPath);
      if (path !== root && !path.startsWith(root + sep)) return Promise.resolve(undefined);
      return load(path);
    },
    async warm() {
      const files = await listFiles(root);
      await Promise.all(files.map((path) => load(path)));
    },
  };
}

async function readStaticFile(path: string, transform?: ContentTransform): Promise<StaticFile> {
  const read = await readFile(path);
  return staticFileOf(path, transform ? transform(path, read) : read);
}

/** A file to serve with this content (compressed, with its ETag), e.g. a page's variant. */
export async function staticFileOf(path: string, body: Buffer): Promise<StaticFile> {
  const encoded: StaticFile['encoded'] = {};
  if (COMPRESSIBLE.has(extname(path).toLowerCase()) && body.length >= MIN_COMPRESS_BYTES) {
    const [br, gz] = await Promise.all([
      brotliAsync(body, {
        params: {
          // Maximum quality costs ~14 s on the 4 MB OCR engine for a few per cent; big files get 5.
          [zlibConstants.BROTLI_PARAM_QUALITY]:
            body.length > LARGE_FILE_BYTES ? 5 : zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: zlibConstants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < body.length) encoded.br = br;
    if (gz.length < body.length) encoded.gzip = gz;
  }
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { path, contentType: contentTypeOf(path), etag, body, encoded };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(path);
      return Promise.resolve(entry.isFile() ? [path] : []);
    }),
  );
  return nested.flat();
}
