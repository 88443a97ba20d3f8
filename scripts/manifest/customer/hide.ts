/**
 * `"hide": { "routes": [ids] }`: the customer does not get these screens at all. A hidden
 * route leaves the route table (so its screen is not built), and every menu entry that leads
 * to it goes with it: sidebar items, the sidebar call-to-action, tools, quick-search presets,
 * user-menu entries and footer links. A sidebar section or footer column left without entries
 * is dropped too.
 *
 * What cannot simply disappear is an error, never a silent drop: the error page, a route that
 * is still another route's `parent`, the sign-in and post-sign-out routes, and the route of
 * the header's search box. The route then stays, so the rest can still be checked.
 */
import type { Finding } from '../problem.ts';
import { error } from '../problem.ts';
import { hint, idList } from './merge.ts';
import { entryId, member, stringOf, type Origin, type SourcedNode } from './sourced.ts';

type ArrayNode = Extract<SourcedNode, { kind: 'array' }>;

/** Lists whose entries each link to a route through `target.route`, by pointer. */
const ENTRY_LISTS: readonly (readonly string[])[] = [
  ['header', 'tools'],
  ['header', 'quickSearch'],
  ['header', 'userMenu'],
];
/** Lists of groups whose entries link to routes; a group left empty is dropped. */
const GROUP_LISTS: readonly { path: readonly string[]; entries: string }[] = [
  { path: ['sidebar', 'sections'], entries: 'items' },
  { path: ['footer', 'columns'], entries: 'links' },
];

export interface HideOptions {
  /** "manifest/product.manifest.json:120:9", for messages that point at another file. */
  where(origin: Origin): string;
}

/**
 * Applies one customer file's `hide` block to the merged manifest `root`, which it changes in
 * place (the caller passes a tree of its own, see `cloneNode`).
 * Findings carry pointers into the customer file.
 */
export function applyHide(root: SourcedNode, hide: SourcedNode, options: HideOptions): Finding[] {
  const findings: Finding[] = [];
  if (root.kind !== 'object' || hide.kind !== 'object') return findings;
  const routes = root.members.get('routes');
  if (routes?.kind !== 'array') return findings;
  const hiddenRoutes = hide.members.get('routes');
  if (!hiddenRoutes) return findings;

  const routeIds = routes.items.map((r) => entryId(r) ?? '');
  const wanted = new Map<string, string>(); // route id -> pointer of its hide entry
  for (const { id, pointer } of idList(hiddenRoutes, '"hide.routes"', findings)) {
    const route = routes.items[routeIds.indexOf(id)];
    if (!route) {
      findings.push(
        error(pointer, `cannot hide route "${id}": no such route${hint(id, routeIds)}`),
      );
    } else if (stringOf(member(route, 'path')) === '*') {
      findings.push(
        error(pointer, `route "${id}" is the error page that unmatched addresses show; it stays`),
      );
    } else {
      wanted.set(id, pointer);
    }
  }

  // References that would dangle: the route stays and the customer is told what holds it.
  const holders = new Map<string, string[]>(); // hidden id -> why it cannot go
  const hold = (id: string, reason: string): void => {
    if (wanted.has(id)) holders.set(id, [...(holders.get(id) ?? []), reason]);
  };
  const auth = member(root, 'auth');
  for (const key of ['loginRoute', 'postLogoutRoute']) {
    const ref = member(auth, key);
    const id = stringOf(ref);
    if (id === undefined) continue;
    hold(
      id,
      `it is auth.${key} (${options.where(ref!.origin)}): set "auth": { "${key}": "..." } to another public route first`,
    );
  }
  const searchRoute = member(member(member(root, 'header'), 'search'), 'route');
  const searchId = stringOf(searchRoute);
  if (searchId !== undefined) {
    hold(
      searchId,
      `the header's search box sends searches there (${options.where(searchRoute!.origin)}): set "header": { "search": { "route": "..." } } to another route first`,
    );
  }
  // A route that stays keeps its parent: repeated until nothing changes, since a parent held
  // back by this rule must in turn keep its own parent.
  const parentReasons = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    const children = new Map<string, string[]>();
    for (const route of routes.items) {
      const id = entryId(route) ?? '';
      const parent = member(route, 'parent');
      const parentId = stringOf(parent);
      const stays = !wanted.has(id) || holders.has(id);
      if (parentId === undefined || !stays || parentReasons.has(parentId)) continue;
      if (!wanted.has(parentId)) continue;
      children.set(parentId, [
        ...(children.get(parentId) ?? []),
        `"${id}" (${options.where(parent!.origin)})`,
      ]);
    }
    for (const [id, kids] of children) {
      const listed =
        kids.length > 3
          ? `${kids.slice(0, 3).join(', ')} and ${kids.length - 3} more`
          : kids.join(', ');
      const them = kids.length > 1 ? 'them' : 'it';
      hold(
        id,
        `it is the parent of route${kids.length > 1 ? 's' : ''} ${listed}: hide ${them} too, or give ${them} another parent with "routes": { "update": { "<route id>": { "parent": "..." } } }`,
      );
      parentReasons.add(id);
      changed = true;
    }
  }

  for (const [id, reasons] of holders) {
    findings.push(error(wanted.get(id)!, `cannot hide route "${id}": ${reasons.join('; ')}`));
  }

  const hidden = new Set([...wanted.keys()].filter((id) => !holders.has(id)));
  if (hidden.size === 0) return findings;
  const changedAt: Origin = hiddenRoutes.origin;
  const leadsToHidden = (entry: SourcedNode): boolean => {
    const route = stringOf(member(member(entry, 'target'), 'route'));
    return route !== undefined && hidden.has(route);
  };

  filterList(routes, (route) => !hidden.has(entryId(route) ?? ''), changedAt);
  for (const path of ENTRY_LISTS) {
    const list = at(root, path);
    if (list?.kind === 'array') filterList(list, (entry) => !leadsToHidden(entry), changedAt);
  }
  for (const { path, entries } of GROUP_LISTS) {
    const groups = at(root, path);
    if (groups?.kind !== 'array') continue;
    for (const group of groups.items) {
      const list = member(group, entries);
      if (list?.kind === 'array') filterList(list, (entry) => !leadsToHidden(entry), changedAt);
    }
    // A group that had entries and lost them all goes; an empty one the admin wrote stays
    // (and the schema says what is wrong with it).
    filterList(
      groups,
      (group) => {
        const list = member(group, entries);
        return !(list?.kind === 'array' && list.items.length === 0 && list.changedAt === changedAt);
      },
      changedAt,
    );
  }
  const sidebar = member(root, 'sidebar');
  const callToAction = member(sidebar, 'callToAction');
  if (sidebar?.kind === 'object' && callToAction && leadsToHidden(callToAction)) {
    sidebar.members.delete('callToAction');
    sidebar.changedAt = changedAt;
  }
  return findings;
}

function at(root: SourcedNode, path: readonly string[]): SourcedNode | undefined {
  let node: SourcedNode | undefined = root;
  for (const key of path) node = member(node, key);
  return node;
}

function filterList(
  list: ArrayNode,
  keep: (entry: SourcedNode) => boolean,
  changedAt: Origin,
): void {
  const kept = list.items.filter(keep);
  if (kept.length === list.items.length) return;
  list.items = kept;
  list.changedAt = changedAt;
}
