/** The CSV reader, loaded only when a screen reads a file (Papa Parse stays out of other chunks). */
import type { CsvFileSummary } from './read-file.ts';

export async function readCsvFile(
  file: Blob & { name: string },
  onProgress: (share: number) => void,
): Promise<CsvFileSummary> {
  const { readCsvFile: read } = await import('./read-file.ts');
  return read(file, onProgress);
}
