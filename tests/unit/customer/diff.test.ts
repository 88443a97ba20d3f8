import { describe, expect, it } from 'vitest';
import {
  describeChanges,
  describeContentChanges,
  formatChanges,
} from '../../../scripts/manifest/customer/diff.ts';
import { explainPointer } from '../../../scripts/manifest/customer/explain.ts';
import type { ManifestShape } from '../../../scripts/manifest/manifest-shape.ts';
import { checkCustomer, customerText, positionOf } from './helpers.ts';

function diff(changes: Record<string, unknown>): string {
  const { manifest, problems } = checkCustomer(customerText(changes));
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  return formatChanges(describeChanges(baseManifest(), manifest!));
}

/** The fixture base as a customer inherits it (the base alone offers fewer covers than 9). */
function baseManifest(): ManifestShape {
  const { manifest } = checkCustomer(customerText({}));
  return { ...manifest!, id: 'product' };
}

describe('manifest:diff: what a customer changes, in readable form', () => {
  it('prints nothing but the id for a customer that changes nothing', () => {
    expect(diff({})).toBe('Identity\n  id: "product" -> "customer"');
  });

  it('hidden routes with the menu entries they take along, and renamed titles', () => {
    const text = diff({
      hide: { routes: ['voc'] },
      routes: { update: { agents: { title: 'Advisors' } } },
    });
    expect(text).toBe(
      [
        'Identity',
        '  id: "product" -> "customer"',
        '',
        'Routes',
        '  - hidden: voc /customer/voc "Voice of the Customer" (required)',
        '  ~ renamed: agents "Agents" -> "Advisors"',
        '',
        'Sidebar',
        '  - "Insight" (insight)',
        '  section "Main":',
        '    - "Fake Call Insights" (fake-calls) -> /customer/voc?disposition=Fake Call (hidden route)',
        '',
        'Tools grid',
        '  - "VOC" (voc-tool) -> /customer/voc (hidden route)',
        '',
        'Footer',
        '  - "Voices" (voices)',
      ].join('\n'),
    );
  });

  it('a changed sign-in requirement stands out', () => {
    expect(diff({ routes: { update: { voc: { auth: 'public' } } } })).toContain(
      '  ! auth: voc /customer/voc required -> public (anyone can open it, signed in or not)',
    );
  });

  it('presets and tools: removed, added with their place, changed, reordered', () => {
    const text = diff({
      header: {
        quickSearch: {
          remove: ['refunds'],
          update: { 'top-3': { label: 'Top three' } },
          add: [
            {
              id: 'outages',
              label: 'Outages',
              target: { route: 'search', query: { key: 'outage', limit: 5 } },
            },
          ],
          before: 'top-3',
        },
        tools: [
          { id: 'agents-tool', label: 'Agents', target: { route: 'agents' } },
          { id: 'voc-tool', label: 'VOC', target: { route: 'voc' } },
        ],
      },
    });
    expect(text).toContain(
      [
        'Tools grid',
        '  ~ order: agents-tool, voc-tool',
        '',
        'Quick-search presets',
        '  - "Refunds" (refunds): key="refund"',
        '  + "Outages" (outages): key="outage" limit=5 (first)',
        '  ~ top-3: label: "Top 3" -> "Top three"',
      ].join('\n'),
    );
  });

  it('theme defaults and the colours and covers offered; sign-in settings', () => {
    const text = diff({
      theme: { defaultMode: 'light', colors: { remove: ['lime', 'pink'] } },
      auth: { clientId: 'customer-web' },
    });
    expect(text).toContain(
      [
        'Theme',
        '  defaultMode: "dark" -> "light"',
        '  colours offered: 10 (product: 12)',
        '    - "Lime" (lime)',
        '    - "Pink" (pink)',
        '',
        'Sign-in',
        '  clientId: "fixture-web" -> "customer-web"',
      ].join('\n'),
    );
  });
});

describe('--explain: which file set a value', () => {
  const text = customerText({
    brand: { name: 'Acme' },
    header: {
      quickSearch: { add: [{ id: 'outages', label: 'Outages', target: { route: 'search' } }] },
    },
  });
  const { merged, file } = checkCustomer(text);

  it('a value the customer set: its file, line and pointer there', () => {
    expect(explainPointer(merged!, '/brand/name')).toEqual({
      ok: true,
      lines: [
        '/brand/name = "Acme"',
        `  set by ${file}:${positionOf(text, '"Acme"')} (/brand/name)`,
      ],
    });
  });

  it('an inherited value: the product file', () => {
    const { lines } = explainPointer(merged!, '/brand/companyNotice');
    expect(lines[1]).toMatch(
      /^ {2}set by tests\/fixtures\/customer\/product\.manifest\.json:\d+:\d+ \(\/brand\/companyNotice\)$/,
    );
  });

  it('list entries by id or index; containers say who wrote and changed them', () => {
    const byId = explainPointer(merged!, '/header/quickSearch/outages/label');
    expect(byId.lines[0]).toBe('/header/quickSearch/2/label = "Outages"');
    const list = explainPointer(merged!, '/header/quickSearch');
    expect(list.lines.slice(0, 3)).toEqual([
      '/header/quickSearch = list of 3 entries',
      expect.stringMatching(
        /^ {2}written in tests\/fixtures\/customer\/product\.manifest\.json:\d+:\d+ \(\/header\/quickSearch\)$/,
      ),
      `  changed by ${file}:${positionOf(text, '{', text.indexOf('"quickSearch"'))} (/header/quickSearch)`,
    ]);
    expect(list.lines).toContain(
      `    /header/quickSearch/2/label <- ${file}:${positionOf(text, '"Outages"')} (/header/quickSearch/add/0/label)`,
    );
  });

  it('a pointer that leads nowhere says why, with the closest name', () => {
    expect(explainPointer(merged!, '/header/quickSerch')).toEqual({
      ok: false,
      lines: [
        '/header/quickSerch: /header has no member "quickSerch" (did you mean "quickSearch"?); it has: search, tools, quickSearch, userMenu',
      ],
    });
    expect(explainPointer(merged!, '/routes/agnets').lines[0]).toBe(
      '/routes/agnets: /routes has no entry "agnets": give an index below 7 or an entry id (did you mean "agents"?)',
    );
  });
});

describe('manifest:diff: content pages', () => {
  const route = (id: string, content?: string) =>
    ({
      id,
      path: `/page/${id}`,
      title: id,
      auth: 'public',
      ...(content ? { content } : {}),
    }) as ManifestShape['routes'][number];
  const files: Record<string, string> = {
    'product/hr.md': '## Pay\n\nShared line.\nProduct line.\n',
    'acme/hr.md': '## Pay\n\nShared line.\nAcme line one.\nAcme line two.\n\n## Leave\n',
  };

  it('names the page, both files, the lines added and dropped and the new sections', () => {
    const product = { routes: [route('hr', 'product/hr.md'), route('legal', 'product/l.md')] };
    const customer = { routes: [route('hr', 'acme/hr.md'), route('legal', 'product/l.md')] };
    expect(
      describeContentChanges(product as ManifestShape, customer as ManifestShape, (p) => files[p]!),
    ).toEqual(['~ hr /page/hr: product/hr.md -> acme/hr.md (+3 -1 lines); sections: Pay | Leave']);
  });
});
