import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseContent } from '../../../scripts/manifest/content/parse.ts';
import { renderContent } from '../../../scripts/manifest/content/render.ts';
import type { ManifestShape } from '../../../scripts/manifest/manifest-shape.ts';
import { repoRoot } from '../../../scripts/manifest/paths.ts';
import { validateAnyManifest } from '../../../scripts/manifest/customer/index.ts';

const fixtures = resolve(repoRoot, 'tests', 'fixtures', 'content');
const product = JSON.parse(
  readFileSync(resolve(repoRoot, 'manifest', 'product.manifest.json'), 'utf8'),
) as ManifestShape;

function render(name: string) {
  const parsed = parseContent(readFileSync(join(fixtures, name), 'utf8'));
  const rendered = renderContent(parsed.nodes, parsed.front, {
    routes: product.routes,
    dir: fixtures,
  });
  return {
    ...rendered,
    issues: [...parsed.issues, ...rendered.issues].map(
      (i) => `${i.line}:${i.column}: ${i.message}`,
    ),
  };
}

describe('content pages', () => {
  it('renders every allowed construct into the document, with no issue', () => {
    const { document, images, issues } = render('valid.md');
    expect(issues).toEqual([]);
    expect(document.summary).toBe('A page with every construct content may use.');
    expect(document.updated).toBe('2026-11-20');
    expect(document.blocks.map((b) => b.t)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'heading',
      'list',
      'table',
      'callout',
      'quote',
      'code',
      'rule',
    ]);
    const paragraph = document.blocks[1]!;
    expect(paragraph.t === 'paragraph' && paragraph.c.map((i) => i.t)).toEqual([
      'text',
      'strong',
      'text',
      'em',
      'text',
      'del',
      'text',
      'code',
      'text',
      'route',
      'text',
      'anchor',
      'text',
      'external',
      'text',
      'external',
      'text',
    ]);
    // Query values take the declared type; the hash is kept.
    const link = paragraph.t === 'paragraph' ? paragraph.c[9] : undefined;
    expect(link).toMatchObject({
      t: 'route',
      route: 'agents',
      query: { compliant: false },
      hash: 'top',
    });
    expect(images).toEqual([join(fixtures, 'images', 'chart.svg')]);
    expect(document.blocks[6]).toMatchObject({ t: 'callout', kind: 'tip' });
    expect(document.blocks[3]).toMatchObject({ t: 'heading', level: 3, id: 'details' });
  });

  it('reports each mistake at its line and column, and leaves it out of the page', () => {
    expect(render('broken.md').issues).toEqual([
      '3:1: front matter: unknown key "owner"; allowed: summary, updated',
      '6:1: the route\'s title is the page heading: start the content\'s headings at "##"',
      '10:3: link to /customer/vocx: no route of this deployment has that path (did you mean "/customer/voc"?)',
      '10:38: link to /performance/agents: parameter "compliant": expected true or false (without quotes), got string "maybe"',
      '11:4: link to /performance/agents: route "agents" (/performance/agents) has no query parameter "colour"; it accepts: compliant, vendor, from, to, team, queue, brand',
      '11:59: link "javascript:alert(1)" is not allowed: link to a route of this deployment (/path), a heading on this page (#id), or an http(s), mailto or tel address',
      '13:3: link "other.md" is not allowed: link to a route of this deployment (/path), a heading on this page (#id), or an http(s), mailto or tel address',
      '13:35: link to #nowhere: no heading on this page has that id',
      '15:1: heading level 4 follows level 2: do not skip levels (use ###)',
      '17:1: raw HTML is not allowed in content; write it in Markdown',
      '19:1: image file not found: images/nope.png',
      '21:1: image "images/chart.svg" needs alternative text: ![what it shows](images/chart.svg)',
      '23:1: a reference-style link is not supported in content; use an inline link',
      '25:1: a link definition is not supported in content',
    ]);
  });

  it('a customer that hides a route gets an error where inherited content still links to it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'content-'));
    const customer = join(dir, 'hider.manifest.json');
    writeFileSync(
      customer,
      JSON.stringify({
        extends: resolve(repoRoot, 'manifest', 'product.manifest.json'),
        id: 'hider',
        hide: { routes: ['repeated-call-stats', 'repeated-call-analysis'] },
      }),
    );
    const result = validateAnyManifest(customer);
    expect(result.manifest).toBeUndefined();
    const hr = result.problems.filter((p) => p.file.endsWith('manifest/content/hr.md'));
    expect(hr.map((p) => p.message)).toEqual([
      'link to /analytics/repeated-call-stats: no route of this deployment has that path',
    ]);
    expect(hr[0]!.line).toBeGreaterThan(1);
    expect(hr[0]!.pointer).toMatch(/^\/routes\/\d+\/content$/);
  });
});
