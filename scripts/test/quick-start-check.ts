/**
 * The Quick start's first line on a fresh clone (issue 38): `npm start` in a copy of the
 * repository's files with nothing generated (no src/generated, no .cache, no dist), waits for
 * the URL it prints, opens the sign-in page in Chromium and waits for the app's sign-in button,
 * then stops everything and removes the copy. `npm test` runs it; by hand:
 * `npx tsx scripts/test/quick-start-check.ts`.
 *
 * The copy holds the files git would commit (tracked and untracked-but-not-ignored, as they are
 * in the working tree), so what is checked is what a clone would get. `npm ci`'s part is
 * node_modules, made available as a hard-linked copy: a symlink would put the packages outside
 * the copy's root, where Vite's dev server refuses to serve them (server.fs.allow), and a real
 * copy of ~900 MB takes longer than the check. Nothing writes into the packages' files (Vite's
 * dependency cache is written as new files, whose directory is removed first).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutablePath } from '../browser/chromium-path.ts';

const root = resolve(import.meta.dirname, '..', '..');

/**
 * The one bound on the wait, a safety net only: the wait ends on the URL printed or on the
 * process ending. A fresh start generates the code (~10 s) and the API's demo corpus
 * (20,000 calls, 30-40 s on a quiet 2-core machine); ten times that covers a machine loaded
 * tenfold.
 */
const START_BUDGET_MS = 10 * 60_000;
/** Vite compiles the app's modules on the first page load: the same margin. */
const PAGE_BUDGET_MS = 5 * 60_000;

/** The files a clone of the working tree would have: tracked and untracked, not ignored. */
function cloneFiles(): string[] {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--deduplicate'],
    { cwd: root, encoding: 'utf8' },
  );
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  // Files deleted in the working tree but still in the index are not copied.
  return listed.stdout.split('\0').filter((file) => file && existsSync(join(root, file)));
}

function freshCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'callscope-fresh-clone-'));
  for (const file of cloneFiles()) {
    const from = join(root, file);
    if (lstatSync(from).isDirectory()) continue; // a submodule or nested repository
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(from, join(copy, file));
  }
  const linked = spawnSync('cp', ['-al', join(root, 'node_modules'), join(copy, 'node_modules')]);
  if (linked.status !== 0) throw new Error(`cp -al node_modules failed: ${linked.stderr}`);
  // `npm ci` leaves no dependency cache of Vite's.
  rmSync(join(copy, 'node_modules', '.vite'), { recursive: true, force: true });
  for (const generated of ['src/generated', '.cache', 'dist']) {
    if (existsSync(join(copy, generated))) throw new Error(`${generated} is in the clean copy`);
  }
  return copy;
}

/** Resolves with the URL `npm start` prints, or rejects when it ends or the budget runs out. */
function startedUrl(child: ChildProcess, output: { text: string }): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no URL after ${START_BUDGET_MS / 1000} s`)),
      START_BUDGET_MS,
    );
    const read = (chunk: Buffer) => {
      output.text += chunk.toString();
      const url = /running at (https?:\/\/\S+)/.exec(output.text)?.[1];
      if (url) {
        clearTimeout(timer);
        resolveUrl(url);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`npm start ended (${signal ?? `exit ${code}`}) before printing its URL`));
    });
  });
}

/** The sign-in page answers with the app: its sign-in button, rendered by the app's scripts. */
async function signInPageAnswers(url: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath(),
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage({ ignoreHTTPSErrors: true });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(new URL('page/login', url).href, { timeout: PAGE_BUDGET_MS });
    await page
      .getByRole('button', { name: /sign in with your work/i })
      .waitFor({ state: 'visible', timeout: PAGE_BUDGET_MS });
    if (errors.length) throw new Error(`the sign-in page threw: ${errors.join('; ')}`);
  } finally {
    await browser.close();
  }
}

/** Stops npm and everything it started (its own process group), and waits until they end. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolveEnd) => child.once('exit', resolveEnd));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    return; // already gone
  }
  await ended;
  // npm start's server stops on SIGTERM; anything of the group still there is ended.
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // none left
  }
}

const copy = freshCopy();
const output = { text: '' };
const child = spawn('npm', ['start'], {
  cwd: copy,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, FORCE_COLOR: '0' },
});
let failure: Error | null = null;
try {
  const url = await startedUrl(child, output);
  console.log(`npm start in a clean copy answered at ${url}`);
  await signInPageAnswers(url);
  console.log('its sign-in page shows the app');
} catch (error) {
  failure = error as Error;
} finally {
  await stop(child);
  rmSync(copy, { recursive: true, force: true });
}
if (failure) {
  console.error(`npm start on a fresh clone failed: ${failure.message}\n--- its output ---`);
  console.error(output.text.trimEnd());
  process.exit(1);
}
