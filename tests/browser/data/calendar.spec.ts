/**
 * Scheduled calendar entries in the browser: schedule a weekly report delivery, see its
 * occurrences on the calendar beside the derived entries, find it again after a reload
 * (IndexedDB), edit it, delete it; the form is axe-clean in both modes and fits a phone.
 */
import {
  DATA_TIMEOUT,
  expect,
  horizontalOverflow,
  seriousViolationsInBothModes,
  test,
} from './screens.ts';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

test('a scheduled report delivery is on the calendar, survives a reload, is edited and deleted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/settings?section=calendar');
  await page.getByRole('button', { name: 'Schedule…' }).click({ timeout: DATA_TIMEOUT });
  const form = page.getByTestId('schedule-form');
  await form.getByLabel('What').selectOption('report');
  await form.getByLabel('Title').fill('Weekly compliance digest');
  await form.getByLabel('Date (UTC)').fill(tomorrow());
  await form.getByLabel('Time (UTC)').fill('07:30');
  await form.getByLabel('Repeat').selectOption('weekly');
  await form.getByLabel('Sent to').fill('qa-leads@callscope.example');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await seriousViolationsInBothModes(page), 'the scheduling form').toEqual([]);
  await form.getByRole('button', { name: 'Schedule' }).click();

  const scheduled = page.getByTestId('scheduled-entry');
  await expect(scheduled).toHaveCount(1, { timeout: DATA_TIMEOUT });
  await expect(scheduled).toContainText('every week · to qa-leads@callscope.example');
  // Two weekly occurrences in the calendar's two weeks, beside the entries the data calls for.
  const occurrences = page.locator('[data-testid="calendar-entry"][data-scheduled]');
  await expect(occurrences).toHaveCount(2);
  await expect(occurrences.first()).toContainText('07:30');
  await expect(
    page.locator('[data-testid="calendar-entry"]:not([data-scheduled])').first(),
  ).toBeVisible();

  await page.reload();
  await expect(scheduled).toHaveCount(1, { timeout: DATA_TIMEOUT });
  await scheduled.getByRole('button', { name: /^Edit/ }).click();
  await page.getByTestId('schedule-form').getByLabel('Title').fill('Compliance digest');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(scheduled).toContainText('Compliance digest', { timeout: DATA_TIMEOUT });
  await expect(occurrences.first()).toContainText('Compliance digest');

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBe(0);

  await scheduled.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('button', { name: 'Delete “Compliance digest”' }).click();
  await expect(scheduled).toHaveCount(0, { timeout: DATA_TIMEOUT });
  await expect(occurrences).toHaveCount(0);
  await expect(page.getByTestId('calendar-status')).toContainText('was deleted');
});

test('a problem leaves its field once the field is filled in', async ({ page }) => {
  await page.goto('/settings?section=calendar');
  await page.getByRole('button', { name: 'Schedule…' }).click({ timeout: DATA_TIMEOUT });
  const form = page.getByTestId('schedule-form');
  await form.getByLabel('Date (UTC)').fill(tomorrow());
  await form.getByRole('button', { name: 'Schedule' }).click();
  const title = form.getByLabel('Title');
  await expect(title).toHaveAttribute('aria-invalid', 'true', { timeout: DATA_TIMEOUT });
  await expect(form.getByText('must not be empty')).toBeVisible();
  await title.fill('Calibration: billing calls');
  await expect(form.getByText('must not be empty')).toHaveCount(0);
  await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  // Problems of fields not touched since the save stay where they are.
  await expect(form.getByLabel('Who takes part')).toHaveAttribute('aria-invalid', 'true');
});
