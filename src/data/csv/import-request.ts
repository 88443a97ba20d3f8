/**
 * The text a metadata import sends: only the mapped columns of the file, so a wide 20 MB export
 * becomes a request of a few hundred kilobytes (the API refuses bodies over its limit). Rows whose
 * column count is wrong, and quotes never closed, are reported here, at the same rows the import
 * would name, since a row cut down to its mapped columns could no longer show them.
 */
import Papa from 'papaparse';
import { parseCsvText, type CsvDelimiter } from './parse-csv.ts';
import { METADATA_IMPORT_LIMITS, tooManyRows } from './import-values.ts';

export interface ImportRequestText {
  /** The mapped columns, header first, as CSV text with the file's separator. */
  csv: string;
  /** Problems of the file's structure, by record (1 = header); nothing is sent when any. */
  errors: { row: number; message: string }[];
}

export function importRequestText(
  text: string,
  delimiter: CsvDelimiter,
  columns: readonly string[],
): ImportRequestText {
  const parsed = parseCsvText(text, { delimiter });
  const header = (parsed.rows[0] ?? []).map((h) => h.trim());
  const errors = [...parsed.errors];
  const data = parsed.rows.length - 1;
  if (data > METADATA_IMPORT_LIMITS.rows) errors.push({ row: 1, message: tooManyRows(data) });
  const keep = columns.map((c) => header.indexOf(c));
  const out: string[][] = [keep.map((k) => header[k] ?? '')];
  for (let r = 1; r < parsed.rows.length && errors.length < 100; r++) {
    const cells = parsed.rows[r]!;
    if (cells.length !== header.length)
      errors.push({
        row: r + 1,
        message: `Expected ${header.length} columns, found ${cells.length}`,
      });
    else out.push(keep.map((k) => cells[k] ?? ''));
  }
  return { csv: errors.length ? '' : Papa.unparse(out, { delimiter, newline: '\n' }), errors };
}
