/**
 * axe-core on the analytics screens once their data has loaded (tables, charts, tooltips, the
 * call page and search results), in dark and light mode: no serious or critical violation.
 * And on a phone-sized viewport no screen scrolls the page sideways (wide tables scroll inside
 * their own box).
 */
import type { Page } from '@playwright/test';
import {
  DATA_TIMEOUT,
  expect,
  goInApp,
  test,
  waitForTiles,
  waitForValue,
  horizontalOverflow,
  expectNoSidewaysScroll,
  seriousViolationsInBothModes,
} from './screens.ts';

/** Each analytics view and how to know its data is there. */
const VIEWS: { path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { path: '/', ready: (page) => waitForTiles(page) },
  { path: '/performance/vendors', ready: (page) => waitForValue(page, 'vendor-total-calls') },
  { path: '/performance/agents', ready: (page) => waitForValue(page, 'agents-total-calls') },
  {
    path: '/performance/agents?compliant=false',
    ready: (page) => waitForValue(page, 'failing-total'),
  },
  { path: '/performance/recordings', ready: (page) => waitForValue(page, 'call-list-total') },
  {
    path: '/search/keywords',
    ready: (page) => expect(page.getByRole('search', { name: 'Search transcripts' })).toBeVisible(),
  },
  {
    path: '/search/keywords?key=refund',
    ready: (page) => expect(page.getByTestId('search-hits')).toBeVisible({ timeout: DATA_TIMEOUT }),
  },
];

async function openCall(page: Page) {
  await goInApp(page, '/performance/recordings?status=analysed&compliant=false');
  await waitForValue(page, 'call-list-total');
  await page.getByTestId('call-link').first().click();
  await waitForValue(page, 'call-position');
}

/** Two groups, so the two workers share the (slow) axe runs. */
const GROUPS = [VIEWS.slice(0, 4), VIEWS.slice(4)];

// Each part checks its views with axe at desktop width and then, in the same page (one load for
// both, issue 34), that none scrolls the page sideways on a phone.
GROUPS.forEach((views, group) => {
  test(`part ${group + 1}: analytics screens with data have no serious axe violation in either mode, and none scrolls sideways on a 390 px phone`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    for (const view of views) {
      await goInApp(page, view.path);
      await view.ready(page);
      expect(await seriousViolationsInBothModes(page), view.path).toEqual([]);
    }
    if (group === 0) {
      // A definition tooltip, open.
      await goInApp(page, '/');
      await waitForTiles(page);
      await page.getByRole('button', { name: 'About AHT' }).first().focus();
      await expect(page.getByRole('tooltip')).toBeVisible();
      expect(await seriousViolationsInBothModes(page), 'open tooltip').toEqual([]);
    } else {
      await openCall(page);
      expect(await seriousViolationsInBothModes(page), 'call page').toEqual([]);
    }

    await expectNoSidewaysScroll(
      page,
      views.map((view) => view.path),
      (path) => views.find((view) => view.path === path)!.ready(page),
    );
    if (group === 1) {
      await openCall(page);
      const overflow = await horizontalOverflow(page);
      expect(overflow, 'the call page is wider than the screen').toBeLessThanOrEqual(0);
    }
  });
});
