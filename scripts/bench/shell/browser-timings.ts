/**
 * What the benchmark measures in headless Chromium: the scripts a first visit downloads, the
 * First Contentful Paint under CPU throttling, and client-side route changes.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutablePath } from '../../browser/chromium-path.ts';

export interface VisitOptions {
  baseURL?: string;
  /** Start signed in (a storage state taken after signing in). */
  storageState?: BrowserContextOptions['storageState'];
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutablePath(), args: [...CHROMIUM_ARGS] });
}

export async function newVisit(
  browser: Browser,
  options: VisitOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 800 },
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  return { context, page: await context.newPage() };
}

/** Waits until the page's single <h1> reads `title`. */
export async function waitForHeading(page: Page, title: string): Promise<void> {
  await page.waitForFunction(
    (expected) => document.querySelector('h1')?.textContent?.trim() === expected,
    title,
    { timeout: 15_000 },
  );
}

/**
 * Paths of every script a visit of `url` downloads with an empty HTTP cache, until its heading
 * shows. `prepare` runs first in the same tab (to sign in, say); the cache is emptied after it.
 */
export async function scriptsOfFirstVisit(
  browser: Browser,
  url: string,
  title: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<string[]> {
  const { context, page } = await newVisit(browser, { baseURL: new URL(url).origin });
  try {
    if (prepare) {
      await prepare(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
    }
    const scripts = new Set<string>();
    context.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.add(pathname.replace(/^\//, ''));
    });
    await page.goto(url);
    await waitForHeading(page, title);
    // Let anything the first render started (idle prefetches included) show up.
    await page.waitForLoadState('networkidle');
    return [...scripts].sort();
  } finally {
    await context.close();
  }
}

/** First Contentful Paint (ms) of a cold visit with the CPU slowed down `rate` times. */
export async function firstContentfulPaint(
  browser: Browser,
  url: string,
  rate: number,
): Promise<number> {
  const { context, page } = await newVisit(browser);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(url, { waitUntil: 'load' });
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

export interface SidebarTarget {
  href: string;
  title: string;
  /**
   * What must be on screen besides the <h1> (e.g. a list's rows, issue 35), with nothing in
   * the page still `aria-busy`; without it the <h1> alone ends the change.
   */
  ready?: string;
  /**
   * Where the link is: the sidebar and header (<nav>, <aside>) by default; for a screen no menu
   * links, e.g. 'main a[href]' (the dashboard's drill-down to Recordings), matched by path alone.
   */
  links?: string;
}

/**
 * Clicks the sidebar (or any <nav>) link to `target` and returns the milliseconds until its
 * <h1> is in the page, and its `ready` content when given, and the next frame starts (the
 * click's handler, the route guard, the data, rendering).
 */
export async function timeRouteChange(page: Page, target: SidebarTarget): Promise<number> {
  // No named function inside: tsx would wrap it in a __name() helper the page does not have.
  return page.evaluate(async ({ href, title, ready, links }) => {
    const wanted = new URL(href, location.origin);
    wanted.searchParams.sort();
    const link = [
      ...document.querySelectorAll<HTMLAnchorElement>(links ?? 'nav a[href], aside a[href]'),
    ].find((a) => {
      const url = new URL(a.href);
      url.searchParams.sort();
      if (links) return url.pathname === wanted.pathname;
      return url.pathname + url.search === wanted.pathname + wanted.search;
    });
    if (!link) throw new Error(`no sidebar link to ${href}`);
    const start = performance.now();
    link.click();
    await new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('h1')?.textContent?.trim() !== title) return;
        if (ready && !document.querySelector(ready)) return;
        if (ready && document.querySelector('[aria-busy="true"]')) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      // Already there (a cached screen): the observer's first check runs on this change.
      document.body.setAttribute('data-route-change', String(start));
    });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return performance.now() - start;
  }, target);
}

/** From the next navigation on, the page collects its long tasks' durations in __longTasks. */
export async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * The longest main-thread task (PerformanceObserver "longtask") from navigating to `url` until
 * every data query on the page has settled (no `aria-busy="true"` left) and 1 s more has passed.
 * The data engine runs in a Web Worker, so this is the page's own work: rendering the results.
 */
export async function longestMainThreadTask(page: Page, url: string): Promise<number> {
  await observeLongTasks(page);
  await page.goto(url);
  await page.waitForFunction(
    () => document.querySelector('h1') && !document.querySelector('[aria-busy="true"]'),
    undefined,
    { timeout: 120_000, polling: 100 },
  );
  await page.waitForTimeout(1000);
  const tasks = await page.evaluate(() => [
    ...(window as unknown as { __longTasks: number[] }).__longTasks,
  ]);
  // Control: a deliberate 120 ms task must be seen, or "no long task" would mean nothing.
  // (Scheduled as a page task: code run through the DevTools protocol is not counted.)
  await page.evaluate(() => {
    setTimeout(() => {
      const start = performance.now();
      while (performance.now() - start < 120);
    }, 0);
  });
  await page.waitForTimeout(300);
  const withControl = await page.evaluate(
    () => (window as unknown as { __longTasks: number[] }).__longTasks,
  );
  if (!withControl.slice(tasks.length).some((duration) => duration >= 100)) {
    throw new Error('the longtask observer missed a deliberate 120 ms task: cannot measure');
  }
  return tasks.length === 0 ? 0 : Math.max(...tasks);
}
