/**
 * Tables at the widths people use: on a 390 px phone a wide table keeps its row names pinned,
 * shows numbers beside them and says that it scrolls sideways; at 1440 px the call list's
 * summary ends in an ellipsis inside the card instead of being cut mid-word at its edge.
 */
import { DATA_TIMEOUT, expect, test, waitForValue } from './screens.ts';

test('on a phone the vendors table shows numbers and says it scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/performance/vendors');
  const table = page.getByTestId('vendor-table');
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: DATA_TIMEOUT });
  const hint = page.getByTestId('vendor-table-sideways');
  await expect(hint).toHaveText(/^\d+ more columns?: scroll sideways/);

  // Beside the pinned name, at least one number column is wholly in view.
  const box = (await table.boundingBox())!;
  const numbers = await table
    .locator('thead th.an-num')
    .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().right));
  expect(numbers.some((right) => right <= box.x + box.width)).toBe(true);

  // Scrolled to the end, the names stay in view and the hint counts what is now out of view.
  const name = table.locator('tbody th.an-rowhead').first();
  await table.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(name).toBeInViewport();
  expect((await name.boundingBox())!.x).toBeGreaterThanOrEqual(box.x);
  await expect(hint).toHaveText(/scroll sideways ←/);
});

test('at 1440 px the call list’s summaries end with an ellipsis inside the card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/performance/recordings');
  await waitForValue(page, 'call-list-total');
  const table = page.getByTestId('call-table');
  await expect(table.locator('tbody .an-truncate').first()).toBeVisible();
  // The summary column is wholly inside the card, not cut at its edge.
  const box = (await table.boundingBox())!;
  const summary = (await table.locator('thead th', { hasText: 'Summary' }).boundingBox())!;
  expect(summary.x + summary.width).toBeLessThanOrEqual(box.x + box.width + 1);
  // Long summaries are shortened to two lines ending in an ellipsis.
  const shortened = await table
    .locator('tbody .an-truncate')
    .evaluateAll((spans) => spans.filter((s) => s.scrollHeight > s.clientHeight + 1).length);
  expect(shortened).toBeGreaterThan(0);
  // Whatever does not fit beside it is announced, not silently cut.
  const overflow = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
  if (overflow > 1)
    await expect(page.getByTestId('call-table-sideways')).toHaveText(/more columns?: scroll/);
});
