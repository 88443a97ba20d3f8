/**
 * Signed-in pages for the shell's browser tests. Each worker signs in once through the real
 * flow (the harness's provider steps: the app's sign-in button, the embedded identity provider,
 * the redirect back) and every signed-in test starts from that browser state.
 *
 * Why not only seed stored user info: at start-up src/auth ends a session whose stored user
 * info has no account in the identity client's cache (src/auth/session.ts), so a seeded
 * `{ name }` alone is signed out again before the first route renders.
 */
import type { Page } from '@playwright/test';
import { expect, manifest, test } from '../harness/fixtures.ts';
import { readViteManifest, screenChunkKey } from '../../../scripts/build/vite-manifest.ts';
import { defaultRoot } from '../../../scripts/serve/app-server.ts';
import { routeModule } from '../../../scripts/manifest/route-module.ts';

export { signInToApp as signInThroughProvider } from '../harness/sign-in.ts';

/** Tests whose page starts signed in as the demo user (the worker's session, harness/fixtures.ts). */
export const signedInTest = test.extend({
  storageState: async ({ session }, use) => use(session),
});

export const buildManifest = () => readViteManifest(defaultRoot);

/** The production build's chunk of a route's screen (or content page), from Vite's build manifest. */
export function screenChunkPath(route: { id: string; screen?: string }): string {
  const screen = routeModule(route);
  const chunks = buildManifest();
  const key = screenChunkKey(chunks, screen);
  if (!key) throw new Error(`no chunk for the screen ${screen} in dist/.vite/manifest.json`);
  return `/${chunks[key]!.file}`;
}

/** The production build's chunk whose entry is this module (path under src/). */
export function chunkPathOf(module: string): string {
  const chunk = buildManifest()[module];
  if (!chunk) throw new Error(`no chunk for ${module} in dist/.vite/manifest.json`);
  return `/${chunk.file}`;
}

/** Stored preferences, as the theme panel writes them (`<deployment>:preferences:v1`). */
export const preferencesKey = `${manifest.id}:preferences:v1`;

/** Switches light/dark mode the way another tab's theme change would (no reload). */
export async function switchMode(page: Page, key: string, mode: 'dark' | 'light'): Promise<void> {
  await page.evaluate(
    ({ key, mode }) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...stored, mode }));
      window.dispatchEvent(new StorageEvent('storage', { key }));
    },
    { key, mode },
  );
  await expect(page.locator('html')).toHaveAttribute('data-mode', mode);
}

/**
 * The axe rules whose outcome depends on the colours, so on the mode: a page checked with every
 * rule in one mode needs only these in the other (the rest see the same page).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

export { expect, manifest };
