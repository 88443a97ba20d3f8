/**
 * CSV export: RFC 4180 text (comma, CRLF, fields with a comma, quote or line break quoted and
 * quotes doubled) and a download from the page. Text cells that a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) get a leading apostrophe, so an
 * agent or customer name can never execute in Excel; numbers are written as numbers.
 */

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * Saves the text as a file through the browser's download. A byte order mark first, so
 * spreadsheet programs read the UTF-8 names (accents, non-Latin scripts) correctly.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, not before the download starts.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name from words and a period: "churn-report-2026-03-01-to-2026-03-30.csv". */
export function csvFileName(...parts: string[]): string {
  const slug = parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'export'}.csv`;
}
