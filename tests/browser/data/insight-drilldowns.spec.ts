/**
 * Issue 13's remaining drill-downs on the demo corpus: every fake-call score band, fake-call
 * signal and churn reason count equals the total of the call list it opens (identities, never
 * fixed numbers), and a rising phrase opens Keyword Search limited to the VOC's period, which
 * the search page shows and clears.
 */
import type { Locator, Page } from '@playwright/test';
import {
  DATA_TIMEOUT,
  expect,
  goInApp,
  horizontalOverflow,
  numberOf,
  seriousViolationsInBothModes,
  test,
  waitForValue,
} from './screens.ts';

/** Follows a drill-down link and returns the call list's total. */
async function drilledTotal(page: Page, link: Locator): Promise<number> {
  await link.click();
  await expect(page).toHaveURL(/\/performance\/recordings\?/);
  return numberOf(await waitForValue(page, 'call-list-total'));
}

/** The first link of a test id whose count is above zero (an empty list proves little). */
async function firstNonZero(page: Page, testId: string): Promise<Locator> {
  await waitForValue(page, testId);
  const all = page.getByTestId(testId);
  for (let k = 0; k < (await all.count()); k++)
    if ((await numberOf(all.nth(k))) > 0) return all.nth(k);
  throw new Error(`every ${testId} is 0`);
}

test('Fake-call bands and signals, and churn reasons, equal the call lists they open', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const fake = '/customer/voc?disposition=Fake+Call';
  await page.goto(fake);
  for (const testId of [
    'fake-band-calls',
    'fake-band-flagged',
    'fake-signal-count',
    'fake-signal-analysed',
  ]) {
    if (!page.url().includes('/customer/voc')) await goInApp(page, fake);
    const link = await firstNonZero(page, testId);
    const count = await numberOf(link);
    expect(await drilledTotal(page, link), testId).toBe(count);
  }
  // The chip says why the list is what it is.
  await expect(page.getByTestId('active-filters')).toContainText('Fake-call signal');

  await goInApp(page, '/customer/voc?disposition=Churn+Prediction');
  const reason = await firstNonZero(page, 'churn-reason-calls');
  const calls = await numberOf(reason);
  expect(await drilledTotal(page, reason)).toBe(calls);
  await expect(page.getByTestId('active-filters')).toContainText('Churn signal');
});

test('A rising phrase opens Keyword Search for the VOC’s period; the period can be cleared', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/customer/voc');
  const phrase = page.getByTestId('voc-phrase-link').first();
  await expect(phrase).toBeVisible({ timeout: DATA_TIMEOUT });
  await phrase.click();
  // The VOC's default period (its last 30 days) travels with the phrase.
  await expect(page).toHaveURL(
    /\/search\/keywords\?.*from=\d{4}-\d{2}-\d{2}.*to=\d{4}-\d{2}-\d{2}/,
  );
  await expect(page.getByTestId('search-period')).toContainText(/Only calls of \d+ \w+ \d{4} – /);
  const inPeriod = await numberOf(await waitForValue(page, 'search-total'));
  await page.getByTestId('search-period-clear').click();
  await expect(page.getByTestId('search-period')).toHaveCount(0);
  await expect(page).not.toHaveURL(/from=/);
  const everyDay = await numberOf(await waitForValue(page, 'search-total'));
  expect(everyDay).toBeGreaterThanOrEqual(inPeriod);
});

test('Keyword Search with a period and saved searches: axe-clean in both modes, fits a phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search/keywords?key=refund&from=2026-01-01&to=2026-12-31');
  await waitForValue(page, 'search-total');
  await page.getByTestId('saved-search-name').fill('Refund talk this year');
  await page.getByTestId('saved-search-save').click();
  await expect(page.getByTestId('saved-search')).toHaveCount(1, { timeout: DATA_TIMEOUT });
  await expect(page.getByTestId('search-period')).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolationsInBothModes(page), 'keyword search').toEqual([]);
});
