/**
 * `npm test`: the whole suite, in the order a change can break things:
 * generate -> manifests -> format check, lint and typecheck (side by side) -> unit tests ->
 * build -> customer builds -> Chromium -> browser tests.
 *
 * Checks keep going after a failure so one run reports everything; a step that later steps
 * need (generation, build, Chromium) stops what depends on it. The last line is always
 * `N passed, N failed`: test counts of vitest and Playwright, with every failed non-test step
 * counted as one failure (steps skipped because of it are not), so "0 failed" means exit 0.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${[command.replace(root + '/', ''), ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
  });
  if (result.error) console.error(`could not start ${command}: ${result.error.message}`);
  return result.status === 0;
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
  const outcomes = checks.map(
    ({ command, args }) =>
      new Promise<{ ok: boolean; output: string; seconds: number }>((resolve) => {
        const started = performance.now();
        let output = '';
        const done = (ok: boolean) =>
          resolve({ ok, output, seconds: (performance.now() - started) / 1000 });
        const child = spawn(command, args, {
          cwd: root,
          env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
        });
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('error', (error) => {
          output += `could not start ${command}: ${error.message}\n`;
          done(false);
        });
        child.on('close', (status) => done(status === 0));
      }),
  );
  for (const [k, outcome] of (await Promise.all(outcomes)).entries()) {
    const { name, command, args } = checks[k]!;
    console.log(`\n▶ ${[command.replace(root + '/', ''), ...args].join(' ')}`);
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

/** Runs a test tool with a JSON report and reads the counts from it. */
function testStep(
  command: string,
  args: string[],
  reportFile: string,
  countsOf: (report: never) => Counts,
  env: Record<string, string> = {},
): Omit<StepResult, 'name'> {
  rmSync(reportFile, { force: true });
  const ok = run(command, args, env);
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

mkdirSync(reports, { recursive: true });
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

if (generated) {
  const vitestReport = join(reports, 'vitest.json');
  step('unit tests', () =>
    testStep(
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
      vitestReport,
      (report: { numPassedTests: number; numFailedTests: number }) => ({
        passed: report.numPassedTests,
        failed: report.numFailedTests,
      }),
    ),
  );
} else {
  skip('typecheck', 'generation failed');
  skip('unit tests', 'generation failed');
}

// The browser tests' build pins the day the demo corpus ends on (users' builds end today) and
// makes it smaller (tests/corpus-day.ts).
const built = generated
  ? step('build', () => run('npm', ['run', '--silent', 'build:test']))
  : false;
if (!generated) skip('build', 'generation failed');
// Every customer into dist/customers/NAME, after the product build (which empties dist/).
if (built) step('customer builds', () => run('npm', ['run', '--silent', 'build:customers']));
else skip('customer builds', 'the product build failed or did not run');
const browser = built && step('chromium', () => run('npm', ['run', '--silent', 'browser:install']));

if (browser) {
  const playwrightReport = join(reports, 'playwright.json');
  step('browser tests', () =>
    testStep(
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
      { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
    ),
  );
} else {
  skip('browser tests', built ? 'Chromium is not available' : 'the build failed');
}

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
