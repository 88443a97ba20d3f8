import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { ManifestShape } from './manifest-shape.ts';
import type { Finding } from './problem.ts';
import { error, pointerOf } from './problem.ts';
import { didYouMean } from './suggest.ts';

/**
 * What is under the screens directory. A screen module is, by convention,
 * `src/screens/<area>/<name>.tsx` with a default export (the component the runtime renders
 * lazily); a screen's parts live one folder deeper (`<area>/parts/…`, `<area>/<name>/…`) and
 * shared parts in `src/ui/`. Naming anything else as a route's screen would pass this check and
 * then fail `tsc` in generated code, so the check names why the module is not a screen.
 */
export interface ScreenCatalog {
  /** Screen modules: `performance/agents` for src/screens/performance/agents.tsx. */
  readonly screens: ReadonlySet<string>;
  /** Other `.tsx` modules under the screens directory, with why each is not a screen. */
  readonly notScreens: ReadonlyMap<string, string>;
}

/** Whether a module's source declares a default export (parsed, not type-checked: cheap). */
export function hasDefaultExport(source: string): boolean {
  const file = ts.createSourceFile('screen.tsx', source, ts.ScriptTarget.Latest, false);
  return file.statements.some(
    (s) =>
      (ts.isExportAssignment(s) && !s.isExportEquals) ||
      (ts.canHaveModifiers(s) &&
        (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) ||
      (ts.isExportDeclaration(s) &&
        s.exportClause !== undefined &&
        ts.isNamedExports(s.exportClause) &&
        s.exportClause.elements.some((e) => e.name.text === 'default')),
  );
}

/** Sorts every `.tsx` module under the screens directory into screens and the rest. */
export function scanScreens(screensDir: string): ScreenCatalog {
  const screens = new Set<string>();
  const notScreens = new Map<string, string>();
  let entries: string[];
  try {
    entries = readdirSync(screensDir, { recursive: true, encoding: 'utf8' });
  } catch {
    return { screens, notScreens };
  }
  for (const entry of entries) {
    if (!entry.endsWith('.tsx') || entry.endsWith('.test.tsx')) continue;
    const name = entry.split(/[\\/]/).join('/').slice(0, -4);
    if (name.split('/').length !== 2) {
      notScreens.set(name, 'it is a part of a screen (screens are <area>/<name>.tsx)');
    } else if (!hasDefaultExport(readFileSync(join(screensDir, entry), 'utf8'))) {
      notScreens.set(name, 'it has no default export (the screen component)');
    } else {
      screens.add(name);
    }
  }
  return { screens, notScreens };
}

/**
 * Part of layer 2: every route's `screen` names a screen module that exists, so no route
 * renders a missing chunk at runtime and the generated route code type-checks; and a route's
 * `purpose`, which only the sign-in card of a public route shows, is on a public route.
 */
export function checkScreens(
  m: ManifestShape,
  catalog: ScreenCatalog,
  screensLabel = 'src/screens',
): Finding[] {
  const findings: Finding[] = [];
  m.routes.forEach((route, i) => {
    if (route.purpose !== undefined && route.auth !== 'public') {
      findings.push(
        error(
          pointerOf('routes', i, 'purpose'),
          'a purpose is for the sign-in card of a public route; a signed-out visitor of this route is sent to sign in and never sees it',
        ),
      );
    }
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
    if (catalog.screens.has(route.screen)) return;
    const why = catalog.notScreens.get(route.screen);
    findings.push(
      error(
        pointerOf('routes', i, 'screen'),
        why === undefined
          ? `screen module ${screensLabel}/${route.screen}.tsx does not exist${didYouMean(route.screen, catalog.screens)}`
          : `${screensLabel}/${route.screen}.tsx is not a screen module: ${why}${didYouMean(route.screen, catalog.screens)}`,
      ),
    );
  });
  return findings;
}
