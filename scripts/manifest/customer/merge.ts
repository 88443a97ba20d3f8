/**
 * The merge rules of a customer manifest over the manifest it extends (see README.md here):
 *
 * - objects merge member by member, at any depth;
 * - a member set to `null` is deleted (it must exist in the inherited manifest);
 * - a list given as an array replaces the inherited list, entries and order;
 * - a list of entries with ids may instead get an operations object
 *   `{ "remove": [ids], "update": { id: partial }, "add": [entries], "after" | "before": id }`,
 *   applied in that order: removals, then updates (merged by these same rules), then the
 *   added entries, appended or placed after / before the named entry;
 * - anything else (a string, number, boolean, or a value of another type) replaces.
 *
 * Every mistake in the operations (an unknown id, an unknown operation, an id changed by an
 * update) is a finding at the customer file's own pointer; the operation is then skipped, so
 * the rest of the file is still merged and checked.
 */
import type { Finding } from '../problem.ts';
import { error, pointerOf } from '../problem.ts';
import { didYouMean } from '../suggest.ts';
import { entryId, type SourcedNode } from './sourced.ts';

export const LIST_OPERATIONS = ['remove', 'update', 'add', 'after', 'before'] as const;

/**
 * Merges `overlay` (written in a customer file) over `base` (inherited). `at` is the pointer
 * of the value in the merged manifest, used to name lists in messages. Findings carry pointers
 * into the customer file (the overlay's origin).
 */
export function mergeNode(
  base: SourcedNode | undefined,
  overlay: SourcedNode,
  at: string,
  findings: Finding[],
): SourcedNode {
  if (base?.kind === 'object' && overlay.kind === 'object') {
    return mergeObject(base, overlay, at, findings);
  }
  if (base?.kind === 'array' && overlay.kind === 'object') {
    return applyListOperations(base, overlay, at, findings);
  }
  return overlay;
}

function mergeObject(
  base: Extract<SourcedNode, { kind: 'object' }>,
  overlay: Extract<SourcedNode, { kind: 'object' }>,
  at: string,
  findings: Finding[],
): SourcedNode {
  const members = new Map(base.members);
  for (const [key, value] of overlay.members) {
    if (value.kind === 'scalar' && value.value === null) {
      if (members.has(key)) members.delete(key);
      else {
        findings.push(
          error(
            value.origin.pointer,
            `nothing to delete: "${key}" is not set in the inherited manifest${didYouMean(key, base.members.keys())}`,
            'key',
          ),
        );
      }
      continue;
    }
    members.set(key, mergeNode(members.get(key), value, at + pointerOf(key), findings));
  }
  return { kind: 'object', origin: base.origin, changedAt: overlay.origin, members };
}

type ArrayNode = Extract<SourcedNode, { kind: 'array' }>;
type ObjectNode = Extract<SourcedNode, { kind: 'object' }>;

