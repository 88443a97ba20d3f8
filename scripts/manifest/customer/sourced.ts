/**
 * JSON values that remember where they were written. A customer manifest is merged from
 * several files, so every value of the merged manifest keeps the file and pointer it came
 * from: problems are then reported at that file's line, and `--explain` can say who set what.
 */
import { pointerOf } from '../problem.ts';

/** Where a value was written: a manifest file (as shown in messages) and a pointer into it. */
export interface Origin {
  file: string;
  pointer: string;
}

interface NodeBase {
  /** Where the value itself was written. */
  origin: Origin;
  /**
   * For an object or list inherited and then changed by a later file (members overridden,
   * entries removed or added): the place of that change. Problems about the whole value
   * (a missing key, an emptied list) most likely come from it, so they are reported there.
   */
  changedAt?: Origin;
}

export type SourcedNode =
  | (NodeBase & { kind: 'scalar'; value: string | number | boolean | null })
  | (NodeBase & { kind: 'array'; items: SourcedNode[] })
  | (NodeBase & { kind: 'object'; members: Map<string, SourcedNode> });

/** Wraps a parsed JSON value of `file`, every node tagged with its pointer in that file. */
export function sourced(value: unknown, file: string, pointer = ''): SourcedNode {
  const origin = { file, pointer };
  if (Array.isArray(value)) {
    return {
      kind: 'array',
      origin,
      items: value.map((item, i) => sourced(item, file, `${pointer}/${i}`)),
    };
  }
  if (value !== null && typeof value === 'object') {
    const members = new Map<string, SourcedNode>();
    for (const [key, member] of Object.entries(value)) {
      members.set(key, sourced(member, file, pointer + pointerOf(key)));
    }
    return { kind: 'object', origin, members };
  }
  return { kind: 'scalar', origin, value: value as string | number | boolean | null };
}

/** The plain JSON value. */
export function plain(node: SourcedNode): unknown {
  switch (node.kind) {
    case 'scalar':
      return node.value;
    case 'array':
      return node.items.map(plain);
    case 'object':
      return Object.fromEntries([...node.members].map(([key, member]) => [key, plain(member)]));
  }
}

/** Every node by its pointer in the (merged) value, in document order. */
export function nodesByPointer(root: SourcedNode): Map<string, SourcedNode> {
  const nodes = new Map<string, SourcedNode>();
  const walk = (node: SourcedNode, pointer: string): void => {
    nodes.set(pointer, node);
    if (node.kind === 'array') node.items.forEach((item, i) => walk(item, `${pointer}/${i}`));
    else if (node.kind === 'object') {
      for (const [key, member] of node.members) walk(member, pointer + pointerOf(key));
    }
  };
  walk(root, '');
  return nodes;
}

/** The `id` of a list entry, when it is an object with a string id. */
export function entryId(node: SourcedNode): string | undefined {
  if (node.kind !== 'object') return undefined;
  const id = node.members.get('id');
  return id?.kind === 'scalar' && typeof id.value === 'string' ? id.value : undefined;
}

/** A member of an object node (undefined for other nodes or a missing member). */
export function member(node: SourcedNode | undefined, key: string): SourcedNode | undefined {
  return node?.kind === 'object' ? node.members.get(key) : undefined;
}

/** The string value of a scalar node, if it is one. */
export function stringOf(node: SourcedNode | undefined): string | undefined {
  return node?.kind === 'scalar' && typeof node.value === 'string' ? node.value : undefined;
}

/** A deep copy, for steps that change a tree in place. */
export function cloneNode(node: SourcedNode): SourcedNode {
  switch (node.kind) {
    case 'scalar':
      return { ...node };
    case 'array':
      return { ...node, items: node.items.map(cloneNode) };
    case 'object':
      return {
        ...node,
        members: new Map([...node.members].map(([key, value]) => [key, cloneNode(value)])),
      };
  }
}
