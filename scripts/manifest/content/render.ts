/**
 * Turns a parsed content file into the browser's document (src/content/document.ts), checking
 * as it goes: every construct outside the allowed set is an issue at its line and column, so
 * nothing unchecked reaches the page. Rules:
 * - headings start at level 2 (the route's title is the page's only h1) and never skip a level;
 * - no raw HTML, no reference-style links or footnotes (write inline links);
 * - a link goes to a route of this deployment (`/path?param=value`, with parameters the route
 *   declares and values of their type), an in-page heading (`#id`), or an http(s), mailto or tel
 *   address; anything else (javascript:, relative files, data:) is refused;
 * - an image is a file beside the content (png, jpg, svg, webp, gif) with alternative text.
 */
import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import type { PhrasingContent, RootContent, Table } from 'mdast';
import type {
  Block,
  CalloutKind,
  ContentDocument,
  Inline,
  QueryValue,
} from '../../../src/content/document.ts';
import type { RouteShape } from '../manifest-shape.ts';
import { undeclaredParam, valueProblem } from '../query-values.ts';
import { didYouMean } from '../suggest.ts';
import { placeOf, type ContentIssue, type FrontMatter } from './parse.ts';

type RouteLink = Extract<Inline, { t: 'route' }>;

export interface RenderContext {
  /** The deployment's routes after merging and hiding (a hidden route is no target). */
  routes: readonly RouteShape[];
  /** Directory images are relative to: the content file's. */
  dir: string;
}

export interface RenderedContent {
  document: ContentDocument;
  /** Absolute paths of the images, in the order of their `src` placeholders. */
  images: string[];
  issues: ContentIssue[];
}

/** Marks an image's `src` in the document until the emitter replaces it with an import. */
export const IMAGE_PLACEHOLDER = (index: number) => `\u0000image:${index}`;

const IMAGE_TYPES = new Set(['.png', '.jpg', '.jpeg', '.svg', '.webp', '.gif']);
const CALLOUTS: Record<string, CalloutKind> = {
  NOTE: 'note',
  TIP: 'tip',
  IMPORTANT: 'important',
  WARNING: 'warning',
  CAUTION: 'caution',
};

