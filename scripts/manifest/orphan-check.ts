import type { ManifestShape } from './manifest-shape.ts';
import type { Finding } from './problem.ts';
import { pointerOf, warning } from './problem.ts';
import { targetSites } from './targets.ts';

/**
 * Layer 5 (warnings): routes nothing links to. A route is reached by a sidebar item, the
 * sidebar call-to-action, a tool, a quick-search preset, a user-menu entry, a footer link or
 * the header search. The error page, the sign-in route and routes marked `contextual`
 * (reached from inside other screens) are exempt.
 */
export function checkOrphans(m: ManifestShape): Finding[] {
  const reached = new Set(targetSites(m).map((site) => site.target.route));
  reached.add(m.header.search.route);
  const findings: Finding[] = [];
  m.routes.forEach((route, i) => {
    if (
      route.path === '*' ||
      route.contextual ||
      route.id === m.auth.loginRoute ||
      reached.has(route.id)
    )
      return;
    findings.push(
      warning(
        pointerOf('routes', i),
        `route "${route.id}" (${route.path}) is not reached from any menu, tool, preset or footer link; link it, or mark it "contextual": true if other screens open it`,
      ),
    );
  });
  return findings;
}
