/**
 * The metadata upload against the API (issue 38, item 8): the limits are stated before upload,
 * a binary file and an empty file each get one true message, a value with a line break is
 * previewed as it will be imported with its hidden characters written out, an unmapped date
 * column is named with its reason, and a 20 MB file imports (only its mapped columns travel,
 * under the API's 8 MB body limit) and is listed in the history.
 */
import type { Page } from '@playwright/test';
import { expect, signInThroughProvider } from '../harness/fixtures.ts';
import { test } from './with-api.ts';

const DATA_TIMEOUT = 30_000;

async function choose(page: Page, name: string, buffer: Buffer) {
  await page.locator('#meta-file').setInputFiles({ name, mimeType: 'text/csv', buffer });
}

test('metadata upload: limits, binary and empty files, hidden characters, ignored columns, a 20 MB file', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  await signInThroughProvider(page, '/');
  await page.goto('/settings/recording-meta-upload');
  await expect(page.getByTestId('upload-limits')).toHaveText(
    /Files up to 50 MB and 50,000 rows.*only the columns you map are sent/,
  );
  const status = page.locator('#meta-file-status');

  await test.step('a binary file renamed .csv is said not to be text', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49]);
    await choose(page, 'photo.csv', png);
    await expect(status).toContainText('photo.csv could not be read: it is not a text file', {
      timeout: DATA_TIMEOUT,
    });
    await expect(page.getByTestId('file-summary')).toHaveCount(0);
  });

  await test.step('an empty file gets one message', async () => {
    await choose(page, 'empty.csv', Buffer.from(''));
    await expect(status).toContainText('empty.csv could not be read: the file is empty', {
      timeout: DATA_TIMEOUT,
    });
    await expect(page.getByTestId('file-summary')).toHaveCount(0);
    await expect(page.getByText('The file has a header but no rows')).toHaveCount(0);
  });

  await test.step('a value with a line break, and a date column no field takes', async () => {
    const csv = 'Call,Product,Called on\ncall-000001,"Green\nTariff",2026-13-45\n';
    await choose(page, 'products.csv', Buffer.from(csv));
    await expect(page.getByTestId('file-summary')).toContainText('1 rows, 3 columns', {
      timeout: DATA_TIMEOUT,
    });
    await page.getByLabel('Product', { exact: true }).selectOption('Product');
    const cell = page.getByTestId('upload-preview').locator('td[data-hidden-characters]');
    await expect(cell).toHaveText('Green Tariff (in the file: Green↵Tariff)');
    const ignored = page.getByTestId('ignored-columns');
    await expect(ignored).toContainText('Called on: dates are not imported');
  });

  await test.step('a 20 MB file imports and is listed', async () => {
    const notes = 'n'.repeat(10_000);
    const lines = ['Call,Notes,Brand'];
    for (let k = 1; k <= app.calls; k++)
      lines.push(`call-${String(k).padStart(6, '0')},"${notes}",Wide Brand`);
    const buffer = Buffer.from(lines.join('\n'));
    expect(buffer.length).toBeGreaterThan(20_000_000);
    await choose(page, 'wide.csv', buffer);
    await expect(page.getByTestId('file-summary')).toContainText(`wide.csv: 2,000 rows`, {
      timeout: DATA_TIMEOUT,
    });
    await expect(page.getByTestId('ignored-columns')).toContainText('Notes: not mapped');
    await page.getByRole('button', { name: /^Import 2,000 rows$/ }).click();
    const outcome = page.getByTestId('import-outcome');
    await expect(outcome).toHaveAttribute('data-applied', 'true', { timeout: DATA_TIMEOUT });
    await expect(page.getByTestId('import-entry').first()).toContainText('wide.csv');
  });
});
