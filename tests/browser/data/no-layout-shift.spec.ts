/**
 * Issue 18: nothing moves when the dashboard's numbers arrive (CLS 0). What that depends on:
 * while the data loads, the filter bar and the KPI tiles are drawn in their final shape, and the
 * footer starts below the first screenful. The data worker's script is held back so the
 * loading state is certainly on screen first, whatever the machine's speed.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForTiles } from './screens.ts';

/**
 * Sums the page's layout shifts and holds its data worker back until the returned function is
 * called, so the skeleton is on screen for as long as the test looks at it (not for a fixed time).
 */
async function watchLayoutShifts(page: Page): Promise<() => void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/data\.worker-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the dashboard keeps its layout while its numbers load (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const releaseData = await watchLayoutShifts(page);
    await page.goto('/');
    const skeleton = page.locator('.an-kpis:has([data-skeleton])');
    await expect(skeleton).toBeVisible();
    const before = (await skeleton.boundingBox())!;
    expect(
      (await page.locator('.app-footer').boundingBox())!.y,
      'the footer starts below the first screenful',
    ).toBeGreaterThanOrEqual(viewport.height);
    releaseData();

    await waitForTiles(page);
    // The trend lines arrive with their own query: wait for them too.
    await expect(page.getByTestId('kpi-grid').locator('.an-kpi__trend path').first()).toBeVisible({
      timeout: 30_000,
    });
    const after = (await page.getByTestId('kpi-grid').boundingBox())!;
    expect(Math.abs(after.y - before.y), 'the tiles start where their skeleton did').toBeLessThan(
      1,
    );
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    if (viewport.width >= 768) {
      expect(Math.abs(after.height - before.height), 'and are as tall').toBeLessThan(1);
      expect(shift, 'cumulative layout shift').toBeLessThan(0.01);
    } else {
      // On a phone a tile's link can wrap to a second line once its count is known: a small
      // shift below the first rows remains (0.25 before the skeletons, "good" is under 0.1).
      expect(shift, 'cumulative layout shift').toBeLessThan(0.1);
    }
  });
}
