/**
 * Links that a customer build keeps but that lead nowhere for that customer: a screen or shell
 * module that names a route the customer hides, by id (`<AppLink route="voc">`, `href('voc')`,
 * `navigateTo('voc')`, `{ route: 'voc' }`) or, in code that predates links by id, by path
 * (`'/customer/voc'`). Typed links compile against the product's routes, so only a scan of the
 * source can tell; such a link shows the error page. Reported as warnings by
 * `npm run build:customer`, with file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface HiddenLink {
  /** Repository-relative file, forward slashes. */
  file: string;
  line: number;
  path: string;
}

interface HiddenRoute {
  id: string;
  path: string;
  screen: string;
}

/**
 * Where a string names a route by id: the `route` prop or key, a `ROUTE` constant, the first
 * argument of the link helpers, a `RouteQuery<...>` type. A bare id elsewhere ('agents', 'hr')
 * is too common a word to be a link.
 */
const ID_PLACES = String.raw`(?:\broute\s*[=:]\s*\{?\s*|\bROUTE\s*=\s*|\b(?:href|navigateTo|navigate|useRouteQuery)\(\s*|\bRouteQuery<\s*)`;

/**
 * Every string literal in src/ (tests and generated code left out) that is exactly the path of a
 * hidden route or its id in a link's place. The hidden screens' own modules (and a folder of the
 * same name) are skipped: they are not in the build.
 */
export function findHiddenLinks(
  repoRoot: string,
  hidden: readonly HiddenRoute[],
  srcDir = join(repoRoot, 'src'),
): HiddenLink[] {
  if (hidden.length === 0) return [];
  const skipped = hidden.map((r) => `src/screens/${r.screen}`);
  const literal = new RegExp(
    `(['"\`])(${hidden.map((r) => escape(r.path)).join('|')})(?:\\?[^'"\`]*)?\\1`,
    'g',
  );
  const pathOfId = new Map(hidden.map((r) => [r.id, r.path]));
  const byId = new RegExp(
    `${ID_PLACES}(['"\`])(${hidden.map((r) => escape(r.id)).join('|')})\\1`,
    'g',
  );
  const links: HiddenLink[] = [];
  for (const entry of readdirSync(srcDir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry) || /\.test(-d)?\.tsx?$/.test(entry)) continue;
    const file = relative(repoRoot, join(srcDir, entry)).split('\\').join('/');
    if (file.startsWith('src/generated/')) continue;
    if (skipped.some((s) => file === `${s}.tsx` || file.startsWith(`${s}/`))) continue;
    const lines = readFileSync(join(srcDir, entry), 'utf8').split('\n');
    lines.forEach((text, i) => {
      // Comments may mention a path (documentation examples); only code links.
      const code = text.replace(/^\s*(\/\/|\*|\/\*\*?).*$/, '');
      for (const match of code.matchAll(literal)) {
        links.push({ file, line: i + 1, path: match[2]! });
      }
      for (const match of code.matchAll(byId)) {
        links.push({ file, line: i + 1, path: pathOfId.get(match[2]!)! });
      }
    });
  }
  return links.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
