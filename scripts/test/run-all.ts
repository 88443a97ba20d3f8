/**
 * `npm test`: the whole suite, in the order a change can break things:
 * generate -> manifests -> format check, lint and typecheck (side by side) -> Chromium ->
 * build -> customer builds -> unit tests -> browser tests. The Quick start's `npm start` on a
 * fresh copy of the tree runs beside the builds (and the unit tests run beside the browser
 * tests on 4 cores or more). It ends with the ten slowest test files, so the next slow test is
 * seen the day it lands.
 *
 * Checks keep going after a failure so one run reports everything; a step that later steps
 * need (generation, build, Chromium) stops what depends on it. The last line is always
 * `N passed, N failed`: test counts of vitest and Playwright, with every failed non-test step
 * counted as one failure (steps skipped because of it are not), so "0 failed" means exit 0.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_BUILD_ENV } from '../../tests/corpus-day.ts';
import { browserFileTimes, formatFileTimes, slowest, unitFileTimes } from './slowest-files.ts';

const root = resolve(import.meta.dirname, '..', '..');
const reports = join(root, '.cache', 'test-reports');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const scripts = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

interface Counts {
  passed: number;
  failed: number;
}
interface StepResult {
  name: string;
  ok: boolean;
  note: string;
  counts?: Counts;
  /** Not run because a step it needs failed (that failure is already counted). */
  skipped?: boolean;
  /** Wall time, printed in the summary so the suite's time budget shows where it goes. */
  seconds?: number;
}

const results: StepResult[] = [];

function announce(command: string, args: string[]): void {
  console.log(`\n▶ ${[command.replace(root + '/', ''), ...args].join(' ')}`);
}

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  announce(command, args);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
  });
  if (result.error) console.error(`could not start ${command}: ${result.error.message}`);
  return result.status === 0;
}

interface Outcome {
  ok: boolean;
  /** The output, when kept to be printed whole later (`buffered`). */
  output: string;
  seconds: number;
}

/**
 * Runs a command without blocking, so another can run beside it: its output goes straight
 * through, or is kept (`buffered`) to be printed whole afterwards, never interleaved.
 */
