import type { ManifestShape, RouteTargetShape } from './manifest-shape.ts';
import { pointerOf } from './problem.ts';

/** A place in the manifest that links to a route, with the pointer of its target object. */
export interface TargetSite {
  /** Pointer of the `{ route, query }` object. */
  pointer: string;
  target: RouteTargetShape;
  /** In words, for messages: "sidebar item", "tool", ... */
  kind: string;
}

/** Every route target written in the manifest's menus, in file order. */
export function targetSites(m: ManifestShape): TargetSite[] {
  const sites: TargetSite[] = [];
  m.sidebar.sections.forEach((section, s) =>
    section.items.forEach((item, i) =>
      sites.push({
        pointer: pointerOf('sidebar', 'sections', s, 'items', i, 'target'),
        target: item.target,
        kind: 'sidebar item',
      }),
    ),
  );
  if (m.sidebar.callToAction) {
    sites.push({
      pointer: pointerOf('sidebar', 'callToAction', 'target'),
      target: m.sidebar.callToAction.target,
      kind: 'sidebar call-to-action',
    });
  }
  m.header.tools.forEach((tool, i) =>
    sites.push({
      pointer: pointerOf('header', 'tools', i, 'target'),
      target: tool.target,
      kind: 'tool',
    }),
  );
  m.header.quickSearch.forEach((preset, i) =>
    sites.push({
      pointer: pointerOf('header', 'quickSearch', i, 'target'),
      target: preset.target,
      kind: 'quick-search preset',
    }),
  );
  m.header.userMenu.forEach((entry, i) => {
    if ('route' in entry.target) {
      sites.push({
        pointer: pointerOf('header', 'userMenu', i, 'target'),
        target: entry.target,
        kind: 'user-menu entry',
      });
    }
  });
  m.footer.columns.forEach((column, c) =>
    column.links.forEach((link, i) =>
      sites.push({
        pointer: pointerOf('footer', 'columns', c, 'links', i, 'target'),
        target: link.target,
        kind: 'footer link',
      }),
    ),
  );
  return sites;
}
