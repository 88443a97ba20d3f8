/**
 * Long tasks as a user's browser has them (issue 18). Playwright drives Chromium through a
 * DevTools session, and that session is not free: traced the same way (Chromium's own start-up
 * tracing), the same build's `/page/login` cost 372-447 ms of main-thread CPU with Playwright
 * attached and 236-238 ms without, and React DOM's evaluation, a few milliseconds in the
 * background-compiled case, became a 47-60 ms task (with the session's two injected scripts,
 * 15-23 ms each). Here Chromium is started on the page's address with no automation attached and
 * records its own trace; the longest main-thread task after the page's first contentful paint
 * is read from it. A signed-in visit starts from a profile prepared beforehand (its cookies made
 * persistent: a browser restart drops session cookies, MSAL's cache key among them).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutablePath } from '../../browser/chromium-path.ts';

/** One event of Chromium's JSON trace (the fields read here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    frame?: string;
    data?: { url?: string; frame?: string; isMainFrame?: boolean };
  };
}

export interface UnattachedTasks {
  /** First contentful paint of the page, ms after its document was committed. */
  fcp: number;
  /** The longest main-thread task ending after FCP: wall time and CPU time, ms. */
  longestWall: number;
  longestCpu: number;
  /** Main-thread CPU of every task from the commit to the trace's end, ms. */
  totalCpu: number;
  /** Paths the page's origin was asked for, in order (the visit's evidence of what it showed). */
  requested: string[];
}

/**
 * The page's figures from a trace: its renderer is the one that committed a main frame at an
 * address starting with `origin` (the last such commit); its tasks are the top-level RunTask
 * events of that renderer's main thread from the commit on. Undefined when the trace holds no
 * such commit or no contentful paint of its frame.
 */
export function tasksAfterFirstPaint(
  events: readonly TraceEvent[],
  origin: string,
): UnattachedTasks | undefined {
  const commit = events
    .filter(
      (e) =>
        e.name === 'CommitLoad' &&
        e.args?.data?.isMainFrame === true &&
        (e.args.data.url ?? '').startsWith(origin),
    )
    .at(-1);
  if (!commit) return undefined;
  const { pid } = commit;
  const fcp = events.find(
    (e) =>
      e.name === 'firstContentfulPaint' &&
      e.pid === pid &&
      e.ts >= commit.ts &&
      e.args?.frame === commit.args?.data?.frame,
  );
  const main = events.find(
    (e) => e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain',
  );
  if (!fcp || !main) return undefined;
  const tasks = events.filter(
    (e) =>
      e.name === 'RunTask' &&
      e.ph === 'X' &&
      e.pid === pid &&
      e.tid === main.tid &&
      e.ts + (e.dur ?? 0) >= commit.ts,
  );
  const after = tasks.filter((e) => e.ts + (e.dur ?? 0) > fcp.ts);
  const longest = after.reduce<TraceEvent | undefined>(
    (a, e) => (a === undefined || (e.dur ?? 0) > (a.dur ?? 0) ? e : a),
    undefined,
  );
  return {
    fcp: (fcp.ts - commit.ts) / 1000,
    longestWall: (longest?.dur ?? 0) / 1000,
    longestCpu: (longest?.tdur ?? 0) / 1000,
    totalCpu: tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000,
    requested: events
      .filter((e) => e.name === 'ResourceSendRequest' && e.ts >= commit.ts)
      .map((e) => e.args?.data?.url ?? '')
      .filter((url) => url.startsWith(origin))
      .map((url) => new URL(url).pathname),
  };
}

export interface UnattachedVisit {
  url: string;
  /** A prepared profile (user data directory) to start from, copied; else an empty one. */
  profile?: string;
  /**
   * Load the page first, untraced, for this many seconds (a returning user's second visit:
   * long enough for what the first visit keeps to have been kept).
   */
  repeatAfter?: number;
  /** How long to record: long enough for the page to have its content. */
  seconds: number;
}

/** The directories of a profile holding the HTTP cache and V8's code cache. */
const CACHES = ['Cache', 'Code Cache', 'GPUCache'];

/** One visit in a Chromium with nothing attached; the figures read from its own trace. */
export async function unattachedVisit(visit: UnattachedVisit): Promise<UnattachedTasks> {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-unattached-'));
  const profile = join(dir, 'profile');
  try {
    if (visit.profile) {
      cpSync(visit.profile, profile, { recursive: true });
      // A first visit: the signed-in state without anything the preparing visit cached.
      for (const cache of CACHES)
        rmSync(join(profile, 'Default', cache), { recursive: true, force: true });
    }
    if (visit.repeatAfter) await runChromium(profile, visit.url, visit.repeatAfter);
    const trace = join(dir, 'trace.json');
    await runChromium(profile, visit.url, visit.seconds, trace);
    const events = (JSON.parse(readFileSync(trace, 'utf8')) as { traceEvents: TraceEvent[] })
      .traceEvents;
    const figures = tasksAfterFirstPaint(events, new URL(visit.url).origin);
    if (!figures) throw new Error(`no first contentful paint of ${visit.url} in the trace`);
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Chromium on `url` for `seconds` (recording a trace to `trace` when given), then stopped. The
 * trace is complete once Chromium has written it as a whole JSON document.
 */
async function runChromium(
  profile: string,
  url: string,
  seconds: number,
  trace?: string,
): Promise<void> {
  const tracing = trace
    ? [
        '--trace-startup=toplevel,devtools.timeline,disabled-by-default-devtools.timeline',
        '--trace-startup-format=json',
        `--trace-startup-file=${trace}`,
        `--trace-startup-duration=${seconds}`,
      ]
    : [];
  const child = spawn(
    chromiumExecutablePath(),
    [
      ...CHROMIUM_ARGS,
      '--headless',
      '--ignore-certificate-errors',
      '--window-size=1280,800',
      `--user-data-dir=${profile}`,
      ...tracing,
      url,
    ],
    // Its own process group, so that stopping it stops its renderers too.
    { stdio: 'ignore', detached: true },
  );
  try {
    const deadline = Date.now() + (seconds + 30) * 1000;
    await sleep(seconds * 1000);
    while (trace && !isWholeJson(trace)) {
      if (Date.now() > deadline) throw new Error(`Chromium wrote no trace for ${url}`);
      await sleep(200);
    }
  } finally {
    const exited = new Promise((resolve) =>
      child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
    );
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
  }
}

function isWholeJson(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    JSON.parse(readFileSync(file, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A profile signed in by `signIn` (Playwright, once), for unattached visits to start from. Its
 * session cookies are kept for a day: a browser restart would drop them, and with them MSAL's
 * cache key and the identity provider's session.
 */
export async function signedInProfile(
  origin: string,
  signIn: (page: Page) => Promise<void>,
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-signed-in-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumExecutablePath(),
    args: [...CHROMIUM_ARGS],
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 800 },
    baseURL: origin,
  });
  try {
    await signIn(context.pages()[0] ?? (await context.newPage()));
    const day = Math.floor(Date.now() / 1000) + 24 * 3600;
    const session = (await context.cookies()).filter((cookie) => cookie.expires === -1);
    await context.addCookies(session.map((cookie) => ({ ...cookie, expires: day })));
  } finally {
    await context.close();
  }
  return dir;
}