function runBeside(
  command: string,
  args: string[],
  { env = {}, buffered = false }: { env?: Record<string, string>; buffered?: boolean } = {},
): Promise<Outcome> {
  if (!buffered) announce(command, args);
  return new Promise((resolve) => {
    const started = performance.now();
    let output = '';
    const done = (ok: boolean) =>
      resolve({ ok, output, seconds: (performance.now() - started) / 1000 });
    const child = spawn(command, args, {
      cwd: root,
      stdio: buffered ? 'pipe' : 'inherit',
      env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => {
      output += `could not start ${command}: ${error.message}\n`;
      done(false);
    });
    child.on('close', (status) => done(status === 0));
  });
}

function step(name: string, action: () => boolean | Omit<StepResult, 'name'>): boolean {
  const started = performance.now();
  const outcome = action();
  const result = typeof outcome === 'boolean' ? { ok: outcome, note: '' } : outcome;
  results.push({ name, ...result, seconds: (performance.now() - started) / 1000 });
  return result.ok;
}

interface Check {
  name: string;
  command: string;
  args: string[];
}

/**
 * Independent checks side by side: each is single-threaded (prettier, eslint, tsc), so on two
 * cores they take about half their time in a row. Their output is printed whole, one check
 * after another in the given order, never interleaved.
 */
async function stepsTogether(checks: Check[]): Promise<void> {
  const outcomes = checks.map(({ command, args }) => runBeside(command, args, { buffered: true }));
  for (const [k, outcome] of (await Promise.all(outcomes)).entries()) {
    const { name, command, args } = checks[k]!;
    announce(command, args);
    process.stdout.write(outcome.output);
    results.push({ name, ok: outcome.ok, note: '', seconds: outcome.seconds });
  }
}

function skip(name: string, because: string): void {
  results.push({ name, ok: false, skipped: true, note: `not run: ${because}` });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** A test tool's counts read from its JSON report, given how it ended. */
function countsFrom(
  ok: boolean,
  reportFile: string,
  countsOf: (report: never) => Counts,
): Omit<StepResult, 'name'> {
  const report = readJson<never>(reportFile);
  if (!report) return { ok: false, note: `no report written to ${reportFile}` };
  const reported = countsOf(report);
  // A run that exits non-zero with no failed test (a suite that does not load, a crashed
  // global setup) still counts as one failure.
  const counts = { ...reported, failed: Math.max(reported.failed, ok ? 0 : 1) };
  return {
    ok: ok && counts.failed === 0,
    note: `${counts.passed} passed, ${counts.failed} failed`,
    counts,
  };
}

/** Runs a test tool with a JSON report (beside other steps) and reads the counts from it. */
async function testStep(
  name: string,
  command: string,
  args: string[],
  reportFile: string,
  countsOf: (report: never) => Counts,
  options: { env?: Record<string, string>; buffered?: boolean } = {},
): Promise<StepResult> {
  rmSync(reportFile, { force: true });
  const outcome = await runBeside(command, args, options);
  if (options.buffered) {
    announce(command, args);
    process.stdout.write(outcome.output);
  }
  return { name, ...countsFrom(outcome.ok, reportFile, countsOf), seconds: outcome.seconds };
}

mkdirSync(reports, { recursive: true });
// A step that does not run leaves no report of an earlier run to be read as this one's.
for (const report of ['vitest.json', 'playwright.json'])
  rmSync(join(reports, report), { force: true });
const generators = ['generate', 'generate:data'].filter((name) => scripts[name]);

const generated = step('generate', () =>
  generators.every((name) => run('npm', ['run', '--silent', name])),
);

// Every manifest (product and white-label customers) and no two sharing a deployment id.
step('manifests', () => run('npm', ['run', '--silent', 'manifest:check-all']));

await stepsTogether([
  {
    name: 'format',
    command: bin('prettier'),
    args: [
      '--check',
      '--log-level',
      'warn',
      'src',
      'scripts',
      'server',
      'tests',
      'schema',
      'manifest',
    ],
  },
  // The architecture's import boundaries (eslint.config.js) and the React hook rules.
  { name: 'lint', command: bin('eslint'), args: ['src', 'scripts', 'server', 'tests'] },
  ...(generated
    ? [{ name: 'typecheck', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] }]
    : []),
]);

const browser = step('chromium', () => run('npm', ['run', '--silent', 'browser:install']));

// The Quick start's first line on a clean copy of the tree (issue 38): it generates what it
// needs, starts, and its sign-in page shows the app. It runs beside the builds, which have no
// time limits, its output printed when it ends (it prints little; its own process reads
// npm start's output, so the builds blocking this one's event loop hold nothing up).
const quickStart = browser
  ? runBeside(bin('tsx'), ['scripts/test/quick-start-check.ts'], { buffered: true }).then(
      (outcome): StepResult => {
        announce('tsx', ['scripts/test/quick-start-check.ts']);
        process.stdout.write(outcome.output);
        return {
          name: 'npm start on a fresh clone',
          ok: outcome.ok,
          note: '',
          seconds: outcome.seconds,
        };
      },
    )
  : null;
if (!quickStart) skip('npm start on a fresh clone', 'Chromium is not available');

// The browser tests' build pins the day the demo corpus ends on (users' builds end today) and
// makes it smaller (tests/corpus-day.ts). It is `npm run build:test` without its generators:
// the first step ran them on this tree, and running them again cost 10 s of CPU (issue 34).
// Vite's manifest plugin still checks the manifest and regenerates its code at build start.
const built = generated ? step('build', () => run(bin('vite'), ['build'], TEST_BUILD_ENV)) : false;
if (!generated) skip('build', 'generation failed');
// Every customer into dist/customers/NAME, after the product build (which empties dist/).
// The data types too were generated by the first step.
if (built)
  step('customer builds', () =>
    run('npm', ['run', '--silent', 'build:customers', '--', '--data-generated']),
  );
else skip('customer builds', 'the product build failed or did not run');

const vitestReport = join(reports, 'vitest.json');
const unitTests = (buffered: boolean) =>
  testStep(
    'unit tests',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    vitestReport,
    (report: { numPassedTests: number; numFailedTests: number }) => ({
      passed: report.numPassedTests,
      failed: report.numFailedTests,
    }),
    { buffered },
  );
// The unit tests run beside the browser tests where the cores allow it; on fewer cores both
// steps keep every core busy on their own, and side by side each only waits longer.
const unitBesideBrowser = availableParallelism() >= 4;
if (!generated) {
  skip('typecheck', 'generation failed');
  skip('unit tests', 'generation failed');
} else if (!unitBesideBrowser) {
  results.push(await unitTests(false));
}

const playwrightReport = join(reports, 'playwright.json');
const browserTests = () =>
  testStep(
    'browser tests',
    bin('playwright'),
    // No traces: recording one of every test (kept only for a failure) made this step a
    // quarter slower (118 s against 89 s for 23 tests on 2 cores), and the suite's output is
    // all a CI run shows. `npm run test:browser -- SPEC` re-runs a failure with its trace.
    ['test', '-c', 'tests/browser/playwright.config.ts', '--reporter=list,json', '--trace=off'],
    playwrightReport,
    (report: { stats: { expected: number; unexpected: number; flaky: number } }) => ({
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
    }),
    { env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport } },
  );
const beside: Promise<StepResult>[] = [];
if (generated && unitBesideBrowser) beside.push(unitTests(true));
if (quickStart) beside.push(quickStart);
if (browser && built) beside.unshift(browserTests());
else skip('browser tests', built ? 'Chromium is not available' : 'the build failed');
results.push(...(await Promise.all(beside)));

console.log('\nSlowest test files');
const fileTimes = [
  ...unitFileTimes(vitestReport, root),
  ...browserFileTimes(playwrightReport, 'tests/browser/'),
];
for (const line of formatFileTimes(slowest(fileTimes))) console.log(line);

console.log('\nSummary');
for (const result of results) {
  const status = result.ok ? 'ok  ' : result.skipped ? 'SKIP' : 'FAIL';
  const time = result.seconds === undefined ? '' : `${Math.round(result.seconds)} s`.padStart(7);
  console.log(`  ${status}${time}  ${result.name}${result.note ? ` (${result.note})` : ''}`);
}
const passed = results.reduce((sum, r) => sum + (r.counts?.passed ?? 0), 0);
const failed = results.reduce(
  (sum, r) => sum + (r.counts ? r.counts.failed : r.ok || r.skipped ? 0 : 1),
  0,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1);
