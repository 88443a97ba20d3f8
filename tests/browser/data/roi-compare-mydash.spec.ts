/**
 * ROI, Impact Analysis and My Dashboard in the browser: ROI inputs survive a reload and a shared
 * link, and its figures add up; the comparison's numbers are the Vendors page's and its call
 * count is the drilled list's total; My Dashboard is changed by keyboard, kept across reload,
 * and a corrupt saved layout gives the default with a notice; the signed-out state of each; axe
 * with data in both modes; a 390 px phone.
 */
import type { Page } from '@playwright/test';
import { test as signedOutTest } from '../harness/fixtures.ts';
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

/** The three figures in one read, so all are from the same render. */
async function roiFigures(page: Page) {
  const figures = await page.evaluate(() => {
    const read = (id: string) =>
      document.querySelector(`[data-testid="roi-${id}"]`)?.getAttribute('data-value');
    return { roi: read('roi'), gains: read('gains'), cost: read('cost') };
  });
  for (const value of Object.values(figures)) expect(Number.isFinite(Number(value))).toBe(true);
  return { roi: Number(figures.roi), gains: Number(figures.gains), cost: Number(figures.cost) };
}

async function waitForRoiData(page: Page) {
  await expect(page.getByTestId('roi-volumes-note')).toContainText('From your organisation', {
    timeout: DATA_TIMEOUT,
  });
}

test.describe('ROI', () => {
  test('inputs live in the address: they survive a reload and a shared link', async ({
    page,
    context,
  }) => {
    await page.goto('/analytics/roi?labour=40&penalty=lots');
    await waitForRoiData(page);
    await expect(page.getByTestId('address-notice')).toContainText('penalty: “lots”');
    await expect(page.getByTestId('roi-input-labour')).toHaveValue('40');

    const costPerCall = page.getByTestId('roi-input-costPerCall');
    const initial = await roiFigures(page);
    await costPerCall.fill('7.5');
    await expect(page).toHaveURL(/costPerCall=7\.5/);
    // The address changes first; the figures follow with the router's next render.
    await expect.poll(() => roiFigures(page)).not.toEqual(initial);
    const before = await roiFigures(page);
    // ROI = (gains - cost) / cost, from the figures the page shows.
    expect(before.roi).toBeCloseTo((before.gains - before.cost) / before.cost, 9);

    // A bad value while typing: an inline message, the address keeps the last valid value.
    await costPerCall.fill('7.5x');
    await expect(page.getByRole('alert')).toContainText('“7.5x” is not a number');
    await expect(page).toHaveURL(/costPerCall=7\.5(&|$)/);
    await costPerCall.fill('7.5');

    await page.reload();
    await waitForRoiData(page);
    await expect(page.getByTestId('roi-input-costPerCall')).toHaveValue('7.5');
    await expect(page.getByTestId('roi-input-labour')).toHaveValue('40');
    expect(await roiFigures(page)).toEqual(before);

    const shared = await page.getByTestId('roi-share-link').inputValue();
    expect(shared).toBe(page.url());
    const other = await context.newPage();
    await other.goto(shared);
    await waitForRoiData(other);
    expect(await roiFigures(other)).toEqual(before);
    await other.close();

    // The sensitivity table's "as entered" column is the ROI shown.
    const shownRoi = await page.getByTestId('roi-roi').innerText();
    const asEntered = page.getByTestId('roi-sensitivity').locator('.roi-base');
    await expect(asEntered).toHaveCount(6);
    for (const cell of await asEntered.all()) await expect(cell).toHaveText(shownRoi);

    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect(page).toHaveURL(/\/analytics\/roi$/);
    await expect(page.getByTestId('roi-input-labour')).toHaveValue('25');
  });
});

