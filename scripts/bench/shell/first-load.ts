/**
 * First-load JavaScript of a route: the scripts a real first visit downloaded (recorded in
 * Chromium by browser-timings.ts), each gzip-compressed and told apart with Vite's build
 * manifest (dist/.vite/manifest.json): page scripts, worker bundles, screen chunks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import { screenOfChunkKey } from '../../build/screen-modules.ts';

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

/** Every screen chunk's file, by manifest screen ("dashboard/overview"). */
export function screenChunks(manifest: ViteManifest): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const screen = chunk.isDynamicEntry ? screenOfChunkKey(key) : undefined;
    if (screen) chunks.set(screen, chunk.file);
  }
  return chunks;
}

/** What a first visit downloaded, sized, split by where the code runs. */
export interface FirstLoad {
  /** Scripts of the page itself (entry, libraries, chrome, screen): its first-load JavaScript. */
  page: SizedFile[];
  /** Web Worker bundles (the embedded demo data engine), which run off the main thread. */
  workers: SizedFile[];
}

export const totalGzip = (files: readonly SizedFile[]) => files.reduce((sum, f) => sum + f.gzip, 0);

/**
 * Sizes the scripts a real first visit downloaded (paths under the site root). The page's
 * scripts are exactly the chunks of Vite's manifest; any other script Vite emits is a Web Worker
 * bundle (the manifest lists a page-started worker only as an asset, a worker started by a
 * worker not at all).
 */
export function sizeFirstVisit(
  distDir: string,
  manifest: ViteManifest,
  scripts: readonly string[],
): FirstLoad {
  const chunkFiles = new Set(Object.values(manifest).map((chunk) => chunk.file));
  const load: FirstLoad = { page: [], workers: [] };
  for (const file of scripts) {
    (chunkFiles.has(file) ? load.page : load.workers).push({
      file,
      gzip: gzipBytes(distDir, file),
    });
  }
  return load;
}
