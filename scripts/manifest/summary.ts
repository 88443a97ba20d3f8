import type { ManifestShape } from './manifest-shape.ts';
import type { Problem } from './problem.ts';

/** One line for a valid manifest: what it holds and how many warnings it has. */
export function summarize(file: string, m: ManifestShape, problems: readonly Problem[]): string {
  const warnings = problems.filter((p) => p.severity === 'warning').length;
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  return (
    `${file}: valid (${plural(m.routes.length, 'route')}, ${plural(m.sidebar.sections.length, 'sidebar section')}, ` +
    `${plural(m.header.tools.length, 'tool')}, ${plural(m.header.quickSearch.length, 'preset')}; ${plural(warnings, 'warning')})`
  );
}