test.describe('Impact Analysis', () => {
  test('a vendor’s numbers are the Vendors page’s, and its calls are the drilled list', async ({
    page,
  }) => {
    await page.goto('/analytics/comparison-matrix?by=vendor&groups=vendor-02,vendor-01,nope');
    await waitForValue(page, 'cmp-calls');
    await expect(page.getByTestId('address-notice')).toContainText('groups: “nope”');
    const cell = (vendor: string, metric: string) =>
      page.locator(`[data-testid="cmp-cell"][data-group="${vendor}"][data-metric="${metric}"]`);
    // The baseline is the first group; the other carries its test.
    await expect(page.getByRole('columnheader').nth(1)).toContainText('(baseline)');
    await expect(cell('vendor-01', 'fcr')).toHaveAttribute('data-significant', /true|false/);
    await expect(cell('vendor-01', 'fcr')).toContainText(/p [=<] 0\.\d{3}/);
    const calls = await numberOf(cell('vendor-01', 'analysedCalls'));
    const aht = await cell('vendor-01', 'ahtMs').locator('.cmp-value').innerText();

    await goInApp(page, '/performance/vendors');
    await waitForValue(page, 'vendor-total-calls');
    const row = page.getByRole('row').filter({
      has: page.locator('[data-testid="vendor-link"][data-vendor="vendor-01"]'),
    });
    expect(await numberOf(row.getByTestId('vendor-calls'))).toBe(calls);
    await expect(row.getByTestId('sla-ahtMs')).toContainText(aht);

    await page.goBack();
    await waitForValue(page, 'cmp-calls');
    await cell('vendor-01', 'analysedCalls').getByRole('link').click();
    const total = await waitForValue(page, 'call-list-total');
    expect(await numberOf(total)).toBe(calls);
  });
});

test.describe('My Dashboard', () => {
  const titles = (page: Page) =>
    page
      .getByTestId('md-widget')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-title')));

  test('add, move and resize by keyboard; kept across reload; corrupt storage falls back', async ({
    page,
  }) => {
    await page.goto('/view/my-dashboard');
    await waitForTiles(page);
    const start = await titles(page);
    expect(start.slice(0, 2)).toEqual(['Calls analysed', 'AHT']);

    // The tile equals the Dashboard's for the same filters.
    const calls = await numberOf(tileValue(page, 'analysedCalls'));

    await page.getByTestId('md-edit').press('Enter');
    // Move the first tile one place later with the arrow key on its handle.
    const handle = page.getByRole('button', { name: /^Move Calls analysed: position 1/ });
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('md-announce')).toHaveText(
      'Calls analysed moved to position 2 of 11.',
    );
    expect((await titles(page)).slice(0, 2)).toEqual(['AHT', 'Calls analysed']);
    await expect(
      page.getByRole('button', { name: /^Move Calls analysed: position 2/ }),
    ).toBeFocused();

    // Wider and taller, by keyboard.
    await page.getByRole('button', { name: 'Make AHT wider' }).press('Enter');
    await page.getByRole('button', { name: 'Make AHT taller' }).press('Enter');
    const aht = page.locator('[data-testid="md-widget"][data-title="AHT"]');
    await expect(aht).toHaveAttribute('data-w', '2');
    await expect(aht).toHaveAttribute('data-h', '2');

    // A saved keyword search: none saved yet says where to save one; once saved, it is added.
    await page.getByTestId('md-add-kind').selectOption('search');
    await expect(page.getByTestId('md-add-no-saved-search')).toContainText('no saved search');
    await goInApp(page, '/search/keywords?key=refund');
    await page.getByTestId('saved-search-name').fill('Refunds');
    await page.getByTestId('saved-search-save').click();
    await expect(page.getByRole('link', { name: 'Refunds' })).toBeVisible({
      timeout: DATA_TIMEOUT,
    });
    await goInApp(page, '/view/my-dashboard');
    await waitForTiles(page);
    await page.getByTestId('md-edit').press('Enter');
    await page.getByTestId('md-add-kind').selectOption('search');
    await expect(page.getByTestId('md-add-saved-search')).toHaveValue(/search-/);
    await page.getByTestId('md-add-submit').click();
    const widgetTotal = await numberOf(await waitForValue(page, 'md-search-total'));
    expect((await titles(page)).at(-1)).toBe('Saved search: Refunds');
    // Its count is the one Keyword Search shows for the same saved search.
    await page.getByTestId('md-search-more').click();
    expect(await numberOf(await waitForValue(page, 'search-total'))).toBe(widgetTotal);
    await goInApp(page, '/view/my-dashboard');

    await page.reload();
    await waitForTiles(page);
    const saved = await titles(page);
    expect(saved.slice(0, 2)).toEqual(['AHT', 'Calls analysed']);
    expect(saved.at(-1)).toBe('Saved search: Refunds');
    await expect(page.locator('[data-testid="md-widget"][data-title="AHT"]')).toHaveAttribute(
      'data-w',
      '2',
    );
    await expect(page.getByTestId('md-notice')).toHaveCount(0);

    await goInApp(page, '/');
    await waitForTiles(page);
    expect(await numberOf(tileValue(page, 'analysedCalls'))).toBe(calls);

    // Corrupt the stored layout; everything else in storage stays as it was.
    const others = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.includes(':my-dashboard.'))!;
      localStorage.setItem(key, '{"widgets":[{"id":1,"type":"pie"}]');
      return Object.fromEntries(Object.entries(localStorage).filter(([k]) => k !== key));
    });
    await page.goto('/view/my-dashboard');
    await waitForTiles(page);
    await expect(page.getByTestId('md-notice')).toContainText('could not be read');
    expect(await titles(page)).toEqual(start);
    expect(
      await page.evaluate(() =>
        Object.fromEntries(
          Object.entries(localStorage).filter(([k]) => !k.includes(':my-dashboard.')),
        ),
      ),
    ).toEqual(others);

    // Reset to default clears it for good.
    await page.getByTestId('md-edit').click();
    await page.getByTestId('md-reset').click();
    await page.reload();
    await waitForTiles(page);
    await expect(page.getByTestId('md-notice')).toHaveCount(0);
  });
});

