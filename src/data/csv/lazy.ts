/** The CSV reader, loaded only when a screen reads a file (Papa Parse stays out of other chunks). */
import type { CsvDelimiter } from './parse-csv.ts';
import type { ImportRequestText } from './import-request.ts';
import type { CsvFileSummary } from './read-file.ts';

export async function readCsvFile(
  file: Blob & { name: string },
  onProgress: (share: number) => void,
): Promise<CsvFileSummary> {
  const { readCsvFile: read } = await import('./read-file.ts');
  return read(file, onProgress);
}

/** The mapped columns of a file read by `readCsvFile`, as the import request's text. */
export async function importRequestText(
  text: string,
  delimiter: CsvDelimiter,
  columns: readonly string[],
): Promise<ImportRequestText> {
  const { importRequestText: project } = await import('./import-request.ts');
  return project(text, delimiter, columns);
}
