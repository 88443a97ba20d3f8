/**
 * src/data/README.md's "HTTP contract" table is the contract a backend implements, so it must
 * name every route of `contract.ts` and no route that is not there: a method added to the
 * contract without its row (or a row left behind by a removed one) fails here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT } from './contract.ts';

const readme = readFileSync(resolve(import.meta.dirname, '..', 'README.md'), 'utf8');

/** The table's lines: from its header row to the first line that is not a row. */
function contractTable(): string {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => /^\|\s*Method\s*\|\s*HTTP\s*\|/.test(line));
  expect(start, 'src/data/README.md has no "| Method | HTTP |" table').toBeGreaterThan(0);
  const end = lines.findIndex((line, k) => k > start && !line.startsWith('|'));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

const table = contractTable();
/** Every `VERB /path` the table names, in any of its columns. */
const routesInTable = new Set(
  [...table.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s]*)`/g)].map(
    ([, verb, path]) => `${verb} ${path}`,
  ),
);
const contractRoutes = Object.values(CONTRACT).flatMap((method) =>
  method.routes.map((route) => `${route.verb} ${route.path}`),
);

describe('the data README’s contract table', () => {
  it('names every method of the contract', () => {
    const missing = Object.keys(CONTRACT).filter((method) => !table.includes(`\`${method}(`));
    expect(missing).toEqual([]);
  });

  it('names every route of the contract', () => {
    expect(contractRoutes.filter((route) => !routesInTable.has(route))).toEqual([]);
  });

  it('names no route the contract does not have', () => {
    const known = new Set(contractRoutes);
    expect([...routesInTable].filter((route) => !known.has(route))).toEqual([]);
  });
});
