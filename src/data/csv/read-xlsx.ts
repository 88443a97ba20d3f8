/**
 * An uploaded Excel workbook (.xlsx) read into the same summary as a CSV file: its first sheet
 * is read with read-excel-file (unzip and XML parsing in plain JavaScript, so it runs in the
 * upload's worker), its cells written as CSV text, and that text read by the CSV path. The
 * mapping, the preview, the row checks and the all-or-nothing import are then the CSV ones.
 */
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/universal';
import { summariseCsvBytes, type CsvFileSummary } from './read-file.ts';

/** A cell as the CSV text an import reads: dates as ISO (a day alone when it has no time). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  return String(value);
}

export async function summariseXlsxBytes(
  fileName: string,
  bytes: Uint8Array,
  onProgress: (share: number) => void = () => {},
): Promise<CsvFileSummary> {
  let sheet: unknown[][];
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    sheet = (await readSheet(buffer as ArrayBuffer)) as unknown[][];
  } catch (error) {
    throw new Error(
      `it is not a readable Excel workbook (${error instanceof Error ? error.message : String(error)}); save it again as .xlsx or as CSV`,
    );
  }
  onProgress(0.5);
  const rows = sheet
    .map((row) => row.map(cellText))
    .filter((row) => row.some((cell) => cell.trim() !== ''));
  const text = Papa.unparse(rows, { delimiter: ',', newline: '\n' });
  const summary = summariseCsvBytes(fileName, new TextEncoder().encode(text), (share) =>
    onProgress(0.5 + share / 2),
  );
  return {
    ...summary,
    format: 'xlsx',
    notice:
      'Read from the first sheet of the Excel workbook; dates are written as YYYY-MM-DD (with the time when there is one, in UTC).',
  };
}
