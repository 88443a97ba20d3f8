import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ManifestShape } from './manifest-shape.ts';
import type { Finding } from './problem.ts';
import { error, pointerOf } from './problem.ts';
import { didYouMean } from './suggest.ts';

/** The screen modules that exist: `performance/agents` for src/screens/performance/agents.tsx. */
export type ScreenCatalog = ReadonlySet<string>;

/** Lists every `.tsx` module under the screens directory once (cheap even for 1,000 routes). */
export function scanScreens(screensDir: string): ScreenCatalog {
  const screens = new Set<string>();
  let entries: string[];
  try {
    entries = readdirSync(screensDir, { recursive: true, encoding: 'utf8' });
  } catch {
    return screens;
  }
  for (const entry of entries) {
    if (!entry.endsWith('.tsx') || entry.endsWith('.test.tsx')) continue;
    screens.add(
      relative(screensDir, join(screensDir, entry)).split(/[\\/]/).join('/').slice(0, -4),
    );
  }
  return screens;
}

/**
 * Part of layer 2: every route's `screen` names a module that exists, so no route renders a
 * missing chunk at runtime.
 */
export function checkScreens(
  m: ManifestShape,
  screens: ScreenCatalog,
  screensLabel = 'src/screens',
): Finding[] {
  const findings: Finding[] = [];
  m.routes.forEach((route, i) => {
    if (route.screen === undefined || route.content !== undefined) {
      if ((route.screen === undefined) !== (route.content === undefined)) return;
      findings.push(
        error(
          pointerOf('routes', i),
          route.screen === undefined
            ? 'a route needs either "screen" (a screen module) or "content" (a content page)'
            : 'a route has either "screen" or "content", not both',
        ),
      );
      return;
    }
    if (screens.has(route.screen)) return;
    findings.push(
      error(
        pointerOf('routes', i, 'screen'),
        `screen module ${screensLabel}/${route.screen}.tsx does not exist${didYouMean(route.screen, screens)}`,
      ),
    );
  });
  return findings;
}
