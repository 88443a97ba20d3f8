/**
 * `npm run bench:data`: the embedded data engine (what runs in the Web Worker), in-process.
 *
 * For 20,000 and 200,000 calls:
 * - generate: building the synthetic corpus from its seed, on one thread and in slices on
 *   worker_threads (what the browser does with helper workers on 4+ cores). Goal, not a budget:
 *   200,000 calls in a few seconds (5 s), judged on the better of one-thread CPU time and
 *   threaded wall time; printed as "MISSED (goal)" when over, without failing the run;
 * - dashboard: everything the dashboard asks for at once: KPI cards for the last 30 days
 *   with the previous 30 days, daily volume and sentiment over the 90 days, top categories,
 *   top topics and the vendor breakdown. Budget: < 150 ms at 20,000 calls, < 1 s at 200,000.
 * - for reference: a call-list page, a call page (transcript rebuilt), a keyword search.
 * Wall time is the median of several runs; CPU time is printed beside it because other work on
 * a shared machine stretches wall time. Budgets are judged on CPU time when the machine is busy
 * (wall > 1.5 x CPU), else on wall time. Exits 1 when a budget is missed.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { SLICES } from '../../src/data/corpus/generate.ts';
import {
  generateCorpusParallel,
  type SliceMessage,
  type SliceRunner,
} from '../../src/data/corpus/parallel.ts';
import { createEmbeddedSource, type EmbeddedSource } from '../../src/data/engine/index.ts';
import { lastDays } from '../../src/data/period.ts';

interface Figure {
  name: string;
  wallMs: number;
  cpuMs: number;
  budgetMs?: number;
  /** A goal is reported like a budget but does not fail the run. */
  goal?: boolean;
  /** Figure compared with the budget when not the usual wall/CPU choice. */
  judgedMs?: number;
}

const SIZES = [
  { calls: 20_000, dashboardBudgetMs: 150, generateGoalMs: undefined },
  { calls: 200_000, dashboardBudgetMs: 1_000, generateGoalMs: 5_000 },
];

function measure<T>(fn: () => T): { value: T; wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = fn();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

async function measureAsync<T>(
  fn: () => Promise<T>,
  runs: number,
): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const samples: { value: T; wallMs: number; cpuMs: number }[] = [];
  for (let k = 0; k < runs; k++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const value = await fn();
    const wallMs = performance.now() - start;
    const used = process.cpuUsage(cpu);
    samples.push({ value, wallMs, cpuMs: (used.user + used.system) / 1000 });
  }
  samples.sort((a, b) => a.wallMs - b.wallMs);
  return samples[Math.floor(samples.length / 2)]!;
}

async function dashboard(source: EmbeddedSource) {
  const info = await source.info();
  const month = lastDays(info.range.to, 30);
  const quarter = lastDays(info.range.to, 90);
  return Promise.all([
    source.kpis({ filters: month }),
    source.timeSeries({ filters: quarter, bucket: 'day' }),
    source.aggregate({ filters: month, by: 'category', limit: 10 }),
    source.aggregate({ filters: month, by: 'topic', limit: 10 }),
    source.aggregate({ filters: month, by: 'vendor' }),
  ]);
}

/**
 * The same slices the browser's helper workers build, on worker_threads (one per core). Wall
 * time is what counts here: CPU time adds up over the threads.
 */
async function generateInThreads(
  calls: number,
): Promise<{ wallMs: number; cpuMs: number; threads: number; calls: number }> {
  const threads = Math.min(SLICES, availableParallelism());
  const helpers = Array.from(
    { length: threads },
    () => new Worker(new URL('./slice-thread.mjs', import.meta.url)),
  );
  const runners: SliceRunner[] = helpers.map(
    (helper) => (options, k) =>
      new Promise<SliceMessage>((resolve, reject) => {
        helper.once('message', resolve);
        helper.once('error', reject);
        helper.postMessage({ options, k });
      }),
  );
  try {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const corpus = await generateCorpusParallel({ calls }, runners);
    const wallMs = performance.now() - start;
    const used = process.cpuUsage(cpu);
    return { wallMs, cpuMs: (used.user + used.system) / 1000, threads, calls: corpus.n };
  } finally {
    await Promise.all(helpers.map((h) => h.terminate()));
  }
}

