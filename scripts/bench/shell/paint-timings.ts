/**
 * Paint timings of a cold visit in headless Chromium (issue 18): First Contentful Paint,
 * Largest Contentful Paint, when the page's content is complete (its <h1> shown and nothing
 * left busy), the layout shift (CLS) and the longest main-thread task after FCP, with the CPU
 * slowed down through the DevTools protocol. Each visit gets a fresh browser context (empty
 * cache and storage but what `storageState` seeds). The machine is shared, so absolute
 * figures are noisy: the bench compares them with the floor app measured in the same run.
 */
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { median } from './budget.ts';

export interface PaintTimings {
  fcp: number;
  lcp: number;
  /** When the <h1> showed with no `aria-busy="true"` and no screen placeholder left. */
  complete: number;
  /** When the visit's `contentSelector` first matched (0 without one): the dashboard's tiles. */
  content: number;
  cls: number;
  longestTaskAfterFcp: number;
}

type StorageState = BrowserContextOptions['storageState'];

/**
 * One cold visit of `url` with the CPU slowed down `rate` times; with `repeat`, the second of two
 * visits in the same browser, as a returning user's (HTTP cache and the site's storage kept).
 */
export async function paintTimings(
  browser: Browser,
  url: string,
  rate: number,
  storageState?: StorageState,
  repeat = false,
  contentSelector?: string,
): Promise<PaintTimings> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 800 },
    ...(storageState ? { storageState } : {}),
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(observers(contentSelector));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const complete = () =>
      page.waitForFunction(() => (window as unknown as Observed).__paint.complete > 0, null, {
        timeout: 60_000,
        polling: 50,
      });
    if (repeat) {
      await page.goto(url, { waitUntil: 'load' });
      await complete();
      // What the first visit stores once it is complete (the demo's corpus) has time to land.
      await page.waitForTimeout(500 * rate);
    }
    await page.goto(url, { waitUntil: 'load' });
    await complete();
    // LCP candidates stop once the page is complete; leave room for the last paint to report.
    await page.waitForTimeout(300 * rate);
    return await page.evaluate(() => {
      const p = (window as unknown as Observed).__paint;
      const afterFcp = p.tasks.filter((task) => task.end > p.fcp).map((task) => task.duration);
      return {
        fcp: p.fcp,
        lcp: p.lcp,
        complete: p.complete,
        content: p.content,
        cls: p.cls,
        longestTaskAfterFcp: afterFcp.length === 0 ? 0 : Math.max(...afterFcp),
      };
    });
  } finally {
    await context.close();
  }
}

interface Observed {
  __paint: {
    fcp: number;
    lcp: number;
    complete: number;
    content: number;
    cls: number;
    tasks: { end: number; duration: number }[];
  };
}

/** Installed before the page's own scripts (a string: tsx must not rewrite it). */
const observers = (contentSelector = '') => `(() => {
  const p = (window.__paint = { fcp: 0, lcp: 0, complete: 0, content: 0, cls: 0, tasks: [] });
  const contentSelector = ${JSON.stringify(contentSelector)};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') p.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) p.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) p.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) p.tasks.push({ end: e.startTime + e.duration, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (contentSelector && !p.content && document.querySelector(contentSelector))
      p.content = performance.now();
    const h1 = document.querySelector('h1');
    const ready =
      h1 && h1.textContent.trim() !== '' &&
      !document.querySelector('[aria-busy="true"], .screen-pending');
    if (ready && (!contentSelector || p.content)) p.complete = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

export interface PaintSummary {
  fcp: number;
  lcp: number;
  complete: number;
  content: number;
  cls: number;
  longestTaskAfterFcp: number;
  /** The median run's longest task: on a shared machine the worst run says more about the load. */
  medianTaskAfterFcp: number;
}

/** Medians of each figure; CLS and the longest task as their worst over the runs. */
export function summarise(runs: PaintTimings[]): PaintSummary {
  return {
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    complete: median(runs.map((r) => r.complete)),
    content: median(runs.map((r) => r.content)),
    cls: Math.max(...runs.map((r) => r.cls)),
    longestTaskAfterFcp: Math.max(...runs.map((r) => r.longestTaskAfterFcp)),
    medianTaskAfterFcp: median(runs.map((r) => r.longestTaskAfterFcp)),
  };
}
