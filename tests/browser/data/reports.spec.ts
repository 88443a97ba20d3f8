/**
 * The churn, brand and sentiment reports and the report card on the demo corpus: identities
 * with the other screens (never fixed numbers), the CSV download, the print layout, choosing a
 * card's subject by search, axe with data loaded in both modes, and a 390 px phone.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  DATA_TIMEOUT,
  expect,
  goInApp,
  numberOf,
  sumOf,
  test,
  waitForValue,
  expectNoSidewaysScroll,
  manifest,
  seriousViolationsInBothModes,
} from './screens.ts';

const REPORTS = ['/chart/reportchurn', '/chart/reportbrand', '/chart/reportsentiment'];

/**
 * The report of the page's address with every block loaded. Its heading first: after an in-app
 * navigation the previous report (same test ids, same totals for the same filters) stays on
 * screen until the next one's chunk has loaded, and its tables must not be read for the next's.
 */
async function waitForReport(page: Page): Promise<void> {
  const path = new URL(page.url()).pathname;
  const route = manifest.routes.find((r) => r.path === path);
  expect(route, `${path} is a route`).toBeDefined();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(route!.title, {
    timeout: DATA_TIMEOUT,
  });
  await waitForValue(page, 'report-calls');
  await expect(page.getByTestId('breakdown-total-calls').first()).toHaveAttribute(
    'data-value',
    /\d/,
    { timeout: DATA_TIMEOUT },
  );
  await expect(page.getByTestId('report-csv')).toBeEnabled({ timeout: DATA_TIMEOUT });
}

async function waitForCard(page: Page): Promise<void> {
  await waitForValue(page, 'card-calls');
  await expect(page.getByTestId('card-rules')).toBeVisible({ timeout: DATA_TIMEOUT });
  await expect(page.getByTestId('card-sections')).toBeVisible({ timeout: DATA_TIMEOUT });
}

async function listTotal(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/performance\/recordings\?/);
  return numberOf(await waitForValue(page, 'call-list-total'));
}

test('a report’s total equals the dashboard’s calls for the same filters, and its tables add up', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/?vendor=vendor-02');
  const dashboard = await numberOf(await waitForValue(page, 'dashboard-calls'));
  expect(dashboard).toBeGreaterThan(0);
  for (const report of REPORTS) {
    await goInApp(page, `${report}?vendor=vendor-02`);
    await waitForReport(page);
    expect(await numberOf(page.getByTestId('report-calls')), report).toBe(dashboard);
    for (const table of await page.getByTestId(/^breakdown-(vendor|queue|brand|product)$/).all()) {
      const total = await numberOf(table.getByTestId('breakdown-total-calls'));
      expect(total, `${report} total row`).toBe(dashboard);
      expect(await sumOf(table.getByTestId('breakdown-calls')), `${report} rows`).toBe(total);
    }
  }
});

test('a breakdown row, its outcome and a driver each drill to a list of exactly that many calls', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/chart/reportchurn');
  await waitForReport(page);
  const targets = [
    page.getByTestId('breakdown-brand').getByTestId('breakdown-calls').nth(1),
    page.getByTestId('breakdown-queue').getByTestId('breakdown-outcome').last(),
    page.getByTestId('driver-outcome').first(),
  ];
  for (let i = 0; i < targets.length; i++) {
    const link = targets[i]!;
    const count = await numberOf(link);
    expect(count).toBeGreaterThan(0);
    await link.click();
    await expect.poll(() => listTotal(page), { timeout: DATA_TIMEOUT }).toBe(count);
    await page.goBack();
    await waitForReport(page);
  }

  // The brand report's topics per brand.
  await goInApp(page, '/chart/reportbrand');
  await waitForReport(page);
  await expect(page.getByTestId('report-concerns')).toBeVisible({ timeout: DATA_TIMEOUT });
  // Brands of the demo corpus differ little; a topic is listed only when it stands out.
  const concern = page.getByTestId('concern-calls').first();
  if ((await concern.count()) > 0) {
    const count = await numberOf(concern);
    await concern.click();
    await expect.poll(() => listTotal(page), { timeout: DATA_TIMEOUT }).toBe(count);
  }
});

