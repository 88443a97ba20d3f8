import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseFile, checkCustomer, customerText, errors, lines, positionOf } from './helpers.ts';

const baseText = readFileSync(baseFile, 'utf8');

describe('problems are reported at the file and line that set the value', () => {
  it('a value the customer wrote: the customer file, at the value', () => {
    const text = customerText({
      header: {
        quickSearch: {
          add: [
            { id: 'outages', label: 'Outages', target: { route: 'serch', query: { key: 'x' } } },
          ],
        },
      },
    });
    const { file, problems, manifest } = checkCustomer(text);
    expect(manifest).toBeUndefined();
    expect(errors(problems)).toEqual([
      `${file}:${positionOf(text, '"serch"')}: /header/quickSearch/2/target/route: quick-search preset target "serch" is not a route id (did you mean "search"?)`,
    ]);
  });

  it('a misspelt key in an update: the customer file, at the key', () => {
    const text = customerText({ routes: { update: { voc: { titel: 'Customer Voice' } } } });
    const { file, problems } = checkCustomer(text);
    expect(errors(problems)).toEqual([
      `${file}:${positionOf(text, '"titel"')}: /routes/2/titel: unknown key "titel" (did you mean "title"?); expected one of: id, path, title, auth, screen, content, parent, icon, description, purpose, query, contextual`,
    ]);
  });

  it('an inherited value that the merge breaks: the product file, saying which merge', () => {
    // A lighter dark-mode surface makes the product's inherited indigo unreadable on it.
    const text = customerText({ theme: { modes: { dark: { surface: '#6b7280' } } } });
    const { file, problems } = checkCustomer(text);
    const indigo = errors(problems).find((l) => l.includes('/theme/colors/0/dark'));
    expect(indigo).toBe(
      `${baseFile}:${positionOf(baseText, '"#a5b4fc"')}: /theme/colors/0/dark: colour "indigo" #a5b4fc has contrast 2.42:1 (WCAG AA needs 4.5:1) on dark surface #6b7280 (as merged for ${file})`,
    );
  });

  it('a deleted member that the schema requires: the customer file, at the object that lost it', () => {
    const text = customerText({ brand: { companyNotice: null } });
    const { file, problems } = checkCustomer(text);
    expect(errors(problems)).toEqual([
      `${file}:${positionOf(text, '{', text.indexOf('"brand"'))}: /brand: missing required key "companyNotice"`,
    ]);
  });

  it('a misspelt operation: the customer file, from its own schema, before any merge', () => {
    const text = customerText({ header: { tools: { remvoe: ['voc-tool'] } }, brnd: {} });
    const { file, problems, merged } = checkCustomer(text);
    expect(merged).toBeUndefined();
    expect(errors(problems)).toEqual([
      `${file}:${positionOf(text, '"remvoe"')}: /header/tools/remvoe: unknown key "remvoe" (did you mean "remove"?); expected one of: remove, update, add, after, before`,
      `${file}:${positionOf(text, '"brnd"')}: /brnd: unknown key "brnd" (did you mean "brand"?); expected one of: $schema, extends, id, hide, brand, routes, sidebar, header, footer, contact, theme, layout, auth`,
    ]);
  });

  it('a JSON syntax error in the customer file', () => {
    const text = '{\n  "extends": "./product.manifest.json",\n  "id": "x",\n}\n';
    const { file, problems } = checkCustomer(text);
    expect(errors(problems)).toEqual([
      `${file}:3:12: /: JSON syntax error: trailing comma is not allowed in JSON; remove it`,
    ]);
  });

  it('an extends that names no file', () => {
    const text = JSON.stringify({ extends: './product.manifst.json', id: 'x' }, null, 2);
    const { file, problems } = checkCustomer(text);
    expect(errors(problems)).toEqual([
      `${file}:2:14: /extends: tests/fixtures/customer/product.manifst.json not found (did you mean "product.manifest.json"?); "extends" is relative to this file`,
    ]);
  });
});

