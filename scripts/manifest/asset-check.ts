import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { contentSites } from './content/index.ts';
import type { ManifestShape } from './manifest-shape.ts';
import type { Finding } from './problem.ts';
import { error, pointerOf } from './problem.ts';
import { didYouMean } from './suggest.ts';

/**
 * Where an asset path written at `pointer` is resolved from. One directory for a single
 * manifest file; a manifest merged from several files (white-label `extends`) passes a function.
 */
export type AssetBase = string | ((pointer: string) => string);

/** Every image path in the manifest with its pointer. */
export function assetSites(m: ManifestShape): { pointer: string; path: string }[] {
  return [
    { pointer: '/brand/logo', path: m.brand.logo },
    ...m.theme.covers.map((c, i) => ({
      pointer: pointerOf('theme', 'covers', i, 'image'),
      path: c.image,
    })),
  ];
}

/** Every file the manifest names (images and content pages), with its pointer. */
export function fileSites(m: ManifestShape): { pointer: string; path: string }[] {
  return [...assetSites(m), ...contentSites(m)];
}

/** Layer 4: the logo, every cover image and every content page exist, relative to the manifest file. */
export function checkAssets(m: ManifestShape, base: AssetBase): Finding[] {
  const findings: Finding[] = [];
  for (const site of fileSites(m)) {
    const dir = typeof base === 'string' ? base : base(site.pointer);
    const file = resolve(dir, site.path);
    if (existsSync(file)) continue;
    findings.push(
      error(
        site.pointer,
        `${site.pointer.endsWith('/content') ? 'content' : 'image'} file not found: ${relative(process.cwd(), file) || file}${didYouMean(basename(site.path), siblings(dirname(file)))}`,
      ),
    );
  }
  return findings;
}

function siblings(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
