import type { ManifestShape } from './manifest-shape.ts';
import type { Finding } from './problem.ts';
import { error, pointerOf } from './problem.ts';

/**
 * Part of layer 2: route ids and paths are unique, and so are the entry ids of each menu.
 * The second occurrence is the one reported, naming where the first one is.
 */
export function checkUniqueIds(m: ManifestShape): Finding[] {
  const routeAt = (i: number, key: string): string => pointerOf('routes', i, key);
  const findings = duplicates(
    m.routes.map((r) => r.id),
    (i) => routeAt(i, 'id'),
    (id, j) => `duplicate route id "${id}" (already used by /routes/${j})`,
  );
  // A second "*" route has a message of its own (reference-check).
  const paths = m.routes.map((r, i) => (r.path === '*' ? `*${i}` : r.path));
  findings.push(
    ...duplicates(
      paths,
      (i) => routeAt(i, 'path'),
      (path, j) =>
        `duplicate route path "${path}" (already used by route "${m.routes[j]?.id}" at /routes/${j})`,
    ),
  );

  const inMenu = (id: string, _j: number, first: string): string =>
    `duplicate id "${id}" in this menu (already used at ${first})`;
  const menus: { id: string; pointer: string }[][] = [
    m.sidebar.sections.map((s, i) => ({
      id: s.id,
      pointer: pointerOf('sidebar', 'sections', i, 'id'),
    })),
    // Sidebar items are one menu across sections, the call-to-action included: ids key the
    // active entry.
    [
      ...m.sidebar.sections.flatMap((s, si) =>
        s.items.map((item, i) => ({
          id: item.id,
          pointer: pointerOf('sidebar', 'sections', si, 'items', i, 'id'),
        })),
      ),
      ...(m.sidebar.callToAction
        ? [{ id: m.sidebar.callToAction.id, pointer: '/sidebar/callToAction/id' }]
        : []),
    ],
    m.header.tools.map((t, i) => ({ id: t.id, pointer: pointerOf('header', 'tools', i, 'id') })),
    m.header.quickSearch.map((p, i) => ({
      id: p.id,
      pointer: pointerOf('header', 'quickSearch', i, 'id'),
    })),
    m.header.userMenu.map((e, i) => ({
      id: e.id,
      pointer: pointerOf('header', 'userMenu', i, 'id'),
    })),
    m.footer.columns.map((c, i) => ({
      id: c.id,
      pointer: pointerOf('footer', 'columns', i, 'id'),
    })),
    m.footer.columns.flatMap((c, ci) =>
      c.links.map((link, i) => ({
        id: link.id,
        pointer: pointerOf('footer', 'columns', ci, 'links', i, 'id'),
      })),
    ),
  ];
  for (const entries of menus) {
    findings.push(
      ...duplicates(
        entries.map((e) => e.id),
        (i) => entries[i]!.pointer,
        (id, j) => inMenu(id, j, entries[j]!.pointer),
      ),
    );
  }
  return findings;
}

function duplicates(
  values: readonly string[],
  pointerAt: (i: number) => string,
  message: (value: string, firstIndex: number) => string,
): Finding[] {
  const first = new Map<string, number>();
  const findings: Finding[] = [];
  values.forEach((value, i) => {
    const j = first.get(value);
    if (j === undefined) first.set(value, i);
    else findings.push(error(pointerAt(i), message(value, j)));
  });
  return findings;
}
