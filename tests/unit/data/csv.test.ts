import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, parseCsvText } from '../../../src/data/csv/parse-csv.ts';

describe('CSV parsing (Papa Parse)', () => {
  it('reads quoted fields with separators, doubled quotes and embedded newlines', () => {
    const { rows, errors } = parseCsvText(
      'id,brand,note\r\ncall-000001,"Acme, Inc.","said ""hi""\nthen left"\r\ncall-000002,Zeta,plain\r\n',
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      ['id', 'brand', 'note'],
      ['call-000001', 'Acme, Inc.', 'said "hi"\nthen left'],
      ['call-000002', 'Zeta', 'plain'],
    ]);
  });

  it('strips a UTF-8 byte-order mark so the first header matches', () => {
    const { rows } = parseCsvText('\ufeffid,brand\ncall-000001,Acme\n');
    expect(rows[0]).toEqual(['id', 'brand']);
  });

  it('detects semicolon separators (European spreadsheets) and tabs', () => {
    const semi = parseCsvText('id;brand;queue\ncall-000001;"A;B";Billing\n');
    expect(semi.delimiter).toBe(';');
    expect(semi.rows[1]).toEqual(['call-000001', 'A;B', 'Billing']);
    expect(parseCsvText('id\tbrand\nx\ty\n').delimiter).toBe('\t');
  });

  it('skips blank lines and reports an unclosed quote with its record', () => {
    expect(parseCsvText('id,brand\n\ncall-1,A\n   \n').rows).toHaveLength(2);
    const broken = parseCsvText('id,brand\ncall-1,A\ncall-2,"B\ncall-3,C\n');
    expect(broken.errors.length).toBeGreaterThan(0);
    expect(broken.errors[0]!.row).toBe(3);
    expect(broken.errors[0]!.message).toMatch(/never closed/);
  });

  it('reports progress up to the whole text', () => {
    const shares: number[] = [];
    const text = 'id,brand\n' + Array.from({ length: 12_000 }, (_, k) => `c${k},B`).join('\n');
    const { rows } = parseCsvText(text, { onProgress: (s) => shares.push(s) });
    expect(rows).toHaveLength(12_001);
    expect(shares.length).toBeGreaterThanOrEqual(3);
    expect(shares.at(-1)).toBe(1);
    expect([...shares].sort((a, b) => a - b)).toEqual(shares);
  });
});

describe('CSV encodings', () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);

  it('reads UTF-8 with and without BOM as UTF-8', () => {
    expect(decodeCsvBytes(utf8('brand\nCafé\n'))).toEqual({
      text: 'brand\nCafé\n',
      encoding: 'utf-8',
    });
    const bom = decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('id\n')]));
    expect(bom.encoding).toBe('utf-8');
    expect(parseCsvText(bom.text).rows[0]).toEqual(['id']);
  });

  it('detects Latin-1 (Windows-1252) bytes, converts them and says so', () => {
    // "Café;Müller" in Latin-1: é = 0xe9, ü = 0xfc (invalid as UTF-8).
    const bytes = new Uint8Array([
      ...utf8('id;name\nc1;Caf'),
      0xe9,
      ...utf8(';M'),
      0xfc,
      ...utf8('ller\n'),
    ]);
    const decoded = decodeCsvBytes(bytes);
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.notice).toMatch(/not UTF-8/);
    expect(parseCsvText(decoded.text).rows[1]).toEqual(['c1', 'Café', 'Müller']);
  });

  it('reads UTF-16 with a byte-order mark', () => {
    const text = 'id,brand\nc1,Zoë\n';
    const le = new Uint8Array(2 + text.length * 2);
    le[0] = 0xff;
    le[1] = 0xfe;
    for (let k = 0; k < text.length; k++) le[2 + 2 * k] = text.charCodeAt(k);
    expect(decodeCsvBytes(le)).toEqual({ text, encoding: 'utf-16le' });
  });
});
