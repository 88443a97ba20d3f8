/**
 * Changing a filter or a sort rewrites the address, yet the reader stays where they were: the
 * page does not jump to the top and the control they used keeps the focus.
 */
import { expect, test, waitForValue } from './screens.ts';

test('sorting the call list keeps the scroll position and the focus on the header', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/performance/recordings');
  await waitForValue(page, 'call-list-total');
  const header = page.getByTestId('call-table').getByRole('button', { name: 'Duration' });
  await header.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 120));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await header.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=durationMs&dir=desc/);
  await expect(header).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  await expect(header.locator('xpath=ancestor::th[1]')).toHaveAttribute('aria-sort', 'descending');
});

test('choosing a filter keeps the focus on the filter', async ({ page }) => {
  await page.goto('/');
  const queue = page.getByLabel('Queue');
  await queue.focus();
  await queue.selectOption({ index: 1 });
  await expect(page).toHaveURL(/queue=/);
  await expect(queue).toBeFocused();
});
