/**
 * Content pages: routes whose `content` is a Markdown file instead of a screen. The last layer
 * of the manifest check (once the manifest itself is valid, since links are checked against its
 * routes) and the input of the generator. Problems are placed in the content file itself:
 * `manifest/content/hr.md:12:5: /routes/14/content: link to /customer/vocx: ...`.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { ManifestShape } from '../manifest-shape.ts';
import { pointerOf, type Problem } from '../problem.ts';
import { parseContent } from './parse.ts';
import { renderContent, type RenderedContent } from './render.ts';

export { IMAGE_PLACEHOLDER } from './render.ts';
export type { RenderedContent } from './render.ts';

export interface ContentPages {
  problems: Problem[];
  /** The rendered document of each content route, by route id (only when it has no errors). */
  pages: Map<string, RenderedContent>;
}

/** Every content file a manifest names, with its pointer. */
export function contentSites(m: ManifestShape): { pointer: string; path: string }[] {
  return m.routes.flatMap((route, i) =>
    route.content === undefined
      ? []
      : [{ pointer: pointerOf('routes', i, 'content'), path: route.content }],
  );
}

/**
 * Reads, checks and renders every content page of a valid manifest. `manifestDir` is the
 * directory content paths are relative to (the manifest file's; for a customer, the merged
 * manifest's paths have already been made relative to the customer file).
 */
export function loadContentPages(m: ManifestShape, manifestDir: string): ContentPages {
  const problems: Problem[] = [];
  const pages = new Map<string, RenderedContent>();
  for (const site of contentSites(m)) {
    const file = resolve(manifestDir, site.path);
    const shown = relative(process.cwd(), file).split('\\').join('/') || file;
    const route = m.routes[Number(site.pointer.split('/')[2])]!;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // The asset layer already reported a missing file at the manifest's line.
      continue;
    }
    const parsed = parseContent(text);
    const rendered = renderContent(parsed.nodes, parsed.front, {
      routes: m.routes,
      dir: dirname(file),
    });
    const issues = [...parsed.issues, ...rendered.issues];
    problems.push(
      ...issues.map((issue) => ({
        file: shown,
        pointer: site.pointer,
        line: issue.line,
        column: issue.column,
        severity: 'error' as const,
        message: issue.message,
      })),
    );
    if (issues.length === 0) pages.set(route.id, rendered);
  }
  return { problems, pages };
}
