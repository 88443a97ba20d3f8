/**
 * Links into a call land on the moment they promise: a keyword search's hit opens the call at
 * the hit, and every row of ?compliant=false shows a failed rule and opens its call.
 */
import { DATA_TIMEOUT, expect, numberOf, test, waitForValue } from './screens.ts';

test('a keyword search hit opens the call page at the hit', async ({ page }) => {
  await page.goto('/search/keywords?key=' + encodeURIComponent('"cancel my"'));
  const hits = page.getByTestId('search-hits');
  await expect(hits).toBeVisible({ timeout: DATA_TIMEOUT });
  await expect(page.getByTestId('search-echo')).toHaveText('"cancel my"');
  const link = hits.getByTestId('hit-link').nth(1);
  const callId = await link.getAttribute('data-call');
  const at = Number(await link.getAttribute('data-at'));
  const snippet = (
    await link.locator('xpath=ancestor::li[1]').locator('.an-snippet__text').innerText()
  ).trim();
  await expect(hits.locator('mark').first()).toHaveText(/cancel my/i);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`call=${callId}&at=${at}$`));
  const position = await waitForValue(page, 'call-position');
  expect(await numberOf(position)).toBe(at);
  const current = page.getByTestId('call-transcript').locator('[aria-current="true"]');
  await expect(current).toContainText(snippet);
  await expect(page.getByRole('slider', { name: 'Position in the call' })).toHaveAttribute(
    'aria-valuenow',
    String(at),
  );
});

test('?compliant=false rows all show a failed rule, down to the last loaded page', async ({
  page,
}) => {
  await page.goto('/performance/agents?compliant=false');
  const total = await numberOf(await waitForValue(page, 'failing-total'));
  expect(total).toBeGreaterThan(0);
  const table = page.getByTestId('failing-table');
  const check = async () => {
    const rows = table.locator('tbody tr:not(.an-spacer)');
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      await expect(row.getByTestId('failed-rule')).not.toBeEmpty();
      await expect(row.locator('.an-chip')).toHaveText(/critical|major|minor/);
    }
  };
  await check();
  // Scroll to the end of the virtualised list: later pages load and keep the same shape.
  await table.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(table.locator('tbody tr.an-row--loading')).toHaveCount(0, { timeout: DATA_TIMEOUT });
  await check();
  const lastIndex = await table
    .locator('tbody tr:not(.an-spacer)')
    .last()
    .getAttribute('aria-rowindex');
  expect(Number(lastIndex)).toBe(total + 1);

  // The play link opens the call, at the evidence when the rule left one.
  const play = table.getByTestId('play-evidence').last();
  const href = (await play.getAttribute('href'))!;
  await play.click();
  await expect(page).toHaveURL(href);
  await expect(
    page.getByTestId('rule-results').locator('[data-passed="false"]').first(),
  ).toBeVisible({
    timeout: DATA_TIMEOUT,
  });
});