function applyListOperations(
  base: ArrayNode,
  operations: ObjectNode,
  at: string,
  findings: Finding[],
): SourcedNode {
  const here = operations.origin.pointer;
  const ids = base.items.map(entryId);
  if (ids.some((id) => id === undefined)) {
    findings.push(
      error(
        here,
        `${at} is a list without entry ids, so "remove", "update" and "add" cannot name its entries; write the whole list as an array to replace it`,
      ),
    );
    return base;
  }

  for (const key of operations.members.keys()) {
    if ((LIST_OPERATIONS as readonly string[]).includes(key)) continue;
    findings.push(
      error(
        here + pointerOf(key),
        `unknown list operation "${key}"${didYouMean(key, LIST_OPERATIONS)}; expected one of: ${LIST_OPERATIONS.join(', ')}`,
        'key',
      ),
    );
  }

  const unknownId = (pointer: string, id: string, known: readonly string[], verb: string) =>
    findings.push(
      error(pointer, `cannot ${verb} "${id}": no entry with that id in ${at}${hint(id, known)}`),
    );

  // 1. remove
  let items = [...base.items];
  const removed = new Set<string>();
  const remove = operations.members.get('remove');
  if (remove) {
    for (const { id, pointer } of idList(remove, '"remove"', findings)) {
      if (!ids.includes(id)) unknownId(pointer, id, ids as string[], 'remove');
      else removed.add(id);
    }
    items = items.filter((item) => !removed.has(entryId(item) as string));
  }

  // 2. update
  const update = operations.members.get('update');
  if (update && update.kind !== 'object') {
    findings.push(
      error(update.origin.pointer, `"update" must be an object: { "<entry id>": { changes } }`),
    );
  } else if (update) {
    for (const [id, partial] of update.members) {
      const pointer = partial.origin.pointer;
      if (removed.has(id)) {
        findings.push(
          error(pointer, `"${id}" is also removed by "remove": update it or remove it`, 'key'),
        );
        continue;
      }
      const index = items.findIndex((item) => entryId(item) === id);
      if (index < 0) {
        findings.push(
          error(
            pointer,
            `cannot update "${id}": no entry with that id in ${at}${hint(id, ids as string[])}`,
            'key',
          ),
        );
        continue;
      }
      if (partial.kind !== 'object') {
        findings.push(error(pointer, `expected an object with the changes to entry "${id}"`));
        continue;
      }
      const newId = partial.members.get('id');
      if (newId && !(newId.kind === 'scalar' && newId.value === id)) {
        findings.push(
          error(
            newId.origin.pointer,
            `an update cannot change an entry's id (menus and stored choices refer to it); remove "${id}" and add the new entry instead`,
          ),
        );
        continue;
      }
      items[index] = mergeNode(items[index], partial, `${at}/${index}`, findings);
    }
  }

  // 3. add, at the end or next to an anchor
  const add = operations.members.get('add');
  const after = operations.members.get('after');
  const before = operations.members.get('before');
  if (after && before) {
    findings.push(error(before.origin.pointer, 'give either "after" or "before", not both', 'key'));
  }
  const anchor = after ?? before;
  if (add && add.kind !== 'array') {
    findings.push(error(add.origin.pointer, '"add" must be an array of entries'));
  } else if (add) {
    let position = items.length;
    if (anchor) {
      const anchorId = anchor.kind === 'scalar' ? anchor.value : undefined;
      const index =
        typeof anchorId === 'string' ? items.findIndex((item) => entryId(item) === anchorId) : -1;
      const which = after ? 'after' : 'before';
      if (typeof anchorId !== 'string') {
        findings.push(error(anchor.origin.pointer, `"${which}" must be the id of an entry`));
      } else if (index < 0) {
        // Never move added entries somewhere else silently: a missing anchor is an error.
        const remaining = items.map((item) => entryId(item) as string);
        findings.push(
          error(
            anchor.origin.pointer,
            `cannot add ${which} "${anchorId}": no entry with that id in ${at}${removed.has(anchorId) ? ' (it is removed by "remove")' : hint(anchorId, remaining)}`,
          ),
        );
      } else {
        position = after ? index + 1 : index;
      }
    }
    items.splice(position, 0, ...add.items);
  } else if (anchor) {
    findings.push(
      error(
        anchor.origin.pointer,
        `"${after ? 'after' : 'before'}" places the entries of "add", and there is none`,
        'key',
      ),
    );
  }

  return { kind: 'array', origin: base.origin, changedAt: operations.origin, items };
}

/** The ids of a `"remove"` (or `"hide"`) list; anything else is a finding. */
export function idList(
  node: SourcedNode,
  what: string,
  findings: Finding[],
): { id: string; pointer: string }[] {
  if (node.kind !== 'array') {
    findings.push(error(node.origin.pointer, `${what} must be an array of entry ids`));
    return [];
  }
  const ids: { id: string; pointer: string }[] = [];
  for (const item of node.items) {
    if (item.kind === 'scalar' && typeof item.value === 'string') {
      ids.push({ id: item.value, pointer: item.origin.pointer });
    } else {
      findings.push(error(item.origin.pointer, `${what} lists entry ids: expected a string`));
    }
  }
  return ids;
}

/** `(did you mean "x"?)`, or the ids of a short list so the admin sees the choice. */
export function hint(id: string, known: readonly string[]): string {
  const meant = didYouMean(id, known);
  if (meant) return meant;
  if (known.length === 0) return ' (the list is empty)';
  return known.length <= 12 ? `; its ids: ${known.join(', ')}` : '';
}
