import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvField('say "cancel"')).toBe('"say ""cancel"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('writes numbers as numbers and empty cells for missing values', () => {
    expect(csvField(-0.25)).toBe('-0.25');
    expect(csvField(1200)).toBe('1200');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(false)).toBe('false');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-5 pp')).toBe("'-5 pp");
    expect(csvField('@team')).toBe("'@team");
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(
      toCsv([
        ['Brand', 'Calls'],
        ['Acme, Inc', 3],
      ]),
    ).toBe('Brand,Calls\r\n"Acme, Inc",3\r\n');
  });

  it('makes a safe file name', () => {
    expect(csvFileName('Churn report', '2026-03-01', 'to', '2026-03-30')).toBe(
      'churn-report-2026-03-01-to-2026-03-30.csv',
    );
    expect(csvFileName('***')).toBe('export.csv');
  });
});