const figures: Figure[] = [];
for (const size of SIZES) {
  const generated = measure(() => createEmbeddedSource({ calls: size.calls }));
  const source = generated.value;
  const threaded = await generateInThreads(size.calls);
  // The goal is met when either way of building reaches it (the browser uses helpers on 4+ cores).
  const best = Math.min(generated.cpuMs, threaded.wallMs);
  figures.push({
    name: `${size.calls} calls: generate (one thread)`,
    wallMs: generated.wallMs,
    cpuMs: generated.cpuMs,
  });
  figures.push({
    name: `${size.calls} calls: generate (${threaded.threads} worker threads, wall counts)`,
    wallMs: threaded.wallMs,
    cpuMs: threaded.cpuMs,
    ...(size.generateGoalMs !== undefined
      ? { budgetMs: size.generateGoalMs, goal: true, judgedMs: best }
      : {}),
  });
  const heapMb = process.memoryUsage().heapUsed / 1e6;

  await dashboard(source); // warm-up (JIT)
  const dash = await measureAsync(() => dashboard(source), 7);
  figures.push({
    name: `${size.calls} calls: dashboard aggregations`,
    wallMs: dash.wallMs,
    cpuMs: dash.cpuMs,
    budgetMs: size.dashboardBudgetMs,
  });
  const [kpis, , , , vendors] = dash.value;
  const vendorSum = vendors.rows.reduce((s, r) => s + r.metrics.calls, 0);
  if (vendorSum !== kpis.current.calls)
    throw new Error(`dashboard ${kpis.current.calls} calls but vendors add up to ${vendorSum}`);

  const month = lastDays((await source.info()).range.to, 30);
  const list = await measureAsync(
    () =>
      source.calls({
        filters: { ...month, compliant: false },
        sort: { field: 'qaScore', direction: 'asc' },
        limit: 50,
      }),
    5,
  );
  figures.push({
    name: `${size.calls} calls: call list page (sorted)`,
    wallMs: list.wallMs,
    cpuMs: list.cpuMs,
  });
  const detail = await measureAsync(() => source.call(list.value.items[0]!.id), 5);
  figures.push({
    name: `${size.calls} calls: call page`,
    wallMs: detail.wallMs,
    cpuMs: detail.cpuMs,
  });
  const search = await measureAsync(
    () =>
      source.search({
        expression: 'CUSTOMER:"cancel my" OR (competitor NEAR/5 price)',
        filters: month,
        limit: 25,
      }),
    1,
  );
  figures.push({
    name: `${size.calls} calls: keyword search, 30 days (${search.value.searched} transcripts)`,
    wallMs: search.wallMs,
    cpuMs: search.cpuMs,
  });
  console.log(
    `${size.calls} calls: heap after generation ${heapMb.toFixed(0)} MB; dashboard calls ${kpis.current.calls} = sum over vendors ${vendorSum}`,
  );
}

let failed = false;
console.log(
  '\nfigure'.padEnd(72) +
    'wall ms'.padStart(10) +
    'cpu ms'.padStart(10) +
    'budget'.padStart(10) +
    '  result',
);
for (const f of figures) {
  const busy = f.wallMs > 1.5 * f.cpuMs;
  const judged = f.judgedMs ?? (busy ? f.cpuMs : f.wallMs);
  const verdict =
    f.budgetMs === undefined
      ? ''
      : judged <= f.budgetMs
        ? `ok${busy ? ' (cpu)' : ''}`
        : `${f.goal ? 'MISSED (goal)' : 'OVER'}${busy ? ' (cpu)' : ''}`;
  if (verdict.startsWith('OVER')) failed = true;
  console.log(
    f.name.padEnd(72) +
      f.wallMs.toFixed(1).padStart(10) +
      f.cpuMs.toFixed(1).padStart(10) +
      (f.budgetMs === undefined ? '' : String(f.budgetMs)).padStart(10) +
      `  ${verdict}`,
  );
}
const missedGoals = figures.filter(
  (f) =>
    f.goal && f.budgetMs !== undefined && (f.judgedMs ?? Math.min(f.wallMs, f.cpuMs)) > f.budgetMs,
);
if (missedGoals.length > 0)
  console.log(`\ngoal missed (not a budget): ${missedGoals.map((f) => f.name).join(', ')}`);
console.log(failed ? 'data bench: a budget was missed' : 'data bench: every budget met');
process.exit(failed ? 1 : 0);
