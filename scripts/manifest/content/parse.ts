/**
 * Reads a content file: Markdown (CommonMark + GitHub tables, strikethrough and autolinks)
 * with optional YAML front matter, into an mdast tree whose every node knows its line and
 * column, so each check can point at the exact place in the file.
 *
 * micromark/mdast-util-from-markdown is the parser: CommonMark-exact, positions on every node,
 * maintained by the unified collective, and only used at build time (the browser gets the
 * pre-rendered tree, never a Markdown engine).
 */
import type { Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { parseDocument } from 'yaml';

export interface Place {
  line: number;
  column: number;
}

export interface ContentIssue extends Place {
  message: string;
}

export interface FrontMatter {
  summary?: string;
  updated?: string;
}

export interface ParsedContent {
  front: FrontMatter;
  /** The body: everything after the front matter. */
  nodes: RootContent[];
  issues: ContentIssue[];
}

const FRONT_MATTER_KEYS: Record<keyof FrontMatter, (v: unknown) => string | undefined> = {
  summary: (v) =>
    typeof v === 'string' && v.trim() !== '' && v.length <= 400
      ? undefined
      : 'summary: expected one line of text (at most 400 characters)',
  updated: (v) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))
      ? undefined
      : 'updated: expected a date written YYYY-MM-DD',
};

export function placeOf(node: { position?: { start: Place } }): Place {
  return { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}

export function parseContent(text: string): ParsedContent {
  const tree: Root = fromMarkdown(text.replace(/^\uFEFF/, ''), {
    extensions: [gfm(), frontmatter(['yaml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml'])],
  });
  const issues: ContentIssue[] = [];
  const [first, ...rest] = tree.children;
  if (first?.type !== 'yaml') return { front: {}, nodes: tree.children, issues };
  return { front: readFrontMatter(first.value, placeOf(first), issues), nodes: rest, issues };
}

/** Front matter is YAML after the `---` line; only the keys above are allowed. */
function readFrontMatter(yaml: string, at: Place, issues: ContentIssue[]): FrontMatter {
  const doc = parseDocument(yaml, { prettyErrors: false });
  // Lines inside the block start one below the opening `---`.
  const lineOf = (offset: number) =>
    at.line + 1 + (yaml.slice(0, offset).match(/\n/g)?.length ?? 0);
  const columnOf = (offset: number) => offset - yaml.lastIndexOf('\n', offset - 1);
  for (const e of doc.errors) {
    const offset = e.pos[0];
    issues.push({
      line: lineOf(offset),
      column: columnOf(offset),
      message: `front matter: ${e.message.split('\n')[0]}`,
    });
  }
  if (doc.errors.length > 0) return {};
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    issues.push({ ...at, message: 'front matter: expected "key: value" lines' });
    return {};
  }
  const front: FrontMatter = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const offset = yaml.search(
      new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`, 'm'),
    );
    const place = offset >= 0 ? { line: lineOf(offset), column: columnOf(offset) } : at;
    const check = FRONT_MATTER_KEYS[key as keyof FrontMatter];
    if (!check) {
      issues.push({
        ...place,
        message: `front matter: unknown key "${key}"; allowed: ${Object.keys(FRONT_MATTER_KEYS).join(', ')}`,
      });
      continue;
    }
    const problem = check(v);
    if (problem) issues.push({ ...place, message: `front matter: ${problem}` });
    else front[key as keyof FrontMatter] = v as string;
  }
  return front;
}
