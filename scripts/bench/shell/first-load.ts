/**
 * First-load JavaScript of a route, computed from the production build: the entry script of
 * dist/index.html with its static import graph (from Vite's dist/.vite/manifest.json), plus
 * the route's screen chunk with its own static imports, each file counted once, gzip-compressed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

export interface SizedFile {
  file: string;
  gzip: number;
}

export function readViteManifest(distDir: string): ViteManifest {
  const path = join(distDir, '.vite', 'manifest.json');
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ViteManifest;
  } catch {
    throw new Error(`${path} is missing: build with build.manifest enabled (npm run build)`);
  }
}

export function gzipBytes(distDir: string, file: string): number {
  return gzipSync(readFileSync(join(distDir, file)), { level: constants.Z_BEST_COMPRESSION })
    .length;
}

/** The scripts index.html loads before any code runs: module entries and modulepreloads. */
export function scriptsOfIndexHtml(distDir: string): { entries: string[]; preloads: string[] } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const entries: string[] = [];
  const preloads: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    if (/^<script/i.test(tag) && /type\s*=\s*["']module["']/i.test(tag)) {
      const src = attr(tag, 'src');
      if (src) entries.push(src.replace(/^\//, ''));
    } else if (/^<link/i.test(tag) && /rel\s*=\s*["']modulepreload["']/i.test(tag)) {
      const href = attr(tag, 'href');
      if (href) preloads.push(href.replace(/^\//, ''));
    }
  }
  if (entries.length === 0) throw new Error(`${distDir}/index.html has no module script`);
  return { entries, preloads };
}

/** Manifest keys reachable from `roots` through static imports (dynamic imports excluded). */
export function staticClosure(manifest: ViteManifest, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk "${key}"`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

export function keyOfFile(manifest: ViteManifest, file: string): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.file === file);
  if (!key) throw new Error(`the build manifest does not list ${file}`);
  return key;
}

/** The manifest key of a screen module (manifest `screen` value), as Vite names it. */
export function screenKey(screen: string): string {
  return `screens/${screen}.tsx`;
}

/** Every screen chunk's file, by screen key. */
export function screenChunks(manifest: ViteManifest): Map<string, string> {
  return new Map(
    Object.entries(manifest)
      .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('screens/'))
      .map(([key, chunk]) => [key, chunk.file]),
  );
}

export interface FirstLoad {
  /** The shell: index.html's entry with its static imports. */
  shell: SizedFile[];
  /** Added by the route's screen (its chunk and static imports not already in the shell). */
  screen: SizedFile[];
  total: number;
}

export function firstLoadOf(distDir: string, manifest: ViteManifest, screen: string): FirstLoad {
  const { entries, preloads } = scriptsOfIndexHtml(distDir);
  const shellKeys = staticClosure(
    manifest,
    entries.map((file) => keyOfFile(manifest, file)),
  );
  // A modulepreload outside the static graph would still be downloaded up front.
  for (const file of preloads) shellKeys.add(keyOfFile(manifest, file));
  const screenKeys = [...staticClosure(manifest, [screenKey(screen)])].filter(
    (key) => !shellKeys.has(key),
  );
  const sized = (keys: Iterable<string>) =>
    [...keys].map((key) => {
      const file = (manifest[key] as ManifestChunk).file;
      return { file, gzip: gzipBytes(distDir, file) };
    });
  const shell = sized(shellKeys);
  const screenFiles = sized(screenKeys);
  const total = [...shell, ...screenFiles].reduce((sum, f) => sum + f.gzip, 0);
  return { shell, screen: screenFiles, total };
}
