import { describe, expect, it } from 'vitest';
import { mergeNode } from '../../../scripts/manifest/customer/merge.ts';
import {
  nodesByPointer,
  plain,
  sourced,
  type SourcedNode,
} from '../../../scripts/manifest/customer/sourced.ts';
import type { Finding } from '../../../scripts/manifest/problem.ts';

const tools = [
  { id: 'roi', label: 'ROI' },
  { id: 'usage-cost', label: 'Usage & Cost' },
  { id: 'impact', label: 'Impact' },
];

/** Merges `overlay` (customer.json) over `base` (product.json): value, findings and tree. */
function merge(base: unknown, overlay: unknown) {
  const findings: Finding[] = [];
  const root = mergeNode(
    sourced(base, 'product.json'),
    sourced(overlay, 'customer.json'),
    '',
    findings,
  );
  return { value: plain(root) as Record<string, unknown>, findings, root };
}

const messages = (findings: Finding[]) => findings.map((f) => `${f.pointer}: ${f.message}`);

describe('objects', () => {
  it('merge member by member at any depth; unmentioned members stay', () => {
    const { value, findings } = merge(
      {
        brand: { name: 'Callscope', notice: 'C Ltd.' },
        theme: { modes: { dark: { a: 1, b: 2 } } },
      },
      { brand: { name: 'Acme' }, theme: { modes: { dark: { b: 3 } } } },
    );
    expect(findings).toEqual([]);
    expect(value).toEqual({
      brand: { name: 'Acme', notice: 'C Ltd.' },
      theme: { modes: { dark: { a: 1, b: 3 } } },
    });
  });

  it('add members the base does not have', () => {
    expect(merge({ a: 1 }, { b: { c: true } }).value).toEqual({ a: 1, b: { c: true } });
  });

  it('delete a member set to null, and reject deleting one that is not there', () => {
    const { value, findings } = merge(
      { sidebar: { sections: [], callToAction: { id: 'guide' } } },
      { sidebar: { callToAction: null, callToActon: null } },
    );
    expect(value).toEqual({ sidebar: { sections: [] } });
    expect(messages(findings)).toEqual([
      '/sidebar/callToActon: nothing to delete: "callToActon" is not set in the inherited manifest (did you mean "callToAction"?)',
    ]);
  });

  it('replace scalars, and values of another type', () => {
    expect(merge({ a: 'x', b: 1, c: { d: 1 } }, { a: 'y', b: false, c: 'flat' }).value).toEqual({
      a: 'y',
      b: false,
      c: 'flat',
    });
  });
});

describe('lists', () => {
  it('an array replaces the whole inherited list', () => {
    const { value } = merge({ tools }, { tools: [{ id: 'new', label: 'New' }] });
    expect(value.tools).toEqual([{ id: 'new', label: 'New' }]);
  });

  it('scalar arrays are replaced too', () => {
    expect(merge({ values: ['a', 'b'] }, { values: ['c'] }).value).toEqual({ values: ['c'] });
  });

  it('"remove" drops entries by id', () => {
    const { value, findings } = merge({ tools }, { tools: { remove: ['roi', 'impact'] } });
    expect(findings).toEqual([]);
    expect(value.tools).toEqual([{ id: 'usage-cost', label: 'Usage & Cost' }]);
  });

  it('"update" merges changes into an entry, keeping its place', () => {
    const { value } = merge({ tools }, { tools: { update: { 'usage-cost': { label: 'Costs' } } } });
    expect(value.tools).toEqual([
      { id: 'roi', label: 'ROI' },
      { id: 'usage-cost', label: 'Costs' },
      { id: 'impact', label: 'Impact' },
    ]);
  });

  it('"add" appends, or places entries after / before an id', () => {
    const added = [{ id: 'a1' }, { id: 'a2' }];
    const ids = (overlay: unknown) =>
      (merge({ tools }, { tools: overlay }).value.tools as { id: string }[]).map((t) => t.id);
    expect(ids({ add: added })).toEqual(['roi', 'usage-cost', 'impact', 'a1', 'a2']);
    expect(ids({ add: added, after: 'roi' })).toEqual(['roi', 'a1', 'a2', 'usage-cost', 'impact']);
    expect(ids({ add: added, before: 'roi' })).toEqual(['a1', 'a2', 'roi', 'usage-cost', 'impact']);
  });

  it('apply removals, then updates, then additions', () => {
    const { value, findings } = merge(
      { tools },
      {
        tools: {
          add: [{ id: 'new', label: 'New' }],
          after: 'impact',
          update: { impact: { label: 'Impact Analysis' } },
          remove: ['roi'],
        },
      },
    );
    expect(findings).toEqual([]);
    expect(value.tools).toEqual([
      { id: 'usage-cost', label: 'Usage & Cost' },
      { id: 'impact', label: 'Impact Analysis' },
      { id: 'new', label: 'New' },
    ]);
  });

  it('edit nested lists through "update" (a section\'s items)', () => {
    const { value, findings } = merge(
      { sections: [{ id: 'main', title: 'Main', items: tools }] },
      { sections: { update: { main: { title: 'Home', items: { remove: ['usage-cost'] } } } } },
    );
    expect(findings).toEqual([]);
    expect(value.sections).toEqual([
      {
        id: 'main',
        title: 'Home',
        items: [
          { id: 'roi', label: 'ROI' },
          { id: 'impact', label: 'Impact' },
        ],
      },
    ]);
  });
});

