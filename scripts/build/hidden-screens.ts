/**
 * Proof that a customer build does not ship the screens of the routes it hides: a screen that
 * no route of the customer uses must have no chunk in the build output, neither as a module
 * in Vite's build manifest (`.vite/manifest.json`) nor as an `assets/<name>-<hash>.js` file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isModuleOfScreen } from './screen-modules.ts';

interface RouteLike {
  id: string;
  screen: string;
}

export interface HiddenScreen {
  /** Screen module, e.g. "report/brand-report". */
  screen: string;
  /** The product routes that render it, all hidden for the customer. */
  routes: string[];
}

/** Screens of the product that none of the customer's routes renders. */
export function hiddenScreens(
  productRoutes: readonly RouteLike[],
  customerRoutes: readonly RouteLike[],
): HiddenScreen[] {
  const kept = new Set(customerRoutes.map((r) => r.screen));
  const hidden = new Map<string, string[]>();
  for (const route of productRoutes) {
    if (kept.has(route.screen)) continue;
    hidden.set(route.screen, [...(hidden.get(route.screen) ?? []), route.id]);
  }
  return [...hidden].map(([screen, routes]) => ({ screen, routes }));
}

/**
 * Where each hidden screen still appears in the build output in `outDir` (empty lists when the
 * build is clean). `allScreens` tells which chunk names are unambiguous: a file name is only
 * evidence when no other screen module has the same base name.
 */
export function findHiddenScreens(
  outDir: string,
  hidden: readonly HiddenScreen[],
  allScreens: readonly string[],
): { screen: string; evidence: string[] }[] {
  const manifestFile = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: the build must run with build.manifest: true`);
  }
  const chunks = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; src?: string }
  >;
  const assets = existsSync(join(outDir, 'assets')) ? readdirSync(join(outDir, 'assets')) : [];
  const baseNames = [...new Set(allScreens)].map((s) => basename(s));
  return hidden.map(({ screen }) => {
    const evidence = Object.entries(chunks)
      .filter(
        ([key, chunk]) =>
          isModuleOfScreen(key, screen) || (chunk.src && isModuleOfScreen(chunk.src, screen)),
      )
      .map(([key, chunk]) => `${chunk.file} (from ${key} in .vite/manifest.json)`);
    const name = basename(screen);
    if (baseNames.filter((n) => n === name).length === 1) {
      const pattern = new RegExp(
        `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[\\w-]{6,}\\.js$`,
      );
      evidence.push(...assets.filter((f) => pattern.test(f)).map((f) => `assets/${f}`));
    }
    return { screen, evidence: [...new Set(evidence)] };
  });
}
