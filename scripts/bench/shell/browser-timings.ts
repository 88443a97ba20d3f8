/**
 * What the benchmark measures in headless Chromium: the scripts a first visit downloads, the
 * First Contentful Paint under CPU throttling, and client-side route changes.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutablePath } from '../../browser/chromium-path.ts';

export interface VisitOptions {
  baseURL?: string;
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
}

/**
 * Clicks the sidebar link to `target` and returns the milliseconds until its <h1> is in the
 * page and the next frame starts (the click's handler, the route guard, rendering).
 */
export async function timeRouteChange(page: Page, target: SidebarTarget): Promise<number> {
  // No named function inside: tsx would wrap it in a __name() helper the page does not have.
  return page.evaluate(async ({ href, title }) => {
    const wanted = new URL(href, location.origin);
    wanted.searchParams.sort();
    const link = [
      ...document.querySelectorAll<HTMLAnchorElement>('nav a[href], aside a[href]'),
    ].find((a) => {
      const url = new URL(a.href);
      url.searchParams.sort();
      return url.pathname + url.search === wanted.pathname + wanted.search;
    });
    if (!link) throw new Error(`no sidebar link to ${href}`);
    const start = performance.now();
    link.click();
    await new Promise<void>((resolve) => {
      if (document.querySelector('h1')?.textContent?.trim() === title) return resolve();
      const observer = new MutationObserver(() => {
        if (document.querySelector('h1')?.textContent?.trim() !== title) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return performance.now() - start;
  }, target);
}