test('the CSV download holds the report as shown, names quoted', async ({ page }) => {
  await page.goto('/chart/reportsentiment');
  await waitForReport(page);
  const calls = await numberOf(page.getByTestId('report-calls'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('report-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^sentiment-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('Sentiment report');
  expect(lines[1]).toMatch(/^Period,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2}$/);
  expect(lines).toContain(
    `Calls,${calls},${lines.find((l) => l.startsWith('Calls,'))!.split(',')[2]}`,
  );
  // Every breakdown's total row is the report's calls.
  const totals = lines.filter((l) => l.startsWith('All,')).map((l) => Number(l.split(',')[1]));
  expect(totals).toHaveLength(4);
  expect(new Set(totals)).toEqual(new Set([calls]));
  // A vendor row as on the page.
  const firstVendor = await page
    .getByTestId('breakdown-vendor')
    .locator('tbody tr')
    .first()
    .locator('th')
    .innerText();
  const vendorCalls = await numberOf(
    page.getByTestId('breakdown-vendor').getByTestId('breakdown-calls').first(),
  );
  const field = firstVendor.includes(',') ? `"${firstVendor}"` : firstVendor;
  expect(lines.some((l) => l.startsWith(`${field},${vendorCalls},`))).toBe(true);
});

test('printing drops the app’s chrome and the controls', async ({ page }) => {
  await page.goto('/chart/reportbrand');
  await waitForReport(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.sidebar')).toBeHidden();
  await expect(page.getByTestId('report-csv')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Brand Report' })).toBeVisible();
  await expect(page.getByTestId('breakdown-brand')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('report-csv')).toBeVisible();
});

test('the report card’s calls for an agent equal the Agents leaderboard’s, rules drill exactly', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/performance/agents');
  await waitForValue(page, 'agents-total-calls');
  const row = page.getByTestId('agent-table').locator('tbody tr').nth(2);
  const leaderboardCalls = await numberOf(row.getByTestId('agent-calls'));
  const href = (await row.getByTestId('agent-link').getAttribute('href'))!;
  const agent = new URL(href, 'https://x.test').searchParams.get('agent')!;
  expect(agent).toMatch(/^agent-/);

  await goInApp(page, `/report/reportcard?agent=${agent}`);
  await waitForCard(page);
  expect(await numberOf(page.getByTestId('card-calls'))).toBe(leaderboardCalls);

  const failed = page.getByTestId('card-rules').locator('a[data-testid="rule-failed"]').first();
  const count = await numberOf(failed);
  await failed.click();
  await expect.poll(() => listTotal(page), { timeout: DATA_TIMEOUT }).toBe(count);
  await page.goBack();
  await waitForCard(page);

  const points = page.locator('[data-testid="point-calls"]');
  if ((await points.count()) > 0) {
    const n = await numberOf(points.first());
    await points.first().click();
    await expect.poll(() => listTotal(page), { timeout: DATA_TIMEOUT }).toBe(n);
  }
});

test('the card’s subject is chosen by search and kept in the address; a wrong one is named', async ({
  page,
}) => {
  await page.goto('/report/reportcard?agent=agent-999');
  await expect(page.getByRole('status').filter({ hasText: 'agent-999' })).toBeVisible({
    timeout: DATA_TIMEOUT,
  });
  const input = page.getByRole('combobox', { name: 'Agent, team or vendor' });
  await input.fill('granite');
  await expect(page.getByRole('listbox')).toBeVisible();
  const option = page.getByRole('option').filter({ hasText: 'vendor' }).first();
  await expect(option).toBeVisible();
  const choice = await option.innerText();
  // Arrow down to the vendor option, then Enter.
  const options = await page.getByRole('option').allInnerTexts();
  for (let i = 0; i < options.indexOf(choice); i++) await input.press('ArrowDown');
  await input.press('Enter');
  await expect(page).toHaveURL(/[?&]vendor=vendor-\d+/);
  await expect(page).not.toHaveURL(/agent=/);
  await waitForCard(page);
  await expect(page.getByTestId('card-head')).toContainText('vendor');
});

test('the reports and the card with data: no serious axe violation in dark or light mode, and none scrolls sideways on a 390 px phone', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  for (const report of REPORTS) {
    await goInApp(page, report);
    await waitForReport(page);
    expect(await seriousViolationsInBothModes(page), report).toEqual([]);
  }
  await goInApp(page, '/report/reportcard?agent=agent-005');
  await waitForCard(page);
  expect(await seriousViolationsInBothModes(page), 'report card').toEqual([]);
  await page.getByRole('combobox', { name: 'Agent, team or vendor' }).fill('a');
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await seriousViolationsInBothModes(page), 'open subject list').toEqual([]);
  await page.keyboard.press('Escape');

  await expectNoSidewaysScroll(page, [...REPORTS, '/report/reportcard?agent=agent-005'], (path) =>
    path.includes('reportcard') ? waitForCard(page) : waitForReport(page),
  );
});