signedOutTest.describe('signed out', () => {
  signedOutTest(
    'ROI works on the visitor’s own inputs; the others ask to sign in',
    async ({ page }) => {
      await page.goto('/analytics/roi?agents=10');
      await expect(page.getByTestId('roi-volumes-note')).toContainText('need sign-in');
      await expect(page.getByTestId('roi-input-agents')).toHaveValue('10');
      await page.getByTestId('roi-input-licence').fill('1000');
      await expect(page).toHaveURL(/licence=1000/);
      await expect(page.getByTestId('roi-cost')).toHaveAttribute(
        'data-value',
        String(10 * 1000 + 10_000),
      );
      const signIn = page.getByRole('button', { name: 'Sign in' });
      await expect(signIn).toHaveAttribute(
        'data-return-to',
        '/analytics/roi?agents=10&licence=1000',
      );

      for (const path of ['/analytics/comparison-matrix?by=team', '/view/my-dashboard']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: /Sign in to see/ })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Sign in' })).toHaveAttribute(
          'data-return-to',
          path,
        );
        await expect(page.getByTestId('md-grid')).toHaveCount(0);
        await expect(page.getByTestId('comparison-matrix')).toHaveCount(0);
      }
    },
  );
});

const VIEWS: { path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { path: '/analytics/roi', ready: (page) => waitForRoiData(page) },
  {
    path: '/analytics/comparison-matrix?by=period',
    ready: (page) => waitForValue(page, 'cmp-calls'),
  },
  {
    path: '/analytics/comparison-matrix?by=team',
    ready: (page) => waitForValue(page, 'cmp-calls'),
  },
  { path: '/view/my-dashboard', ready: (page) => waitForTiles(page) },
];

test('dark and light mode: ROI, Impact Analysis and My Dashboard with data pass axe', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  for (const view of VIEWS) {
    await goInApp(page, view.path);
    await view.ready(page);
    expect(await seriousViolationsInBothModes(page), view.path).toEqual([]);
  }
  // My Dashboard while editing: toolbars and the add form.
  await page.getByTestId('md-edit').click();
  await page.getByTestId('md-add-kind').selectOption('watch:vendor');
  expect(await seriousViolationsInBothModes(page), 'editing My Dashboard').toEqual([]);
});

test('on a 390 px phone the three screens do not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  for (const view of VIEWS) {
    await goInApp(page, view.path);
    await view.ready(page);
    if (view.path === '/view/my-dashboard') await page.getByTestId('md-edit').click();
    const overflow = await horizontalOverflow(page);
    expect(overflow, `${view.path} is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
  }
});
