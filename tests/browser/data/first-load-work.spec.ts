/**
 * Issue 18: work kept off the dashboard's first load, checked as what runs rather than as
 * timings. A page's first Intl formatter costs Chromium 30-80 ms of locale set-up in one task;
 * the numbers, axis labels and days the dashboard shows are written without Intl
 * (src/ui/format.ts), so none is created on the way to its tiles and charts.
 */
import { expect, test, waitForTiles } from './screens.ts';

test('the dashboard shows its numbers, charts and days without creating an Intl formatter', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __intl: string[] };
    w.__intl = [];
    const count = (name: string) => w.__intl.push(name);
    const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>;
    for (const name of ['NumberFormat', 'DateTimeFormat']) {
      intl[name] = new Proxy(intl[name]!, {
        construct: (target, args) => (count(name), Reflect.construct(target, args)),
        apply: (target, self, args) => (count(name), Reflect.apply(target, self, args)),
      });
    }
    for (const [proto, names] of [
      [Number.prototype, ['toLocaleString']],
      [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
    ] as const)
      for (const name of names) {
        const original = (proto as unknown as Record<string, (...a: unknown[]) => string>)[name]!;
        Object.defineProperty(proto, name, {
          value(this: unknown, ...args: unknown[]) {
            count(name);
            return original.apply(this, args);
          },
        });
      }
  });
  await page.goto('/');
  await waitForTiles(page);
  const grid = page.getByTestId('kpi-grid');
  await expect(grid.locator('.an-kpi__trend path').first()).toBeVisible({ timeout: 30_000 });
  // The volume chart's axis (compact numbers, short days) and the period line's days.
  await expect(page.locator('.an-chart text.an-axis').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('dashboard-period')).toContainText(/\d+ \w{3,4} \d{4}/);
  expect(await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl)).toEqual([]);
});
