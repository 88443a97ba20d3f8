/**
 * CSV text to rows with Papa Parse (quotes, doubled quotes, newlines inside quotes, CRLF,
 * separator detection), and file bytes to text with the encoding detected and reported. Used
 * by the engine's import (all rows or none) and by the upload screen's parse worker, so the
 * preview and the import read a file the same way.
 */
import Papa from 'papaparse';

export type CsvDelimiter = ',' | ';' | '\t' | '|';
export const CSV_DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t', '|'];

export interface ParsedCsv {
  /** Non-empty records, header first. */
  rows: string[][];
  delimiter: CsvDelimiter;
  /** Structural problems (an unclosed quote...), by record number (1 = header). */
  errors: { row: number; message: string }[];
}

export interface ParseCsvOptions {
  /** Guessed from the first lines when absent. */
  delimiter?: CsvDelimiter;
  /** Called every few thousand records with the share of the text read. */
  onProgress?: (share: number) => void;
}

export function parseCsvText(text: string, options: ParseCsvOptions = {}): ParsedCsv {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  const errors: ParsedCsv['errors'] = [];
  let delimiter: CsvDelimiter = options.delimiter ?? ',';
  Papa.parse<string[]>(source, {
    delimiter: options.delimiter ?? '',
    delimitersToGuess: [...CSV_DELIMITERS],
    skipEmptyLines: 'greedy',
    step: (result) => {
      if (rows.length === 0) delimiter = (result.meta.delimiter as CsvDelimiter) || delimiter;
      for (const e of result.errors) {
        // A one-column file has no separator to find; that is not a problem of the file.
        if (e.code === 'UndetectableDelimiter') continue;
        errors.push({ row: rows.length + 1, message: describe(e) });
      }
      rows.push(result.data);
      if (options.onProgress && rows.length % 5000 === 0)
        options.onProgress(result.meta.cursor / Math.max(1, source.length));
    },
  });
  options.onProgress?.(1);
  return { rows, delimiter, errors };
}

function describe(error: Papa.ParseError): string {
  if (error.code === 'MissingQuotes')
    return 'A quoted field is never closed (a " is missing): the rest of the file would be one cell';
  if (error.code === 'InvalidQuotes') return 'A quote inside an unquoted field';
  return error.message;
}

/**
 * True when the bytes are not text: a NUL byte (which no text encoding but UTF-16 has, and
 * UTF-16 is read only with its byte-order mark) or many control characters in the first 64 KB.
 * A picture or an archive renamed .csv is refused with that said, instead of being read as
 * Windows-1252 into garbage headers.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return false;
  const head = bytes.subarray(0, 65_536);
  let control = 0;
  for (const b of head) {
    if (b === 0) return true;
    // Tab, line feed, form feed and carriage return are text; other C0 controls are not.
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) control += 1;
  }
  return control > head.length / 100;
}

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedCsv {
  text: string;
  encoding: CsvEncoding;
  /** Set when the file was not UTF-8 and was read another way: say so to the user. */
  notice?: string;
}

/**
 * Bytes to text. UTF-8 (with or without BOM) and UTF-16 with a BOM are read as such; bytes
 * that are not valid UTF-8 are read as Windows-1252 (Latin-1 plus a few signs), which is what
 * spreadsheet programs save "CSV" as, and the notice says so.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return {
      text: new TextDecoder('windows-1252').decode(bytes),
      encoding: 'windows-1252',
      notice:
        'The file is not UTF-8. It was read as Windows-1252 (Latin-1): check that accented letters in the preview look right, or save the file as “CSV UTF-8” and upload it again.',
    };
  }
}
