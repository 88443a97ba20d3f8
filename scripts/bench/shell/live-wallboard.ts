/**
 * The real-time wallboard under load (issue 16: at least 20 concurrent calls streamed turn by
 * turn, no main-thread task over 50 ms): the page is opened, the measurement starts once the
 * wallboard shows `minCalls` live calls and a call is followed (its transcript grows too), then
 * for `seconds` it records long tasks (PerformanceObserver "longtask") and animation frames.
 */
import type { Browser } from '@playwright/test';
import { newVisit, observeLongTasks } from './browser-timings.ts';

export interface WallboardTimings {
  /** Live call cards on the wallboard when the measurement ended. */
  calls: number;
  longestTaskMs: number;
  longTasks: number;
  frames: number;
  seconds: number;
  /** Longest time between two animation frames: a visible stall when large. */
  longestFrameMs: number;
}

export async function measureLiveWallboard(
  browser: Browser,
  url: string,
  minCalls: number,
  seconds: number,
): Promise<WallboardTimings> {
  const { context, page } = await newVisit(browser);
  try {
    await observeLongTasks(page);
    await page.goto(url);
    const cards = page.getByTestId('live-call');
    await page.waitForFunction(
      (min) => document.querySelectorAll('[data-testid="live-call"]').length >= min,
      minCalls,
      {
        timeout: 60_000,
      },
    );
    await cards.first().click();
    // Steady state: what the page does while the calls stream in and one is followed. The
    // frame loop is passed as text: tsx would wrap a named function in a __name() helper the
    // page does not have, and a frame loop needs a name to call itself.
    const frames = (await page.evaluate(`new Promise((resolve) => {
      window.__longTasks = [];
      const stamps = [];
      const end = performance.now() + ${seconds * 1000};
      const tick = (t) => {
        stamps.push(t);
        if (t < end) requestAnimationFrame(tick);
        else {
          let longest = 0;
          for (let k = 1; k < stamps.length; k++) longest = Math.max(longest, stamps[k] - stamps[k - 1]);
          resolve({ count: stamps.length, longest });
        }
      };
      requestAnimationFrame(tick);
    })`)) as { count: number; longest: number };
    const tasks = await page.evaluate(
      () => (window as unknown as { __longTasks: number[] }).__longTasks,
    );
    return {
      calls: await cards.count(),
      longestTaskMs: tasks.length === 0 ? 0 : Math.max(...tasks),
      longTasks: tasks.length,
      frames: frames.count,
      seconds,
      longestFrameMs: frames.longest,
    };
  } finally {
    await context.close();
  }
}
