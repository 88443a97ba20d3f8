/**
 * What the metadata upload does to a file before and during an import: values are one line of
 * plain text (and the preview shows what was hidden in them), a binary or empty file gets one
 * true message, unmapped columns are named with their reason, only the mapped columns are sent
 * and the row limit is the same on the page and in the import.
 */
import { describe, expect, it } from 'vitest';
import {
  METADATA_IMPORT_LIMITS,
  changedOnImport,
  normaliseImportValue,
  showHiddenCharacters,
} from '../../../src/data/csv/import-values.ts';
import { importRequestText } from '../../../src/data/csv/import-request.ts';
import { summariseFileBytes } from '../../../src/data/csv/read-file.ts';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import { ignoredColumns } from '../../../src/screens/settings/metadata-upload/mapping.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('metadata values', () => {
  it('become one line of plain text, and the preview writes out what was hidden', () => {
    expect(normaliseImportValue('Green\nTariff')).toBe('Green Tariff');
    expect(normaliseImportValue(' Green\r\n\t Tariff\u00a0 ')).toBe('Green Tariff');
    expect(normaliseImportValue('Gr\u200been\u0007')).toBe('Green');
    expect(changedOnImport('Green\nTariff')).toBe(true);
    expect(changedOnImport('  Green Tariff ')).toBe(false);
    expect(showHiddenCharacters('Green\nTariff')).toBe('Green↵Tariff');
    expect(showHiddenCharacters('A\tB\u00a0C\u200bD  E')).toBe('A⇥B⍽C<U+200B>D␣␣E');
  });

  it('are imported normalised: no second product that only looks the same', async () => {
    const source = createEmbeddedSource({ seed: 5, calls: 300 });
    const done = await source.importMetadata({
      fileName: 'products.csv',
      mapping: { callId: 'Call', product: 'Product' },
      csv: 'Call,Product\ncall-000001,"Green\nTariff"\ncall-000002,Green Tariff\u200b\n',
    });
    expect(done).toMatchObject({ applied: true, errors: [], changedCalls: 2 });
    const calls = await source.calls({ filters: { callId: ['call-000001', 'call-000002'] } });
    expect(calls.items.map((c) => c.product)).toEqual(['Green Tariff', 'Green Tariff']);
  });

  it('are refused beyond the row limit by the import itself, not only the page', async () => {
    const source = createEmbeddedSource({ seed: 5, calls: 300 });
    const rows = Array.from({ length: METADATA_IMPORT_LIMITS.rows + 1 }, () => 'call-000001,A');
    const refused = await source.importMetadata({
      fileName: 'huge.csv',
      mapping: { callId: 'Call', brand: 'Brand' },
      csv: `Call,Brand\n${rows.join('\n')}\n`,
      dryRun: true,
    });
    expect(refused.applied).toBe(false);
    expect(refused.errors).toEqual([
      { row: 1, message: expect.stringMatching(/at most 50,000 \(split the file\)/) },
    ]);
  });
});

describe('reading a metadata file', () => {
  it('says a binary file is not text instead of reading garbage headers', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expect(summariseFileBytes('photo.csv', png)).rejects.toThrow(/not a text file/);
    const noise = Uint8Array.from({ length: 4096 }, (_, k) => (k * 37 + 11) % 256 || 1);
    await expect(summariseFileBytes('noise.csv', noise)).rejects.toThrow(/not a text file/);
    // UTF-16 text has NUL bytes, and is text.
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(Buffer.from('id\n1\n', 'utf16le')),
    ]);
    expect((await summariseFileBytes('u16.csv', utf16)).header).toEqual(['id']);
  });

  it('says an empty file is empty, once', async () => {
    for (const text of ['', '\n\n', '   \r\n'])
      await expect(summariseFileBytes('empty.csv', bytes(text))).rejects.toThrow(
        /^the file is empty/,
      );
    const headerOnly = await summariseFileBytes('header.csv', bytes('Call,Brand\n'));
    expect(headerOnly).toMatchObject({ header: ['Call', 'Brand'], rowCount: 0 });
  });

  it('names each column the import leaves out, dates with their own reason', () => {
    const header = ['Call', 'Product', 'Called on', 'Notes'];
    const preview = [
      ['call-000001', 'Green', '2026-13-45', 'x'],
      ['call-000002', 'Green', '2026-11-28 10:00', ''],
    ];
    expect(ignoredColumns(header, { callId: 'Call', product: 'Product' }, preview)).toEqual([
      { column: 'Called on', reason: expect.stringMatching(/^dates are not imported/) },
      { column: 'Notes', reason: 'not mapped to a call field' },
    ]);
  });
});

describe('the import request', () => {
  it('carries only the mapped columns, so a 20 MB export fits the API body limit', () => {
    const wide = 'x'.repeat(1_000);
    const lines = ['Call,Notes,Product'];
    for (let k = 1; k <= 20_000; k++)
      lines.push(`call-${String(k).padStart(6, '0')},"${wide}, ${k}",Green`);
    const text = lines.join('\n');
    expect(text.length).toBeGreaterThan(20_000_000);
    const request = importRequestText(text, ',', ['Call', 'Product']);
    expect(request.errors).toEqual([]);
    expect(request.csv.length).toBeLessThan(1_000_000);
    expect(request.csv.split('\n').slice(0, 2)).toEqual(['Call,Product', 'call-000001,Green']);
  });

  it('names rows of the wrong width and unclosed quotes where the import would', () => {
    const request = importRequestText('Call,Brand,Notes\ncall-1,A,n\ncall-2,B\n', ',', [
      'Call',
      'Brand',
    ]);
    expect(request).toEqual({
      csv: '',
      errors: [{ row: 3, message: 'Expected 3 columns, found 2' }],
    });
  });
});