describe('mistakes in list operations are findings in the customer file, never silent', () => {
  it('unknown ids in remove and update, with the closest id', () => {
    const { value, findings } = merge(
      { tools },
      { tools: { remove: ['roii'], update: { 'usage-cots': { label: 'X' } } } },
    );
    expect(messages(findings)).toEqual([
      '/tools/remove/0: cannot remove "roii": no entry with that id in /tools (did you mean "roi"?)',
      '/tools/update/usage-cots: cannot update "usage-cots": no entry with that id in /tools (did you mean "usage-cost"?)',
    ]);
    // The failed operations are skipped; the rest of the list is unchanged.
    expect(value.tools).toEqual(tools);
    expect(findings[1]?.at).toBe('key');
  });

  it('lists the ids of a short list when nothing is close', () => {
    expect(messages(merge({ tools }, { tools: { remove: ['zzz'] } }).findings)).toEqual([
      '/tools/remove/0: cannot remove "zzz": no entry with that id in /tools; its ids: roi, usage-cost, impact',
    ]);
  });

  it('an unknown operation, with the closest one', () => {
    const { findings } = merge({ tools }, { tools: { remvoe: ['roi'] } });
    expect(messages(findings)).toEqual([
      '/tools/remvoe: unknown list operation "remvoe" (did you mean "remove"?); expected one of: remove, update, add, after, before',
    ]);
  });

  it('a missing anchor: the entries are appended and the anchor reported', () => {
    const { value, findings } = merge({ tools }, { tools: { add: [{ id: 'x' }], after: 'rio' } });
    expect(messages(findings)).toEqual([
      '/tools/after: cannot add after "rio": no entry with that id in /tools (did you mean "roi"?)',
    ]);
    expect((value.tools as unknown[]).length).toBe(4);
  });

  it('an anchor that is removed in the same edit', () => {
    const { findings } = merge(
      { tools },
      { tools: { remove: ['roi'], add: [{ id: 'x' }], after: 'roi' } },
    );
    expect(messages(findings)).toEqual([
      '/tools/after: cannot add after "roi": no entry with that id in /tools (it is removed by "remove")',
    ]);
  });

  it('"after" without "add", and "after" with "before"', () => {
    expect(messages(merge({ tools }, { tools: { after: 'roi' } }).findings)).toEqual([
      '/tools/after: "after" places the entries of "add", and there is none',
    ]);
    expect(
      messages(
        merge({ tools }, { tools: { add: [{ id: 'x' }], after: 'roi', before: 'impact' } })
          .findings,
      ),
    ).toEqual(['/tools/before: give either "after" or "before", not both']);
  });

  it('an update that changes the id, or names a removed entry', () => {
    const { findings } = merge(
      { tools },
      { tools: { remove: ['roi'], update: { roi: { label: 'x' }, impact: { id: 'impact-2' } } } },
    );
    expect(messages(findings)).toEqual([
      '/tools/update/roi: "roi" is also removed by "remove": update it or remove it',
      '/tools/update/impact/id: an update cannot change an entry\'s id (menus and stored choices refer to it); remove "impact" and add the new entry instead',
    ]);
  });

  it('operations on a list without ids', () => {
    const { value, findings } = merge({ values: ['a', 'b'] }, { values: { remove: ['a'] } });
    expect(messages(findings)).toEqual([
      '/values: /values is a list without entry ids, so "remove", "update" and "add" cannot name its entries; write the whole list as an array to replace it',
    ]);
    expect(value.values).toEqual(['a', 'b']);
  });
});

describe('origins: every merged value knows the file and pointer that set it', () => {
  const originOf = (root: SourcedNode, pointer: string) => {
    const node = nodesByPointer(root).get(pointer)!;
    return { ...node.origin, changedAt: node.changedAt };
  };

  it('inherited values keep the base pointer, overrides the customer pointer', () => {
    const { root } = merge(
      { brand: { name: 'C', notice: 'N' }, tools },
      {
        brand: { name: 'Acme' },
        tools: { remove: ['roi'], update: { impact: { label: 'I' } }, add: [{ id: 'x' }] },
      },
    );
    expect(originOf(root, '/brand/name')).toMatchObject({
      file: 'customer.json',
      pointer: '/brand/name',
    });
    expect(originOf(root, '/brand/notice')).toMatchObject({
      file: 'product.json',
      pointer: '/brand/notice',
    });
    // After the removal, the entries moved up: /tools/0 is the product's /tools/1.
    expect(originOf(root, '/tools/0/label')).toMatchObject({
      file: 'product.json',
      pointer: '/tools/1/label',
    });
    expect(originOf(root, '/tools/1/label')).toMatchObject({
      file: 'customer.json',
      pointer: '/tools/update/impact/label',
    });
    expect(originOf(root, '/tools/1/id')).toMatchObject({
      file: 'product.json',
      pointer: '/tools/2/id',
    });
    expect(originOf(root, '/tools/2')).toMatchObject({
      file: 'customer.json',
      pointer: '/tools/add/0',
    });
    // The list itself is the product's, changed by the customer's operations.
    expect(originOf(root, '/tools')).toEqual({
      file: 'product.json',
      pointer: '/tools',
      changedAt: { file: 'customer.json', pointer: '/tools' },
    });
  });
});
