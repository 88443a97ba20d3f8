import { describe, expect, it } from 'vitest';
import { parseCsvText } from '../../../src/data/csv/parse-csv.ts';
import { summariseFileBytes } from '../../../src/data/csv/read-file.ts';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import { xlsxWorkbook } from '../../xlsx-workbook.ts';

describe('Excel workbooks (.xlsx) for the metadata upload', () => {
  it('reads the first sheet into the CSV summary: quotes, separators, numbers and dates kept', async () => {
    const book = xlsxWorkbook([
      ['call id', 'Brand', 'Queue', 'Score', 'Called on'],
      ['call-000001', 'Acme, "Gold"', 'Billing\nEU', 42, new Date(Date.UTC(2026, 2, 5))],
      [null, null, null, null, null],
      ['call-000002', 'Zeta', 'Sales', 3.5, new Date(Date.UTC(2026, 2, 5, 14, 30))],
    ]);
    const progress: number[] = [];
    const summary = await summariseFileBytes('calls.xlsx', book, (s) => progress.push(s));
    expect(summary).toMatchObject({
      format: 'xlsx',
      encoding: 'utf-8',
      delimiter: ',',
      header: ['call id', 'Brand', 'Queue', 'Score', 'Called on'],
      rowCount: 2,
      errors: [],
    });
    expect(summary.preview).toEqual([
      ['call-000001', 'Acme, "Gold"', 'Billing\nEU', '42', '2026-03-05'],
      ['call-000002', 'Zeta', 'Sales', '3.5', '2026-03-05T14:30:00.000Z'],
    ]);
    expect(summary.notice).toMatch(/first sheet of the Excel workbook/);
    expect(progress.at(-1)).toBe(1);
    // The text sent to the import reads back as the same rows (the import's own parser).
    expect(parseCsvText(summary.text).rows.slice(1)).toEqual(summary.preview);
  });

  it('imports a workbook like a CSV: all rows or, with one bad row, none', async () => {
    const source = createEmbeddedSource({ calls: 200, seed: 8 });
    const read = (rows: (string | null)[][]) =>
      summariseFileBytes('meta.xlsx', xlsxWorkbook([['call', 'brand'], ...rows]));
    const bad = await read([
      ['call-000001', 'Acme'],
      ['call-999999', 'Zeta'],
    ]);
    const request = (csv: string) => ({
      fileName: 'meta.xlsx',
      csv,
      delimiter: ',' as const,
      mapping: { callId: 'call', brand: 'brand' },
      dryRun: false,
    });
    const refused = await source.importMetadata(request(bad.text));
    expect(refused.applied).toBe(false);
    expect(refused.errors[0]).toMatchObject({ row: 3 });
    const before = await source.call('call-000001');
    expect(before!.call.brand).not.toBe('Acme');
    const good = await read([['call-000001', 'Acme']]);
    expect((await source.importMetadata(request(good.text))).applied).toBe(true);
    expect((await source.call('call-000001'))!.call.brand).toBe('Acme');
  });

  it('says what is wrong with a damaged workbook and with the old .xls format', async () => {
    const broken = xlsxWorkbook([['a']]).slice(0, 60);
    await expect(summariseFileBytes('broken.xlsx', broken)).rejects.toThrow(
      /not a readable Excel workbook .*save it again as \.xlsx or as CSV/,
    );
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    await expect(summariseFileBytes('old.xls', xls)).rejects.toThrow(
      'it is an Excel 97-2003 workbook (.xls): save it as .xlsx or as CSV',
    );
    // A CSV file is still read as CSV.
    const csv = await summariseFileBytes('a.csv', new TextEncoder().encode('call;brand\nx;y\n'));
    expect(csv).toMatchObject({ delimiter: ';', rowCount: 1 });
    expect(csv.format).toBeUndefined();
  });
});
