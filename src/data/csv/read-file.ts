/**
 * Reads an uploaded CSV file off the main thread: bytes to text (encoding detected), records
 * parsed with Papa Parse, progress reported as it goes. The page gets the header, a preview,
 * the record count, problems and the normalised text to send to `importMetadata`.
 */
import {
  decodeCsvBytes,
  looksBinary,
  parseCsvText,
  type CsvDelimiter,
  type CsvEncoding,
} from './parse-csv.ts';

export interface CsvFileSummary {
  fileName: string;
  /** 'xlsx' when the file was an Excel workbook (its first sheet, as CSV text: read-xlsx.ts). */
  format?: 'csv' | 'xlsx';
  encoding: CsvEncoding;
  /** Set when the file was not UTF-8 (what was done about it). */
  notice?: string;
  delimiter: CsvDelimiter;
  header: string[];
  /** Data records (header excluded). */
  rowCount: number;
  /** The first data records. */
  preview: string[][];
  errors: { row: number; message: string }[];
  /** The file as UTF-8 text without BOM, for the import. */
  text: string;
}

export type CsvWorkerMessage =
  | { kind: 'progress'; share: number }
  | { kind: 'done'; summary: CsvFileSummary }
  | { kind: 'failed'; message: string };

const PREVIEW_ROWS = 8;

/** The whole job on bytes (the worker's body; also the fallback where there are no workers). */
export function summariseCsvBytes(
  fileName: string,
  bytes: Uint8Array,
  onProgress: (share: number) => void = () => {},
): CsvFileSummary {
  const decoded = decodeCsvBytes(bytes);
  const text = decoded.text.charCodeAt(0) === 0xfeff ? decoded.text.slice(1) : decoded.text;
  const parsed = parseCsvText(text, { onProgress });
  return {
    fileName,
    encoding: decoded.encoding,
    ...(decoded.notice ? { notice: decoded.notice } : {}),
    delimiter: parsed.delimiter,
    header: (parsed.rows[0] ?? []).map((h) => h.trim()),
    rowCount: Math.max(0, parsed.rows.length - 1),
    preview: parsed.rows.slice(1, 1 + PREVIEW_ROWS),
    errors: parsed.errors,
    text,
  };
}

/**
 * True for what should be an Excel 2007+ workbook: a ZIP file (which an .xlsx is) or a file named
 * .xlsx/.xlsm; one that is not really a workbook then fails with a message saying so, instead of
 * being read as CSV text.
 */
export function isXlsxFile(fileName: string, bytes: Uint8Array): boolean {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  return zip || /\.xls[xm]$/i.test(fileName);
}

/** True for the binary Excel 97-2003 format (.xls), which is not read: the user is told why. */
export function isLegacyExcel(bytes: Uint8Array): boolean {
  return bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
}

/** A CSV file or an Excel workbook (read-xlsx.ts, loaded only for one); the worker's body. */
export async function summariseFileBytes(
  fileName: string,
  bytes: Uint8Array,
  onProgress: (share: number) => void = () => {},
): Promise<CsvFileSummary> {
  if (isLegacyExcel(bytes))
    throw new Error('it is an Excel 97-2003 workbook (.xls): save it as .xlsx or as CSV');
  if (!isXlsxFile(fileName, bytes)) {
    if (looksBinary(bytes))
      throw new Error(
        'it is not a text file (it holds binary data, as a picture or an archive does): choose a CSV file or an Excel workbook',
      );
    const summary = summariseCsvBytes(fileName, bytes, onProgress);
    // One message, the true one: no "0 rows, 0 columns" and no "header but no rows".
    if (summary.header.length === 0)
      throw new Error('the file is empty (it has no header and no rows)');
    return summary;
  }
  // The workbook reader (unzip, XML) is loaded only for a workbook.
  const { summariseXlsxBytes } = await import('./read-xlsx.ts');
  return summariseXlsxBytes(fileName, bytes, onProgress);
}

export function readCsvFile(
  file: Blob & { name: string },
  onProgress: (share: number) => void,
): Promise<CsvFileSummary> {
  if (typeof Worker === 'undefined')
    return file
      .arrayBuffer()
      .then((buffer) => summariseFileBytes(file.name, new Uint8Array(buffer), onProgress));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => worker.terminate();
    worker.addEventListener('message', (event: MessageEvent<CsvWorkerMessage>) => {
      const m = event.data;
      if (m.kind === 'progress') onProgress(m.share);
      else {
        finish();
        if (m.kind === 'done') resolve(m.summary);
        else reject(new Error(m.message));
      }
    });
    worker.addEventListener('error', (event) => {
      finish();
      reject(new Error(event.message || 'The file could not be read'));
    });
    worker.postMessage(file);
  });
}
