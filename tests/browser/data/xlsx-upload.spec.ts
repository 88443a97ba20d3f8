/**
 * An Excel workbook on the metadata upload: read off the main thread into the same mapping,
 * preview and all-or-nothing import as a CSV file. One bad row imports nothing; the good
 * workbook imports every row and is listed.
 */
import type { Page } from '@playwright/test';
import { xlsxWorkbook, type WorkbookCell } from '../../xlsx-workbook.ts';
import { DATA_TIMEOUT, expect, test } from './screens.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function chooseWorkbook(page: Page, name: string, rows: WorkbookCell[][]) {
  const buffer = Buffer.from(xlsxWorkbook([['Call', 'Brand', 'Code'], ...rows]));
  await page.locator('#meta-file').setInputFiles({ name, mimeType: XLSX, buffer });
  await expect(page.getByTestId('file-summary')).toContainText(`${name}: `, {
    timeout: DATA_TIMEOUT,
  });
}

test('an .xlsx with one bad row imports nothing; the corrected one imports every row', async ({
  page,
}) => {
  await page.goto('/settings/recording-meta-upload');
  await chooseWorkbook(page, 'bad.xlsx', [
    ['call-000003', 'Orbit', 'SALE'],
    ['call-000004', 'Orbit', 'NOT-A-CODE'],
  ]);
  await expect(page.getByTestId('file-summary')).toContainText(
    '2 rows, 3 columns, from an Excel workbook',
  );
  await expect(page.getByTestId('upload-preview')).toContainText('Orbit');
  await page.getByRole('button', { name: /^Import 2 rows$/ }).click();
  const outcome = page.getByTestId('import-outcome');
  await expect(outcome).toHaveAttribute('data-applied', 'false', { timeout: DATA_TIMEOUT });
  const errors = page.getByTestId('import-errors').locator('tbody tr');
  await expect(errors).toHaveCount(1);
  await expect(errors.first()).toHaveAttribute('data-row', '3');
  await expect(errors.first()).toHaveAttribute('data-column', 'Code');

  await chooseWorkbook(page, 'good.xlsx', [
    ['call-000003', 'Orbit', 'SALE'],
    ['call-000004', 'Orbit', 'SALE'],
  ]);
  await page.getByRole('button', { name: /^Import 2 rows$/ }).click();
  await expect(outcome).toHaveAttribute('data-applied', 'true', { timeout: DATA_TIMEOUT });
  await expect(page.getByTestId('import-entry').first()).toHaveAttribute('data-status', 'applied');
  await expect(page.getByTestId('import-entry').first()).toContainText('good.xlsx');
});
