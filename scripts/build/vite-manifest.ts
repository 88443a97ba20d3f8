/**
 * Vite's build manifest (`<outDir>/.vite/manifest.json`): every chunk of a build, keyed by its
 * entry module, with its file, static and dynamic imports and CSS. The one reader of it for the
 * tools that need the build's chunk graph (the route preloads in `_headers`, the speed bench,
 * the browser tests).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screenOfChunkKey } from './screen-modules.ts';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** Stylesheets the chunk needs; Vite's preload helper loads them with the chunk. */
  css?: string[];
  /** Files the chunk's code refers to (a worker bundle, wasm, data), loaded when it asks. */
  assets?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

export const viteManifestPath = (outDir: string) => join(outDir, '.vite', 'manifest.json');

export function readViteManifest(outDir: string): ViteManifest {
  const path = viteManifestPath(outDir);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ViteManifest;
  } catch {
    throw new Error(`${path} is missing: build with build.manifest enabled (npm run build)`);
  }
}

/**
 * The chunks that load with `key` (a manifest key: an entry or a screen's module): the chunk
 * and its static imports, followed through. Dynamic imports wait until the code asks.
 */
export function staticLoad(manifest: ViteManifest, key: string, into = new Set<string>()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const next of manifest[key].imports ?? []) staticLoad(manifest, next, into);
  return into;
}

/** The keys of the page's entry chunks (index.html's scripts) and everything they load. */
export function entryLoad(manifest: ViteManifest): Set<string> {
  const into = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry) staticLoad(manifest, key, into);
  return into;
}

/** The manifest key of a screen's chunk (screen as in the manifest, "dashboard/overview"). */
export function screenChunkKey(manifest: ViteManifest, screen: string): string | undefined {
  return Object.keys(manifest).find(
    (key) => manifest[key]!.isDynamicEntry && screenOfChunkKey(key) === screen,
  );
}
