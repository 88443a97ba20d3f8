/**
 * Links that a customer build keeps but that lead nowhere for that customer: a screen or shell
 * module that writes the path of a route the customer hides (`<AppLink to="/customer/voc">`,
 * `href('/customer/voc')`). Typed links compile against the product's routes, so only a scan
 * of the source can tell; such a link shows the error page. Reported as warnings by
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
  path: string;
  screen: string;
}

/**
 * Every string literal in src/ (tests and generated code left out) that is exactly the path of a
 * hidden route. The hidden screens' own modules (and a folder of the same name) are skipped:
 * they are not in the build.
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
    });
  }
  return links.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
