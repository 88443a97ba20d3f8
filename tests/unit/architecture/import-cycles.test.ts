/**
 * The data layer and the domain have no import circle: the interface (src/data/source.ts) builds
 * on leaf type modules (query-types.ts, source-error.ts and the domain type files), which never
 * import it back; the demo generator (src/data/corpus/) reads the product's rules from src/domain
 * and never the reverse. Type-only imports count: a circle of types is what makes a change
 * ripple through files.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../scripts/manifest/paths.ts';

/** Relative imports and re-exports among the source files under `dirs` (tests left out). */
function importGraph(...dirs: string[]): Map<string, string[]> {
  const files = dirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => join(dir, f)),
  );
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(/(?:import|export)[^'";]*?from\s+'(\.[^']+)'/g)]
        .map((m) => resolve(dirname(file), m[1]!))
        .filter((target) => known.has(target));
      return [file, targets];
    }),
  );
}

/** The strongly connected components with more than one file (Tarjan), as sorted names. */
function circles(graph: Map<string, string[]>, base: string): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let top = stack.pop()!; ; top = stack.pop()!) {
      component.push(relative(base, top));
      if (top === file) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('import circles', () => {
  const srcDir = join(repoRoot, 'src');
  const dataDir = join(srcDir, 'data');

  it('the data layer has none', () => {
    expect(circles(importGraph(dataDir), dataDir)).toEqual([]);
  });

  it('the domain and the data layer together have none', () => {
    expect(circles(importGraph(join(srcDir, 'domain'), dataDir), srcDir)).toEqual([]);
  });

  it('finds a planted one (the interface imported back by a type module)', () => {
    const graph = importGraph(dataDir);
    const typeModule = join(dataDir, 'query-types.ts');
    graph.set(typeModule, [...graph.get(typeModule)!, join(dataDir, 'source.ts')]);
    const planted = circles(graph, dataDir).find((circle) => circle.includes('source.ts'));
    expect(planted).toEqual(expect.arrayContaining(['query-types.ts', 'source.ts']));
  });

  it('finds a planted one across the two (a domain rule importing the demo scripts back)', () => {
    const domainDir = join(srcDir, 'domain');
    const graph = importGraph(domainDir, dataDir);
    const rules = join(domainDir, 'rules', 'default-rules.ts');
    graph.set(rules, [...graph.get(rules)!, join(dataDir, 'corpus', 'scenarios.ts')]);
    const planted = circles(graph, srcDir).find((circle) =>
      circle.includes('domain/rules/default-rules.ts'),
    );
    expect(planted).toEqual(
      expect.arrayContaining(['data/corpus/scenarios.ts', 'domain/rules/default-rules.ts']),
    );
  });
});