describe('customer rules', () => {
  it('requires an id of its own', () => {
    const missing = checkCustomer(JSON.stringify({ extends: './product.manifest.json' }));
    expect(errors(missing.problems)).toEqual([`${missing.file}:1:1: /: missing required key "id"`]);
    const text = customerText({ id: 'product' });
    const inherited = checkCustomer(text);
    expect(errors(inherited.problems)).toEqual([
      `${inherited.file}:${positionOf(text, '"product"')}: /id: "product" is the id of ${baseFile}; a customer needs its own id, so what the browser stores for one deployment is never read by another`,
    ]);
  });

  it('may offer fewer colours and covers than the product, but not more than 12 and 9', () => {
    const fewer = checkCustomer(
      customerText({
        theme: {
          colors: { remove: ['blue', 'sky', 'teal', 'lime', 'pink', 'slate'] },
          covers: { remove: ['c2', 'c3'] },
        },
      }),
    );
    expect(errors(fewer.problems)).toEqual([]);
    expect(fewer.manifest!.theme.colors.map((c) => c.id)).toEqual([
      'indigo',
      'emerald',
      'amber',
      'orange',
      'rose',
      'purple',
    ]);
    const text = customerText({
      theme: {
        colors: { add: [{ id: 'brand', name: 'Brand', dark: '#fef08a', light: '#854d0e' }] },
      },
    });
    const more = checkCustomer(text);
    expect(errors(more.problems)).toEqual([
      `${more.file}:${positionOf(text, '{', text.indexOf('"colors"'))}: /theme/colors: expected at most 12 theme colours, found 13`,
    ]);
  });

  it('a default colour the customer removed is reported where the default is set', () => {
    const { file, problems } = checkCustomer(
      customerText({ theme: { colors: { remove: ['indigo'] } } }),
    );
    expect(errors(problems)).toEqual([
      `${baseFile}:${positionOf(baseText, '"indigo"')}: /theme/defaultColor: "indigo" is not a theme colour id (as merged for ${file})`,
    ]);
  });
});

describe('assets', () => {
  it('are relative to the file that names them, and come back relative to the customer file', () => {
    const text = JSON.stringify({
      extends: '../product.manifest.json',
      id: 'nested',
      brand: { logo: 'logo.svg' },
    });
    const { problems, manifest } = checkCustomer(text, 'nested/customer.manifest.json');
    expect(errors(problems)).toEqual([]);
    expect(manifest!.brand.logo).toBe('logo.svg');
    expect(manifest!.theme.covers.map((c) => c.image)).toEqual([
      '../assets/covers/c1.svg',
      '../assets/covers/c2.svg',
      '../assets/covers/c3.svg',
    ]);
  });

  it('a missing customer logo is reported in the customer file', () => {
    const text = customerText({ brand: { logo: 'nested/logo.png' } });
    const { file, problems } = checkCustomer(text);
    expect(errors(problems)).toEqual([
      `${file}:${positionOf(text, '"nested/logo.png"')}: /brand/logo: image file not found: tests/fixtures/customer/nested/logo.png (did you mean "logo.svg"?)`,
    ]);
  });
});

describe('a customer may extend another customer', () => {
  it('merges every file in order, each hide and change applying, each value located', () => {
    const text = JSON.stringify(
      {
        extends: './regional-base.manifest.json',
        id: 'regional-north',
        brand: { companyNotice: 'North' },
      },
      null,
      2,
    );
    const { problems, manifest, merged } = checkCustomer(text);
    expect(errors(problems)).toEqual([]);
    expect(manifest!.id).toBe('regional-north');
    expect(manifest!.brand).toMatchObject({ name: 'Regional', companyNotice: 'North' });
    expect(manifest!.routes.map((r) => r.id)).not.toContain('legal');
    expect(manifest!.header.tools.map((t) => t.label)).toEqual(['VOC', 'Advisors']);
    expect(merged!.layers.map((l) => l.file)).toEqual([
      baseFile,
      'tests/fixtures/customer/regional-base.manifest.json',
      'tests/fixtures/customer/customer.manifest.json',
    ]);
    expect(merged!.nodes.get('/brand/name')!.origin.file).toBe(
      'tests/fixtures/customer/regional-base.manifest.json',
    );
  });

  it('each file needs its own id', () => {
    const text = JSON.stringify({ extends: './regional-base.manifest.json', id: 'regional-base' });
    expect(lines(checkCustomer(text).problems)).toContainEqual(
      expect.stringContaining(
        '/id: "regional-base" is the id of tests/fixtures/customer/regional-base.manifest.json',
      ),
    );
  });
});
