/**
 * The customer-insight screens on the demo corpus: their counts equal the call lists they drill
 * to (identities, never fixed numbers), an unknown disposition gets a notice, Churn Prediction
 * signed out offers Sign in back to the same address, and every view is axe-clean with its data
 * in both modes and fits a 390 px phone.
 */
import type { Page } from '@playwright/test';
import { test as signedOutTest } from '../harness/fixtures.ts';
import { goToProvider, submitDemoCredentials } from '../harness/sign-in.ts';
import {
  DATA_TIMEOUT,
  expect,
  goInApp,
  numberOf,
  sumOf,
  test,
  waitForValue,
  expectNoSidewaysScroll,
  seriousViolationsInBothModes,
} from './screens.ts';

/** Follows a drill-down link and returns the call list's total . */
async function drilledTotal(page: Page, link: ReturnType<Page['getByTestId']>): Promise<number> {
  await link.click();
  await expect(page).toHaveURL(/\/performance\/recordings\?/);
  return numberOf(await waitForValue(page, 'call-list-total'));
}

test('VOC: a disposition’s total and each group equal the call lists they drill to', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const voc = '/customer/voc?disposition=Billing+Dispute';
  await page.goto(voc);
  const total = await numberOf(await waitForValue(page, 'voc-total'));
  expect(total).toBeGreaterThan(0);
  expect(await drilledTotal(page, page.getByTestId('voc-total'))).toBe(total);

  // The disposition's codes add up to its total; one code's count is its list's total.
  await goInApp(page, voc);
  await waitForValue(page, 'voc-total');
  await page.getByRole('button', { name: 'Disposition', exact: true }).click();
  await waitForValue(page, 'voc-group-calls');
  // The topic groups shown first stay until the codes' query answers: wait for the codes (the
  // topics' calls add up to less, a call can have no topic); codes that never add up fail here.
  await expect
    .poll(() => sumOf(page.getByTestId('voc-group-calls')), { timeout: DATA_TIMEOUT })
    .toBe(total);
  const first = page.getByTestId('voc-group-calls').first();
  const groupCalls = await numberOf(first);
  expect(await drilledTotal(page, first)).toBe(groupCalls);

  // A quote opens its call at the moment it was said.
  await goInApp(page, voc);
  const quote = page.getByTestId('voc-quote-link').first();
  await expect(quote).toBeVisible({ timeout: DATA_TIMEOUT });
  await quote.click();
  await expect(page).toHaveURL(/[?&]call=call-\d+&at=\d+/);
  await waitForValue(page, 'call-position');

  // An unknown disposition in the address is said, not silently dropped.
  await goInApp(page, '/customer/voc?disposition=Nonsense');
  await expect(page.getByTestId('address-notice')).toContainText('disposition: “Nonsense”');
  await waitForValue(page, 'voc-total');
});

test('Fake Call Insights, Churn VOC, Churn Prediction and Trends drill to equal lists', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/customer/voc?disposition=Fake+Call');
  const flagged = await waitForValue(page, 'fake-flagged-calls');
  const flaggedCalls = await numberOf(flagged);
  expect(await drilledTotal(page, flagged)).toBe(flaggedCalls);

  await goInApp(page, '/customer/voc?disposition=Churn+Prediction');
  const high = await waitForValue(page, 'churn-high-calls');
  const highCalls = await numberOf(high);
  expect(await drilledTotal(page, high)).toBe(highCalls);

  await goInApp(page, '/customer/chrun-prediction');
  const customer = await waitForValue(page, 'at-risk-calls');
  const customerCalls = await numberOf(customer);
  expect(await drilledTotal(page, customer)).toBe(customerCalls);
  await goInApp(page, '/customer/chrun-prediction');
  await waitForValue(page, 'follow-up-high');
  // The vendors' high-risk calls add up to the footer, which is the churn VOC's count.
  const vendorTable = page.getByTestId('follow-up-vendor-table');
  const footer = vendorTable.locator('tfoot').getByTestId('follow-up-high');
  expect(await numberOf(footer)).toBe(highCalls);
  expect(await sumOf(vendorTable.locator('tbody').getByTestId('follow-up-high'))).toBe(highCalls);
  const again = vendorTable.locator('tbody').getByTestId('follow-up-again').first();
  const againCalls = await numberOf(again);
  expect(await drilledTotal(page, again)).toBe(againCalls);

  await goInApp(page, '/customer/trend-analysis');
  const topic = await waitForValue(page, 'trend-calls');
  const topicCalls = await numberOf(topic);
  expect(await drilledTotal(page, topic)).toBe(topicCalls);
});

signedOutTest(
  'Churn Prediction signed out says what it is for; Sign in returns to the same address',
  async ({ page }) => {
    const path = '/customer/chrun-prediction?level=high';
    await page.goto(path);
    await expect(
      page.getByRole('heading', { name: 'Sign in to see your organisation’s data' }),
    ).toBeVisible();
    await expect(page.getByText('ranks your customers by their risk of leaving')).toBeVisible();
    await expect(page.getByTestId('churn-customers')).toHaveCount(0);
    await goToProvider(page, /^sign in$/i);
    await submitDemoCredentials(page);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
    await expect(page.getByTestId('churn-level-high')).toHaveAttribute('aria-pressed', 'true', {
      timeout: DATA_TIMEOUT,
    });
  },
);

const VIEWS: { path: string; ready: string }[] = [
  { path: '/customer/voc', ready: 'voc-group-calls' },
  { path: '/customer/voc?disposition=Fake+Call', ready: 'fake-peer-calls' },
  { path: '/customer/voc?disposition=Churn+Prediction', ready: 'churn-reason-calls' },
  { path: '/customer/trend-analysis', ready: 'compare-a' },
  { path: '/customer/chrun-prediction', ready: 'follow-up-high' },
];

/** Waits for the view's data, including the slower transcript-reading panel of the VOC. */
async function ready(page: Page, view: (typeof VIEWS)[number]) {
  await waitForValue(page, view.ready);
  if (view.path.startsWith('/customer/voc')) await waitForValue(page, 'voc-heard');
}

test('customer-insight screens with data: no serious axe violation in dark or light mode, and none scrolls sideways on a 390 px phone', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/customer/voc');
  for (const view of VIEWS) {
    await goInApp(page, view.path);
    await ready(page, view);
    expect(await seriousViolationsInBothModes(page), view.path).toEqual([]);
  }
  await expectNoSidewaysScroll(
    page,
    VIEWS.map((view) => view.path),
    (path) =>
      ready(
        page,
        VIEWS.find((view) => view.path === path)!,
      ),
  );
});
