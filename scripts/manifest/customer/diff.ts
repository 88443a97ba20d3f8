/**
 * What a customer manifest changes against the product, in words an admin reviews before a
 * deployment: routes hidden, added and renamed (auth flags included), menus changed entry by
 * entry, presets, tools, theme choices and defaults, layout and sign-in settings. Works on the
 * two merged manifests, so it shows the effect of every rule (a hidden route's menu entries, a
 * section emptied by hiding) rather than repeating the customer file.
 */
import type { ManifestShape, RouteShape, RouteTargetShape } from '../manifest-shape.ts';

/** A list entry: anything with an id (menu items, sections, colours, covers...). */
interface Entry {
  id: string;
}
const prop = (e: Entry, key: string): unknown => (e as unknown as Record<string, unknown>)[key];

/** One titled group of change lines; groups without changes are left out. */
export interface ChangeGroup {
  title: string;
  lines: string[];
}

export function describeChanges(product: ManifestShape, customer: ManifestShape): ChangeGroup[] {
  const routesOf = (m: ManifestShape) => new Map(m.routes.map((r) => [r.id, r]));
  const allRoutes = new Map([...routesOf(product), ...routesOf(customer)]);
  const kept = routesOf(customer);
  const link = (target: RouteTargetShape | { action: string }): string => {
    if ('action' in target) return `action ${target.action}`;
    const route = allRoutes.get(target.route);
    const query = Object.entries(target.query ?? {})
      .map(([k, v]) => `${k}=${String(v)}`)
      .join('&');
    const where = `${route?.path ?? target.route}${query ? `?${query}` : ''}`;
    return kept.has(target.route) ? where : `${where} (hidden route)`;
  };
  const entryName = (e: Entry): string => {
    const text = (prop(e, 'label') ?? prop(e, 'title') ?? prop(e, 'name')) as string | undefined;
    return text === undefined ? e.id : `"${text}" (${e.id})`;
  };
  const entryLine = (e: Entry): string => {
    const target = prop(e, 'target') as RouteTargetShape | { action: string } | undefined;
    return target ? `${entryName(e)} -> ${link(target)}` : entryName(e);
  };

  const groups: ChangeGroup[] = [];
  const group = (title: string, lines: string[]) => {
    if (lines.length > 0) groups.push({ title, lines });
  };

  group('Identity', fields({ id: product.id }, { id: customer.id }));
  group('Brand', fields(product.brand, customer.brand));

  // Routes: hidden, added, then field changes (titles first: the most visible).
  const routeLines: string[] = [];
  const routeName = (r: RouteShape) => `${r.id} ${r.path} "${r.title}"`;
  for (const r of product.routes) {
    if (!kept.has(r.id)) routeLines.push(`- hidden: ${routeName(r)} (${r.auth})`);
  }
  const before = routesOf(product);
  for (const r of customer.routes) {
    const old = before.get(r.id);
    if (!old) {
      routeLines.push(`+ added: ${routeName(r)} (${r.auth}, screen ${r.screen})`);
      continue;
    }
    if (old.title !== r.title) routeLines.push(`~ renamed: ${r.id} "${old.title}" -> "${r.title}"`);
    // A changed sign-in requirement is a security decision: it gets a line of its own.
    if (old.auth !== r.auth) {
      routeLines.push(
        `! auth: ${r.id} ${r.path} ${old.auth} -> ${r.auth} (${r.auth === 'public' ? 'anyone can open it, signed in or not' : 'sign-in now required'})`,
      );
    }
    const { title: _t1, auth: _a1, ...oldRest } = old;
    const { title: _t2, auth: _a2, ...newRest } = r;
    routeLines.push(...fields(oldRest, newRest).map((l) => `~ ${r.id}: ${l}`));
  }
  group('Routes', routeLines);

  // Sidebar: sections, then each kept section's items, then the call-to-action.
  const sidebar = listChanges(product.sidebar.sections, customer.sidebar.sections, entryName, [
    'items',
  ]);
  const sectionLines = [...sidebar.lines];
  const oldSections = new Map(product.sidebar.sections.map((s) => [s.id, s]));
  for (const section of customer.sidebar.sections) {
    const items = listChanges(oldSections.get(section.id)?.items ?? [], section.items, entryLine);
    if (oldSections.has(section.id) && items.lines.length > 0) {
      sectionLines.push(`section "${section.title}":`, ...items.lines.map((l) => `  ${l}`));
    }
  }
  const [oldCta, newCta] = [product.sidebar.callToAction, customer.sidebar.callToAction];
  if (oldCta && !newCta) sectionLines.push(`- call-to-action ${entryLine(oldCta)}`);
  else if (!oldCta && newCta) sectionLines.push(`+ call-to-action ${entryLine(newCta)}`);
  else if (oldCta && newCta) {
    sectionLines.push(...fields(oldCta, newCta).map((l) => `~ call-to-action: ${l}`));
  }
  group('Sidebar', sectionLines);

  group('Header search', fields(product.header.search, customer.header.search));
  group('Tools grid', listChanges(product.header.tools, customer.header.tools, entryLine).lines);
  const presetLine = (e: Entry) => {
    const target = prop(e, 'target') as RouteTargetShape;
    const query = Object.entries(target.query ?? {})
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(' ');
    return `${entryName(e)}${query ? `: ${query}` : ''}`;
  };
  group(
    'Quick-search presets',
    listChanges(product.header.quickSearch, customer.header.quickSearch, presetLine).lines,
  );
  group(
    'User menu',
    listChanges(product.header.userMenu, customer.header.userMenu, entryLine).lines,
  );

  const footerLines = listChanges(product.footer.columns, customer.footer.columns, entryName, [
    'links',
  ]).lines;
  const oldColumns = new Map(product.footer.columns.map((c) => [c.id, c]));
  for (const column of customer.footer.columns) {
    const old = oldColumns.get(column.id);
    if (!old) continue;
    const links = listChanges(old.links, column.links, entryLine).lines;
    if (links.length > 0)
      footerLines.push(`column "${column.title}":`, ...links.map((l) => `  ${l}`));
  }
  group('Footer', footerLines);

  const { colors: c1, covers: v1, ...theme1 } = product.theme;
  const { colors: c2, covers: v2, ...theme2 } = customer.theme;
  group('Theme', [
    ...fields(theme1, theme2),
    ...offered('colours', c1, c2, entryName),
    ...offered('covers', v1, v2, entryName),
  ]);
  group('Layout', fields(product.layout, customer.layout));
  group('Sign-in', fields(product.auth, customer.auth));
  return groups;
}

