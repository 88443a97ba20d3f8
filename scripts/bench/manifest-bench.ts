/**
 * `npm run bench:manifest`: how long check + generate take (issue 2), for the product manifest
 * and for a generated 1,000-route manifest, against a 1 s budget for 1,000 routes.
 * Each figure is measured in a fresh process ("cold": schema compile and type emission
 * included, as `npm run generate` pays them) and as the median of warm runs in one process
 * (as the dev server pays them on each manifest save). Prints PASS/FAIL; exits 1 over budget.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generate } from '../manifest/generate.ts';
import type { ManifestShape, RouteShape } from '../manifest/manifest-shape.ts';
import { defaultManifestFile, repoRoot } from '../manifest/paths.ts';
import { hasErrors } from '../manifest/problem.ts';

const BUDGET_MS = 1000;
const ROUTES = 1000;
const WARM_RUNS = 5;

/**
 * The product manifest grown to `count` routes: extra routes with query parameters, linked from
 * an extra sidebar section so every layer (references, orphans) does full work. They reuse
 * the product's screen modules, so the screen check passes against src/screens.
 */
function manifestWithRoutes(product: ManifestShape, count: number): ManifestShape {
  const m = structuredClone(product);
  const screens = [...new Set(product.routes.map((r) => r.screen))];
  const extra: RouteShape[] = [];
  for (let i = m.routes.length; i < count; i++) {
    const n = String(i).padStart(4, '0');
    extra.push({
      id: `bench-${n}`,
      path: `/bench/area-${Math.floor(i / 50)}/screen-${n}`,
      title: `Bench screen ${n}`,
      auth: i % 3 === 0 ? 'public' : 'required',
      screen: screens[i % screens.length]!,
      parent: 'dashboard',
      icon: 'chart',
      description: 'A generated screen for the manifest benchmark.',
      query: {
        vendor: { type: 'string', description: 'Vendor filter.' },
        limit: { type: 'integer', description: 'Top N.' },
        compliant: { type: 'boolean', description: 'Compliance filter.' },
        band: { type: 'enum', values: ['top', 'middle', 'bottom'], description: 'Quartile band.' },
      },
    });
  }
  // Keep the "*" route last, as in the product manifest.
  const catchAll = m.routes.filter((r) => r.path === '*');
  m.routes = [...m.routes.filter((r) => r.path !== '*'), ...extra, ...catchAll];
  m.sidebar.sections.push({
    id: 'bench',
    title: 'Bench',
    items: extra.map((r, i) => ({
      id: r.id,
      label: r.title,
      target: { route: r.id, query: { limit: i, compliant: i % 2 === 0, band: 'top' } },
    })),
  });
  return m;
}

async function checkAndGenerate(manifestFile: string, outDir: string): Promise<number> {
  const start = performance.now();
  const result = await generate(manifestFile, { outDir });
  const ms = performance.now() - start;
  if (hasErrors(result.problems)) {
    throw new Error(
      `${manifestFile} is invalid:\n${result.problems.map((p) => p.message).join('\n')}`,
    );
  }
  return ms;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

// A child process measures one cold run and prints the milliseconds.
if (process.argv[2] === '--cold') {
  console.log((await checkAndGenerate(process.argv[3]!, process.argv[4]!)).toFixed(0));
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), 'sa-manifest-bench-'));
try {
  // The big manifest sits beside a copy of the product's assets, which it references.
  cpSync(resolve(repoRoot, 'manifest', 'assets'), join(work, 'assets'), { recursive: true });
  const product = JSON.parse(readFileSync(defaultManifestFile, 'utf8')) as ManifestShape;
  const bigFile = join(work, `routes-${ROUTES}.manifest.json`);
  writeFileSync(bigFile, JSON.stringify(manifestWithRoutes(product, ROUTES), null, 2));

  const cases = [
    {
      name: `product manifest (${product.routes.length} routes)`,
      file: defaultManifestFile,
      budget: false,
    },
    { name: `generated manifest (${ROUTES} routes)`, file: bigFile, budget: true },
  ];
  let failed = false;
  for (const c of cases) {
    const outDir = join(work, 'out');
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--cold', c.file, join(work, 'cold')],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(`cold run failed:\n${child.stderr}`);
    const cold = Number(child.stdout.trim());
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS + 1; i++) warm.push(await checkAndGenerate(c.file, outDir));
    const warmMedian = median(warm.slice(1)); // the first in-process run is a cold one
    const verdict = c.budget ? (cold < BUDGET_MS ? 'PASS' : 'FAIL') : '';
    if (c.budget && cold >= BUDGET_MS) failed = true;
    console.log(
      `check + generate, ${c.name}: cold ${cold} ms, warm median ${warmMedian.toFixed(0)} ms` +
        (c.budget ? ` (budget < ${BUDGET_MS} ms cold) ${verdict}` : ''),
    );
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(work, { recursive: true, force: true });
}
