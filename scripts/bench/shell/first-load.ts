/**
 * First-load JavaScript of a route: the scripts a real first visit downloaded (recorded in
 * Chromium by browser-timings.ts), each gzip-compressed and told apart with Vite's build
 * manifest (dist/.vite/manifest.json): page scripts, worker bundles, screen chunks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import { screenOfChunkKey } from '../../build/screen-modules.ts';
import { entryLoad, staticLoad, type ViteManifest } from '../../build/vite-manifest.ts';

export interface SizedFile {
  file: string;
  gzip: number;
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

/** A screen's JavaScript beyond the entry's: its own chunks, and the chunks it shares. */
export interface ScreenWeight {
  /** The manifest screen ("dashboard/overview"). */
  screen: string;
  /** Gzip bytes of the chunks no other screen loads (the screen's own chunk). */
  own: number;
  /** Gzip bytes of the chunks it shares with other screens (the screen kit, shared parts). */
  shared: number;
}

/**
 * Each screen's static closure beyond the entry's, split into what only it loads (its own
 * chunk, budgeted per screen) and what other screens load too (shared parts, excluded).
 */
export function screenWeights(distDir: string, manifest: ViteManifest): ScreenWeight[] {
  const closure = (key: string) => staticLoad(manifest, key);
  const initial = entryLoad(manifest);
  const screens = [...screenChunks(manifest).keys()];
  const keyOf = new Map(
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.isDynamicEntry)
      .map(([key]) => [screenOfChunkKey(key), key]),
  );
  const beyond = new Map(
    screens.map((screen) => [
      screen,
      [...closure(keyOf.get(screen)!)].filter((key) => !initial.has(key)),
    ]),
  );
  const users = new Map<string, number>();
  for (const keys of beyond.values())
    for (const key of keys) users.set(key, (users.get(key) ?? 0) + 1);
  return screens.map((screen) => {
    const weight: ScreenWeight = { screen, own: 0, shared: 0 };
    for (const key of beyond.get(screen)!) {
      const bytes = gzipBytes(distDir, manifest[key]!.file);
      if (users.get(key) === 1) weight.own += bytes;
      else weight.shared += bytes;
    }
    return weight;
  });
}
