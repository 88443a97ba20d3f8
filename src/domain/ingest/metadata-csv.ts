/**
 * A folder's metadata.csv (header `id,startedAt,direction,agent,vendor,customer,...`, one row
 * per call) as metadata records, read by the same CSV reader as the metadata import.
 */
import { parseCsvText } from '../../data/csv/parse-csv.ts';

export interface MetadataRows {
  rows: Record<string, string>[];
  /** Problems by line (1 = header). */
  errors: { row: number; message: string }[];
}

export function readMetadataCsv(text: string): MetadataRows {
  const parsed = parseCsvText(text);
  const errors = [...parsed.errors];
  const [header, ...body] = parsed.rows;
  if (!header) return { rows: [], errors: [{ row: 1, message: 'The file is empty' }] };
  const names = header.map((h) => h.trim());
  if (!names.includes('id')) errors.push({ row: 1, message: 'The header has no id column' });
  const rows: Record<string, string>[] = [];
  body.forEach((cells, k) => {
    if (cells.length !== names.length) {
      errors.push({
        row: k + 2,
        message: `It has ${cells.length} cells; the header has ${names.length}`,
      });
      return;
    }
    rows.push(Object.fromEntries(names.map((n, i) => [n, cells[i]!])));
  });
  return { rows, errors };
}