/**
 * Content pages whose file differs from the product's (paths repository-relative): which file
 * now stands for the page and how many lines of text it adds and drops, with its headings, so
 * a reviewer sees what the customer says instead. `read` returns a file's text.
 */
export function describeContentChanges(
  product: ManifestShape,
  customer: ManifestShape,
  read: (path: string) => string,
): string[] {
  const before = new Map(product.routes.map((r) => [r.id, r.content]));
  const lines: string[] = [];
  for (const route of customer.routes) {
    const old = before.get(route.id);
    if (route.content === undefined || route.content === old) continue;
    const after = read(route.content).split('\n');
    const was = old === undefined ? [] : read(old).split('\n');
    const kept = new Set(was);
    const added = after.filter((l) => l.trim() !== '' && !kept.has(l)).length;
    const now = new Set(after);
    const dropped = was.filter((l) => l.trim() !== '' && !now.has(l)).length;
    const headings = after.filter((l) => /^#{2,6} /.test(l)).map((l) => l.replace(/^#+ /, ''));
    lines.push(
      `~ ${route.id} ${route.path}: ${old ?? '(a screen)'} -> ${route.content} (+${added} -${dropped} lines)` +
        (headings.length > 0 ? `; sections: ${headings.join(' | ')}` : ''),
    );
  }
  return lines;
}

export function formatChanges(groups: readonly ChangeGroup[]): string {
  if (groups.length === 0) return 'no changes';
  return groups.map((g) => [g.title, ...g.lines.map((l) => `  ${l}`)].join('\n')).join('\n\n');
}

/** `key: old -> new` for every leaf value that differs (nested keys joined with dots). */
function fields(before: object, after: object, prefix = ''): string[] {
  const lines: string[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    const a = (before as Record<string, unknown>)[key];
    const b = (after as Record<string, unknown>)[key];
    const name = prefix + key;
    if (isPlainObject(a) && isPlainObject(b)) {
      lines.push(...fields(a, b, `${name}.`));
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      lines.push(`${name}: ${show(a)} -> ${show(b)}`);
    }
  }
  return lines;
}

/** Removed, added (with their place), changed and reordered entries of a list with ids. */
function listChanges<T extends Entry>(
  before: readonly T[],
  after: readonly T[],
  line: (e: T) => string,
  /** Members compared on their own (a section's items), left out of the entry's changes. */
  separately: readonly string[] = [],
): { lines: string[] } {
  const lines: string[] = [];
  const oldById = new Map(before.map((e) => [e.id, e]));
  const newIds = new Set(after.map((e) => e.id));
  for (const e of before) if (!newIds.has(e.id)) lines.push(`- ${line(e)}`);
  after.forEach((e, i) => {
    const old = oldById.get(e.id);
    if (!old) {
      const place = i === 0 ? 'first' : `after ${after[i - 1]!.id}`;
      lines.push(`+ ${line(e)} (${place})`);
      return;
    }
    const compared = (x: T) =>
      Object.fromEntries(
        Object.entries(x).filter(([key]) => key !== 'id' && !separately.includes(key)),
      );
    for (const change of fields(compared(old), compared(e))) lines.push(`~ ${e.id}: ${change}`);
  });
  const keptOld = before.map((e) => e.id).filter((id) => newIds.has(id));
  const keptNew = after.map((e) => e.id).filter((id) => oldById.has(id));
  if (keptOld.join() !== keptNew.join()) lines.push(`~ order: ${keptNew.join(', ')}`);
  return { lines };
}

function offered<T extends Entry>(
  what: string,
  before: readonly T[],
  after: readonly T[],
  name: (e: T) => string,
): string[] {
  const changes = listChanges(before, after, name).lines;
  if (changes.length === 0) return [];
  return [
    `${what} offered: ${after.length} (product: ${before.length})`,
    ...changes.map((l) => `  ${l}`),
  ];
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value);
}
