/**
 * Lighthouse (mobile, simulated throttling: its defaults) on a page signed in, with the system
 * Chromium (issue 18). Lighthouse is not a dependency of the project: the bench installs a
 * pinned version into .cache/bench/lighthouse on first use (12.2.3, the last that runs on
 * Node 20), so `npm ci` and the test suite stay as they were. Chromium runs with a profile of its
 * own and a debugging port; the page is signed in there through the local provider, and
 * Lighthouse keeps that storage (`disableStorageReset`) so it measures the signed-in page.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutablePath } from '../../browser/chromium-path.ts';
import { signInThroughProvider } from '../../../tests/browser/harness/sign-in.ts';

const VERSION = '12.2.3';
const PORT = 9333;

export interface LighthouseFigures {
  /** 0..100. */
  score: number;
  /** The metrics Lighthouse weighs, in ms (CLS unitless). */
  metrics: Record<string, number>;
}

type RunLighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{ lhr: Lhr } | undefined>;
interface Lhr {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
}

/** Lighthouse from the bench's cache, installed there when missing. */
async function loadLighthouse(cacheDir: string): Promise<RunLighthouse> {
  const entry = join(cacheDir, 'node_modules', 'lighthouse', 'core', 'index.js');
  if (!existsSync(entry)) {
    console.log(`bench:shell: installing lighthouse@${VERSION} into ${cacheDir} (first use)...`);
    const result = spawnSync(
      'npm',
      ['install', '--prefix', cacheDir, '--no-audit', '--no-fund', `lighthouse@${VERSION}`],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`npm install lighthouse failed: ${result.stderr}`);
  }
  return ((await import(pathToFileURL(entry).href)) as { default: RunLighthouse }).default;
}

/** Lighthouse's performance audit of `path` on `baseUrl`, signed in first. */
export async function lighthouseSignedIn(
  repoRoot: string,
  baseUrl: string,
  path: string,
): Promise<LighthouseFigures> {
  const lighthouse = await loadLighthouse(resolve(repoRoot, '.cache', 'bench', 'lighthouse'));
  const profile = mkdtempSync(join(tmpdir(), 'callscope-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutablePath(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`, '--ignore-certificate-errors'],
    ignoreHTTPSErrors: true,
    baseURL: baseUrl,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInThroughProvider(page, path);
    await page.goto('about:blank');
    const result = await lighthouse(baseUrl + path, {
      port: PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError || lhr.categories.performance.score === null) {
      throw new Error(`Lighthouse gave no score: ${lhr?.runtimeError?.message ?? 'no result'}`);
    }
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      metrics: {
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        'Speed Index': metric('speed-index'),
      },
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
