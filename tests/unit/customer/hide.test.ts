import { describe, expect, it } from 'vitest';
import type { ManifestShape } from '../../../scripts/manifest/manifest-shape.ts';
import { checkCustomer, customerText, errors, positionOf } from './helpers.ts';

const hide = (...routes: string[]) => customerText({ hide: { routes } });

/** Ids of every menu entry of the merged manifest that leads to `route`. */
function entriesLeadingTo(m: ManifestShape, route: string): string[] {
  const leads = (e: { id: string; target: object }) =>
    'route' in e.target && e.target.route === route ? [e.id] : [];
  return [
    ...m.sidebar.sections.flatMap((s) => s.items.flatMap(leads)),
    ...(m.sidebar.callToAction ? leads(m.sidebar.callToAction) : []),
    ...m.header.tools.flatMap(leads),
    ...m.header.quickSearch.flatMap(leads),
    ...m.header.userMenu.flatMap(leads),
    ...m.footer.columns.flatMap((c) => c.links.flatMap(leads)),
  ];
}

describe('hide.routes', () => {
  it('removes the route and every entry leading to it, in every menu', () => {
    const { manifest, problems } = checkCustomer(hide('voc'));
    expect(errors(problems)).toEqual([]);
    const m = manifest!;
    expect(m.routes.map((r) => r.id)).not.toContain('voc');
    expect(entriesLeadingTo(m, 'voc')).toEqual([]);
    // The sidebar item, the tool and the footer link that led there are gone ...
    expect(m.sidebar.sections.flatMap((s) => s.items.map((i) => i.id))).toEqual([
      'home',
      'agents',
      'non-compliant',
    ]);
    expect(m.header.tools.map((t) => t.id)).toEqual(['agents-tool']);
    // ... and the section and column that had only that entry went with it.
    expect(m.sidebar.sections.map((s) => s.id)).toEqual(['main']);
    expect(m.footer.columns.map((c) => c.id)).toEqual(['company']);
  });

  it('removes the call-to-action, user-menu entries and presets leading to a hidden route', () => {
    const { manifest, problems } = checkCustomer(hide('legal'));
    expect(errors(problems)).toEqual([]);
    expect(manifest!.sidebar.callToAction).toBeUndefined();
    expect(manifest!.header.userMenu.map((e) => e.id)).toEqual(['profile', 'logout']);
    expect(manifest!.footer.columns.map((c) => c.id)).toEqual(['voices']);
    expect(entriesLeadingTo(manifest!, 'legal')).toEqual([]);
  });

  it('rejects an unknown route id with the closest one', () => {
    const text = hide('vocc');
    const { file, problems } = checkCustomer(text);
    expect(errors(problems)).toEqual([
      `${file}:${positionOf(text, '"vocc"')}: /hide/routes/0: cannot hide route "vocc": no such route (did you mean "voc"?)`,
    ]);
  });

  it('keeps the error page', () => {
    const { problems } = checkCustomer(hide('not-found'));
    expect(errors(problems)).toEqual([
      expect.stringContaining(
        '/hide/routes/0: route "not-found" is the error page that unmatched addresses show; it stays',
      ),
    ]);
  });

  it('refuses a route that is still a parent, naming the child and where it says so', () => {
    const { problems, manifest } = checkCustomer(hide('home'));
    expect(manifest).toBeUndefined();
    expect(errors(problems)).toEqual([
      expect.stringMatching(
        /: \/hide\/routes\/0: cannot hide route "home": it is the parent of routes "agents" \(tests\/fixtures\/customer\/product\.manifest\.json:\d+:\d+\), "voc" \(tests\/fixtures\/customer\/product\.manifest\.json:\d+:\d+\): hide them too, or give them another parent/,
      ),
    ]);
  });

  it('accepts a parent hidden together with its children', () => {
    const text = customerText({
      hide: { routes: ['home', 'agents', 'voc'] },
      header: { userMenu: { remove: ['profile'] } },
      sidebar: {
        sections: {
          add: [
            {
              id: 'pages',
              title: 'Pages',
              items: [{ id: 'legal-page', label: 'Legal', target: { route: 'legal' } }],
            },
          ],
        },
      },
    });
    const { problems, manifest } = checkCustomer(text);
    expect(errors(problems)).toEqual([]);
    expect(manifest!.routes.map((r) => r.id)).toEqual(['search', 'login', 'legal', 'not-found']);
    expect(manifest!.sidebar.sections.map((s) => s.id)).toEqual(['pages']);
  });

  it('a menu emptied by hiding is reported at the hide list', () => {
    const text = customerText({
      hide: { routes: ['home', 'agents', 'voc'] },
      header: { userMenu: { remove: ['profile'] } },
    });
    const { file, problems } = checkCustomer(text);
    expect(errors(problems)).toEqual([
      `${file}:${positionOf(text, '[', text.indexOf('"routes"'))}: /sidebar/sections: expected at least 1 item(s), got 0`,
    ]);
  });

  it('keeps the parent of a route that has to stay, even if both are hidden', () => {
    // "login" cannot go (it is the sign-in route), so its new parent "legal" cannot either.
    const text = customerText({
      hide: { routes: ['legal', 'login'] },
      routes: { update: { login: { parent: 'legal' } } },
    });
    const { file, problems, manifest } = checkCustomer(text);
    expect(manifest).toBeUndefined();
    expect(errors(problems)).toEqual([
      `${file}:${positionOf(text, '"legal"')}: /hide/routes/0: cannot hide route "legal": it is the parent of route "login" (${file}:${positionOf(text, '"legal"', text.indexOf('"parent"'))}): hide it too, or give it another parent with "routes": { "update": { "<route id>": { "parent": "..." } } }`,
      expect.stringContaining('/hide/routes/1: cannot hide route "login": it is auth.loginRoute'),
    ]);
  });

  it('refuses the sign-in route and the search route', () => {
    const { problems } = checkCustomer(hide('login', 'search'));
    const shown = errors(problems);
    expect(shown).toHaveLength(2);
    expect(shown[0]).toMatch(
      /\/hide\/routes\/0: cannot hide route "login": it is auth\.loginRoute \(.*\): set "auth": \{ "loginRoute": "\.\.\." \} to another public route first; it is auth\.postLogoutRoute/,
    );
    expect(shown[1]).toMatch(
      /\/hide\/routes\/1: cannot hide route "search": the header's search box sends searches there/,
    );
  });

  it('a customer route reference to a hidden route is reported in the customer file', () => {
    // The customer adds a tool for a route it hides: the tool goes, nothing dangles.
    const { problems, manifest } = checkCustomer(
      customerText({
        hide: { routes: ['voc'] },
        header: { tools: { add: [{ id: 'voc-2', label: 'VOC', target: { route: 'voc' } }] } },
      }),
    );
    expect(errors(problems)).toEqual([]);
    expect(manifest!.header.tools.map((t) => t.id)).toEqual(['agents-tool']);
  });
});
