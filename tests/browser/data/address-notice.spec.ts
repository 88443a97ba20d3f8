/**
 * One rule for values in the address on every screen: a value that does not fit the parameter
 * the route declares (or that the data does not know) is named in the same notice above the
 * screen, and the screen shows what it would show without it.
 */
import { DATA_TIMEOUT, expect, goInApp, test, tileValue, waitForValue } from './screens.ts';

const notice = (page: import('@playwright/test').Page) => page.getByTestId('address-notice');

test('every screen names an ignored address value in the same notice and works without it', async ({
  page,
}) => {
  await page.goto('/performance/agents?compliant=maybe');
  await expect(notice(page)).toContainText(
    'compliant: “maybe” was ignored (expected true or false)',
  );
  // The leaderboard is shown, as for an address without the value.
  await expect(page.getByTestId('agent-leaderboard')).toBeVisible({ timeout: DATA_TIMEOUT });
  await expect(page.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // A vendor only the data can judge: named in the same notice, and the subtitle agrees.
  await goInApp(page, '/performance/agents?vendor=nonexistent');
  await expect(notice(page)).toContainText('vendor: “nonexistent” was ignored');
  await expect(page.getByTestId('agent-leaderboard')).toContainText('all vendors', {
    timeout: DATA_TIMEOUT,
  });
  await expect(page.getByTestId('agent-leaderboard').locator('tbody tr').first()).toBeVisible();

  await goInApp(page, '/customer/voc?disposition=Nonsense');
  await expect(notice(page)).toContainText('disposition: “Nonsense” was ignored');
  await waitForValue(page, 'voc-total');

  await goInApp(page, '/settings?section=hacker');
  await expect(notice(page)).toContainText(
    'section: “hacker” was ignored (expected one of profile, inbox, calendar)',
  );

  // Two bad values on the call list: each named once, though the filters check them too.
  await goInApp(page, '/performance/recordings?direction=sideways&compliant=maybe');
  await expect(notice(page).locator('li')).toHaveText([
    'direction: “sideways” was ignored (expected one of inbound, outbound).',
    'compliant: “maybe” was ignored (expected true or false).',
  ]);
  await waitForValue(page, 'call-list-total');

  // A clean address has no notice.
  await goInApp(page, '/performance/agents?compliant=false');
  await expect(notice(page)).toHaveCount(0);
});

test('dates Date.parse would bend and values the data lacks are each named, never used', async ({
  page,
}) => {
  await page.goto(`/?from=-1&vendor=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
  await expect(notice(page).locator('li')).toHaveText(
    [
      'from: “-1” was ignored (expected a day, YYYY-MM-DD).',
      'vendor: “<img src=x onerror=alert(1)>” was ignored (no vendor has this id).',
    ],
    { timeout: DATA_TIMEOUT },
  );
  // The dashboard shows its default period over every vendor: calls, not an empty selection.
  const analysed = tileValue(page, 'analysedCalls');
  await expect(analysed).toHaveAttribute('data-value', /^[1-9]\d*$/, { timeout: DATA_TIMEOUT });
  await expect(page.getByLabel('Vendor', { exact: true })).toHaveValue('');

  await goInApp(page, '/performance/recordings?from=9999-99-99&to=99999-01-01');
  await expect(notice(page).locator('li')).toHaveText([
    'from: “9999-99-99” was ignored (expected a day, YYYY-MM-DD).',
    'to: “99999-01-01” was ignored (expected a day, YYYY-MM-DD).',
  ]);
  await waitForValue(page, 'call-list-total');
  // The period in use is the default one, shown as such (no blank date boxes).
  await expect(page.getByLabel('Period')).not.toHaveValue('custom');
});
