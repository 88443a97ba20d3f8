/**
 * Repeated Call statistics and analysis, and Usage & Cost, through the screens: their figures
 * equal the Dashboard's and the Vendors' for the same filters, a group's count equals the list
 * it drills to, the pages are axe-clean with data in both modes and fit a 390 px phone, and a
 * signed-out visitor sees what each page is for with a Sign in that comes back to the address.
 */
import type { Page } from '@playwright/test';
import { test as signedOutTest } from '../harness/fixtures.ts';
import { submitDemoCredentials } from '../harness/sign-in.ts';
import {
  DATA_TIMEOUT,
  expect,
  goInApp,
  numberOf,
  test,
  tileValue,
  waitForTiles,
  waitForValue,
  horizontalOverflow,
  seriousViolationsInBothModes,
} from './screens.ts';

const STATS = '/analytics/repeated-call-stats';
const ANALYSIS = '/analytics/repeated-call-analysis';
const USAGE = '/analytics/usage-cost';

async function dashboardFigures(page: Page) {
  await waitForTiles(page);
  return {
    calls: await numberOf(await waitForValue(page, 'dashboard-calls')),
    repeatRate: await numberOf(tileValue(page, 'repeatRate')),
    analysed: await numberOf(tileValue(page, 'analysedCalls')),
  };
}

/** Follows a drill link and checks the call list has exactly the count the link showed. */
async function drillMatches(page: Page, testId: string): Promise<void> {
  const link = (await waitForValue(page, testId)).first();
  const count = await numberOf(link);
  expect(count).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/performance\/recordings\?/);
  await expect
    .poll(async () => numberOf(page.getByTestId('call-list-total')), { timeout: DATA_TIMEOUT })
    .toBe(count);
  await page.goBack();
}

