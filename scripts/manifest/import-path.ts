import { relative, sep } from 'node:path';

/** A relative import specifier from `fromDir` to `target`, with forward slashes. */
export function importPath(fromDir: string, target: string): string {
  const path = relative(fromDir, target).split(sep).join('/');
  return path.startsWith('.') ? path : './' + path;
}