export function renderContent(
  nodes: readonly RootContent[],
  front: FrontMatter,
  context: RenderContext,
): RenderedContent {
  const issues: ContentIssue[] = [];
  const images: string[] = [];
  const headingIds = new Set<string>();
  const anchors: { id: string; node: PhrasingContent }[] = [];
  let lastLevel = 1;

  const issue = (
    node: { position?: { start: { line: number; column: number } } },
    message: string,
  ) => issues.push({ ...placeOf(node), message });

  function inline(list: readonly PhrasingContent[]): Inline[] {
    const out: Inline[] = [];
    for (const node of list) {
      const item = inlineNode(node);
      if (!item) continue;
      const last = out.at(-1);
      if (item.t === 'text' && last?.t === 'text')
        out[out.length - 1] = { t: 'text', v: last.v + item.v };
      else out.push(item);
    }
    return out;
  }

  function inlineNode(node: PhrasingContent): Inline | undefined {
    switch (node.type) {
      case 'text':
        return { t: 'text', v: node.value };
      case 'strong':
        return { t: 'strong', c: inline(node.children) };
      case 'emphasis':
        return { t: 'em', c: inline(node.children) };
      case 'delete':
        return { t: 'del', c: inline(node.children) };
      case 'inlineCode':
        return { t: 'code', v: node.value };
      case 'break':
        return { t: 'br' };
      case 'link':
        return link(node.url, inline(node.children), node);
      case 'image':
        return image(node.url, node.alt ?? '', node.title ?? undefined, node);
      case 'html':
        issue(node, 'raw HTML is not allowed in content; write it in Markdown');
        return undefined;
      default:
        issue(node, `${describe(node.type)} is not supported in content; use an inline link`);
        return undefined;
    }
  }

  function link(url: string, c: Inline[], node: PhrasingContent): Inline | undefined {
    if (url.startsWith('#')) {
      anchors.push({ id: url.slice(1), node });
      return { t: 'anchor', id: url.slice(1), c };
    }
    if (/^(https?:\/\/|mailto:|tel:)/i.test(url)) return { t: 'external', href: url, c };
    if (!url.startsWith('/') || url.startsWith('//')) {
      issue(
        node,
        `link "${url}" is not allowed: link to a route of this deployment (/path), a heading on this page (#id), or an http(s), mailto or tel address`,
      );
      return undefined;
    }
    const target = routeTarget(url, node);
    return target ? { t: 'route', ...target, c } : undefined;
  }

  function routeTarget(url: string, node: PhrasingContent): Omit<RouteLink, 't' | 'c'> | undefined {
    const parsed = new URL(url, 'https://content.invalid');
    const path = decodeURIComponent(parsed.pathname);
    const route = context.routes.find((r) => r.path === path && r.path !== '*');
    if (!route) {
      const paths = context.routes.filter((r) => r.path !== '*').map((r) => r.path);
      issue(
        node,
        `link to ${path}: no route of this deployment has that path${didYouMean(path, paths)}`,
      );
      return undefined;
    }
    const query: Record<string, QueryValue> = {};
    let ok = true;
    for (const [name, raw] of parsed.searchParams) {
      const param = route.query?.[name];
      if (!param) {
        issue(node, `link to ${path}: ${undeclaredParam(route, name)}`);
        ok = false;
        continue;
      }
      const value =
        param.type === 'boolean' && (raw === 'true' || raw === 'false')
          ? raw === 'true'
          : param.type === 'integer' && /^-?\d+$/.test(raw)
            ? Number(raw)
            : raw;
      const problem = valueProblem(param, value);
      if (problem) {
        issue(node, `link to ${path}: parameter "${name}": ${problem}`);
        ok = false;
      } else query[name] = value;
    }
    if (!ok) return undefined;
    const hash = parsed.hash ? parsed.hash.slice(1) : undefined;
    return {
      // Checked against the manifest above; tsc checks it again in the generated module.
      route: route.id as RouteLink['route'],
      ...(Object.keys(query).length > 0 ? { query } : {}),
      ...(hash ? { hash } : {}),
    };
  }

  function image(
    url: string,
    alt: string,
    title: string | undefined,
    node: PhrasingContent,
  ): Inline | undefined {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/')) {
      issue(
        node,
        `image "${url}": images are files beside the content, e.g. images/chart.svg (no addresses)`,
      );
      return undefined;
    }
    const file = resolve(context.dir, decodeURIComponent(url));
    if (!IMAGE_TYPES.has(extname(file).toLowerCase())) {
      issue(node, `image "${url}": use a .png, .jpg, .svg, .webp or .gif file`);
      return undefined;
    }
    if (!existsSync(file)) {
      issue(node, `image file not found: ${url}`);
      return undefined;
    }
    if (alt.trim() === '') {
      issue(node, `image "${url}" needs alternative text: ![what it shows](${url})`);
      return undefined;
    }
    images.push(file);
    return {
      t: 'image',
      src: IMAGE_PLACEHOLDER(images.length - 1),
      alt,
      ...(title ? { title } : {}),
    };
  }

  function blocks(list: readonly RootContent[]): Block[] {
    return list.flatMap((node) => {
      const b = block(node);
      return b ? [b] : [];
    });
  }

  function block(node: RootContent): Block | undefined {
    switch (node.type) {
      case 'heading': {
        if (node.depth === 1) {
          issue(
            node,
            'the route\'s title is the page heading: start the content\'s headings at "##"',
          );
          return undefined;
        }
        if (node.depth > lastLevel + 1) {
          issue(
            node,
            `heading level ${node.depth} follows level ${lastLevel}: do not skip levels (use ${'#'.repeat(lastLevel + 1)})`,
          );
        }
        lastLevel = node.depth;
        const c = inline(node.children);
        const id = uniqueId(slug(plainText(c)), headingIds);
        return { t: 'heading', level: node.depth as 2 | 3 | 4 | 5 | 6, id, c };
      }
      case 'paragraph':
        return { t: 'paragraph', c: inline(node.children) };
      case 'list':
        return {
          t: 'list',
          ordered: Boolean(node.ordered),
          ...(node.ordered && node.start !== null && node.start !== undefined && node.start !== 1
            ? { start: node.start }
            : {}),
          items: node.children.map((item) => blocks(item.children)),
        };
      case 'table':
        return table(node);
      case 'blockquote':
        return callout(node.children) ?? { t: 'quote', c: blocks(node.children) };
      case 'code':
        return { t: 'code', v: node.value, ...(node.lang ? { lang: node.lang } : {}) };
      case 'thematicBreak':
        return { t: 'rule' };
      case 'html':
        issue(node, 'raw HTML is not allowed in content; write it in Markdown');
        return undefined;
      case 'yaml':
        issue(node, 'front matter must come first in the file');
        return undefined;
      default:
        issue(node, `${describe(node.type)} is not supported in content`);
        return undefined;
    }
  }

  function table(node: Table): Block {
    const [head, ...rows] = node.children;
    const cells = (row: Table['children'][number]) =>
      row.children.map((cell) => inline(cell.children));
    return {
      t: 'table',
      align: (node.align ?? []).map((a) => a ?? null),
      head: head ? cells(head) : [],
      rows: rows.map(cells),
    };
  }

  /** GitHub's alert syntax: a quote whose first line is `[!NOTE]`, `[!TIP]`, `[!WARNING]`... */
  function callout(children: readonly RootContent[]): Block | undefined {
    const [first, ...rest] = children;
    if (first?.type !== 'paragraph') return undefined;
    const lead = first.children[0];
    const match = lead?.type === 'text' ? /^\[!([A-Z]+)\]\s*/.exec(lead.value) : null;
    if (!match) return undefined;
    const kind = CALLOUTS[match[1]!];
    if (!kind) {
      issue(
        first,
        `unknown call-out [!${match[1]}]; use one of ${Object.keys(CALLOUTS)
          .map((k) => `[!${k}]`)
          .join(', ')}`,
      );
      return undefined;
    }
    const remaining = [
      { ...lead, value: (lead as { value: string }).value.slice(match[0].length) },
      ...first.children.slice(1),
    ] as PhrasingContent[];
    const paragraph: Block[] = remaining.some((n) => n.type !== 'text' || n.value.trim() !== '')
      ? [{ t: 'paragraph', c: inline(remaining) }]
      : [];
    return { t: 'callout', kind, c: [...paragraph, ...blocks(rest)] };
  }

  const body = blocks(nodes);
  for (const anchor of anchors) {
    if (!headingIds.has(anchor.id)) {
      issue(
        anchor.node,
        `link to #${anchor.id}: no heading on this page has that id${didYouMean(anchor.id, [...headingIds])}`,
      );
    }
  }
  return {
    document: { ...front, blocks: body },
    images,
    issues: issues.sort((a, b) => a.line - b.line || a.column - b.column),
  };
}

function describe(type: string): string {
  const names: Record<string, string> = {
    linkReference: 'a reference-style link',
    imageReference: 'a reference-style image',
    definition: 'a link definition',
    footnoteReference: 'a footnote',
    footnoteDefinition: 'a footnote',
  };
  return names[type] ?? `"${type}"`;
}

export function plainText(list: readonly Inline[]): string {
  return list
    .map((i) => ('v' in i ? i.v : 'c' in i ? plainText(i.c) : i.t === 'image' ? i.alt : ' '))
    .join('');
}

/** A heading's id as GitHub makes it: lower case, letters, digits and hyphens. */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'section'
  );
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 1; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}