test('repeat % and calls equal the dashboard’s for the same filters; groups drill to their count', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const all = await dashboardFigures(page);

  await goInApp(page, STATS);
  expect(await numberOf(await waitForValue(page, 'repeat-calls-recorded'))).toBe(all.calls);
  await expect(tileValue(page, 'repeatRate')).toHaveAttribute('data-value', String(all.repeatRate));
  expect(await numberOf(page.getByTestId('repeat-window'))).toBeGreaterThan(0);
  expect(await numberOf(page.getByTestId('transfer-window'))).toBeGreaterThanOrEqual(0);
  // The table's total row is the whole selection, so it carries the same rate.
  await expect(page.getByTestId('group-rate-total')).toHaveAttribute(
    'data-value',
    String(all.repeatRate),
  );

  // With a vendor chosen, the two screens still agree.
  const vendor = await page
    .getByLabel('Vendor', { exact: true })
    .locator('option')
    .nth(1)
    .getAttribute('value');
  await page.getByLabel('Vendor', { exact: true }).selectOption(vendor!);
  await expect(page).toHaveURL(new RegExp(`vendor=${vendor}`));
  await expect
    .poll(async () => numberOf(page.getByTestId('repeat-calls-recorded')), {
      timeout: DATA_TIMEOUT,
    })
    .not.toBe(all.calls);
  const vendorCalls = await numberOf(page.getByTestId('repeat-calls-recorded'));
  const vendorRate = await numberOf(tileValue(page, 'repeatRate'));
  await goInApp(page, `/?vendor=${vendor}`);
  await expect
    .poll(async () => numberOf(page.getByTestId('dashboard-calls')), { timeout: DATA_TIMEOUT })
    .toBe(vendorCalls);
  await expect(tileValue(page, 'repeatRate')).toHaveAttribute('data-value', String(vendorRate));

  // Calls whose repeat window is still open are pending: left out of repeat % (= followed /
  // decided calls), counted on the tiles, and the count equals the list it drills to.
  await goInApp(page, STATS);
  const pending = await numberOf(await waitForValue(page, 'group-pending-total'));
  const followed = await numberOf(page.getByTestId('group-followed-total'));
  expect(pending).toBeGreaterThan(0);
  expect(Number(await page.getByTestId('repeat-pending').first().getAttribute('data-count'))).toBe(
    pending,
  );
  expect(all.repeatRate).toBeCloseTo(followed / (all.analysed - pending), 12);
  await goInApp(page, '/');
  await waitForTiles(page);
  expect(
    Number(
      await page
        .getByTestId('kpi-repeatRate')
        .getByTestId('repeat-pending')
        .getAttribute('data-count'),
    ),
  ).toBe(pending);

  // Counts drill into lists of exactly that many calls.
  await goInApp(page, STATS);
  await drillMatches(page, 'group-pending');
  await drillMatches(page, 'group-followed');
  await drillMatches(page, 'group-repeats');
  await drillMatches(page, 'repeat-cost-total');
  // Group by agent through the URL: the first agent's repeat count equals its list.
  await goInApp(page, `${STATS}?by=agent`);
  await expect(
    page.getByRole('group', { name: 'Group by' }).getByRole('button', { name: 'Agent' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await drillMatches(page, 'group-followed');

  // The analysis shows the same repeat rate, and a chain count equals its first calls.
  await goInApp(page, ANALYSIS);
  await expect(await waitForValue(page, 'analysis-repeat-rate')).toHaveAttribute(
    'data-value',
    String(all.repeatRate),
  );
  expect(await numberOf(page.getByTestId('analysis-analysed'))).toBe(all.analysed);
  await drillMatches(page, 'agent-followed');
  await drillMatches(page, 'chains-total');
  // A chain's calls link to the call page.
  await expect(page.getByTestId('repeat-chain').first()).toBeVisible({ timeout: DATA_TIMEOUT });
  await page.getByTestId('repeat-chain').first().locator('.rc-chain__card').first().click();
  await expect(page).toHaveURL(/\/performance\/recordings\?call=call-/);
});

test('a bad grouping in the address is named and ignored', async ({ page }) => {
  await page.goto(`${STATS}?by=colour`);
  await expect(page.getByTestId('address-notice')).toContainText('by: “colour” was ignored');
  await expect(
    page.getByRole('group', { name: 'Group by' }).getByRole('button', { name: 'Queue' }),
  ).toHaveAttribute('aria-pressed', 'true', { timeout: DATA_TIMEOUT });
});

test('usage calls equal the dashboard’s; cost per call equals the vendors’ total', async ({
  page,
}) => {
  await page.goto('/');
  const all = await dashboardFigures(page);
  await goInApp(page, USAGE);
  expect(await numberOf(await waitForValue(page, 'usage-calls'))).toBe(all.calls);
  const costPerCall = await page.getByTestId('usage-cost-per-call').innerText();
  await expect(page.getByTestId('budget-alerts').locator('li').first()).toBeVisible();
  await drillMatches(page, 'usage-row-calls');

  await goInApp(page, '/performance/vendors');
  await waitForValue(page, 'vendor-total-calls');
  await expect(page.getByTestId('vendor-table').locator('tfoot tr td').last()).toHaveText(
    costPerCall,
  );
});

const VIEWS = [
  { path: STATS, ready: 'repeat-cost-total' },
  { path: ANALYSIS, ready: 'chains-total' },
  { path: USAGE, ready: 'usage-calls' },
];

test('axe-clean with data in dark and light mode, and no sideways scroll on a phone', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  for (const view of VIEWS) {
    await goInApp(page, view.path);
    await waitForValue(page, view.ready);
    expect(await seriousViolationsInBothModes(page), view.path).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const view of VIEWS) {
    await goInApp(page, view.path);
    await waitForValue(page, view.ready);
    const overflow = await horizontalOverflow(page);
    // Name the widest element that sticks out, so a failure says where to look.
    const culprit = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const out = [...document.querySelectorAll('.screen-body *')].filter(
        (e) => e.getBoundingClientRect().right > width + 1 && !e.closest('.an-table-scroll'),
      );
      const e = out[0];
      return e ? `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}` : 'none';
    });
    expect(
      overflow,
      `${view.path} is ${overflow}px wider than a phone (${culprit})`,
    ).toBeLessThanOrEqual(0);
  }
});

signedOutTest(
  'signed out: each page says what it is for, and Sign in returns to the same address',
  async ({ page }) => {
    for (const path of [STATS, ANALYSIS, USAGE]) {
      await page.goto(`${path}?from=2026-03-01&to=2026-03-20`);
      await expect(
        page.getByRole('heading', { name: 'Sign in to see your organisation’s data' }),
      ).toBeVisible();
      await expect(page.getByTestId('repeat-calls-recorded')).toHaveCount(0);
      await expect(page.getByTestId('usage-calls')).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/idp\/interaction\//);
    await submitDemoCredentials(page);
    await expect(page).toHaveURL(new RegExp(`${USAGE}\\?from=2026-03-01&to=2026-03-20$`));
    await waitForValue(page, 'usage-calls');
  },
);
