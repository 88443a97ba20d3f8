/**
 * Which file set a value of the merged manifest: `manifest:diff -- FILE --explain POINTER`.
 * The pointer is a JSON pointer into the merged manifest; a list entry may be named by its id
 * instead of its index (`/header/quickSearch/network-outage/label`), because indexes shift as
 * customers remove and add entries.
 */
import { pointerOf } from '../problem.ts';
import { closestName } from '../suggest.ts';
import { entryId, type SourcedNode } from './sourced.ts';
import type { MergedManifest } from './validate-customer.ts';

/** Leaves set by a customer file that a container explanation lists, at most. */
const LISTED_LEAVES = 12;

export function explainPointer(
  merged: MergedManifest,
  pointer: string,
): { ok: boolean; lines: string[] } {
  const resolved = resolvePointer(merged.root, pointer);
  if ('problem' in resolved) return { ok: false, lines: [`${pointer}: ${resolved.problem}`] };
  const { node, at } = resolved;
  const shownAt = at === '' ? '/' : at;
  const lines: string[] = [];
  const place = (origin: { file: string; pointer: string }) =>
    `${merged.where(origin)} (${origin.pointer || '/'})`;

  if (node.kind === 'scalar') {
    lines.push(`${shownAt} = ${JSON.stringify(node.value)}`, `  set by ${place(node.origin)}`);
    return { ok: true, lines };
  }
  const size = node.kind === 'array' ? node.items.length : node.members.size;
  lines.push(
    `${shownAt} = ${node.kind === 'array' ? `list of ${size} entries` : `object with ${size} members`}`,
    `  written in ${place(node.origin)}`,
  );
  if (node.changedAt) lines.push(`  changed by ${place(node.changedAt)}`);

  // How many values inside come from each file, and which ones the customers set.
  const counts = new Map<string, number>(merged.layers.map((l) => [l.file, 0]));
  const fromCustomers: string[] = [];
  const base = merged.layers[0]?.file;
  const walk = (n: SourcedNode, p: string) => {
    if (n.kind === 'scalar') {
      counts.set(n.origin.file, (counts.get(n.origin.file) ?? 0) + 1);
      if (n.origin.file !== base) fromCustomers.push(`${p} <- ${place(n.origin)}`);
    } else if (n.kind === 'array') n.items.forEach((item, i) => walk(item, `${p}/${i}`));
    else for (const [key, member] of n.members) walk(member, p + pointerOf(key));
  };
  walk(node, at);
  lines.push(
    `  values inside: ${[...counts].map(([file, count]) => `${count} from ${file}`).join(', ')}`,
  );
  for (const leaf of fromCustomers.slice(0, LISTED_LEAVES)) lines.push(`    ${leaf}`);
  if (fromCustomers.length > LISTED_LEAVES) {
    lines.push(`    ... and ${fromCustomers.length - LISTED_LEAVES} more`);
  }
  return { ok: true, lines };
}

/** Walks a pointer whose list segments are indexes or entry ids; says where it goes wrong. */
function resolvePointer(
  root: SourcedNode,
  pointer: string,
): { node: SourcedNode; at: string } | { problem: string } {
  if (pointer !== '' && !pointer.startsWith('/')) {
    return { problem: 'a JSON pointer starts with "/", e.g. /brand/name' };
  }
  const segments = pointer === '' ? [] : pointer.slice(1).split('/').map(unescape);
  let node = root;
  let at = '';
  for (const segment of segments) {
    if (node.kind === 'object') {
      const next = node.members.get(segment);
      if (!next) {
        const meant = closestName(segment, node.members.keys());
        return {
          problem: `${at || '/'} has no member "${segment}"${meant ? ` (did you mean "${meant}"?)` : ''}; it has: ${[...node.members.keys()].join(', ')}`,
        };
      }
      node = next;
      at += pointerOf(segment);
    } else if (node.kind === 'array') {
      const index = /^\d+$/.test(segment)
        ? Number(segment)
        : node.items.findIndex((item) => entryId(item) === segment);
      const next = node.items[index];
      if (!next) {
        const ids = node.items.map(entryId).filter((id): id is string => id !== undefined);
        const meant = closestName(segment, ids);
        return {
          problem: `${at || '/'} has no entry "${segment}": give an index below ${node.items.length}${ids.length ? ' or an entry id' : ''}${meant ? ` (did you mean "${meant}"?)` : ''}`,
        };
      }
      node = next;
      at += `/${index}`;
    } else {
      return { problem: `${at} is a plain value, nothing is inside it` };
    }
  }
  return { node, at };
}

function unescape(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
