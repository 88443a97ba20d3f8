/**
 * A page's breadcrumb trail from the manifest's parent chain. Apart from the frame that draws
 * it, so the build's pre-rendered route pages (scripts/build/route-pages.ts) draw the same one.
 */

interface Crumb {
  readonly id: string;
  readonly parent?: string | undefined;
}

/** Ancestors first, the route itself last. Stops on a cycle rather than looping. */
export function breadcrumbTrail<R extends Crumb>(route: R, byId: (id: string) => R): R[] {
  const trail = [route];
  for (let at = route; at.parent && trail.length < 16;) {
    at = byId(at.parent);
    if (trail.includes(at)) break;
    trail.unshift(at);
  }
  return trail;
}
