/** Which CSV column fills which call field: a first guess from the header, and its problems. */
import type { MetadataImport } from '../../../data/index.ts';

export type Mapping = MetadataImport['mapping'];
export type MappableField = keyof Mapping;

export const MAPPABLE_FIELDS: readonly MappableField[] = [
  'callId',
  'queue',
  'brand',
  'product',
  'language',
  'disposition',
];

export const FIELD_LABELS: Record<MappableField, string> = {
  callId: 'Call id',
  queue: 'Queue',
  brand: 'Brand',
  product: 'Product',
  language: 'Language',
  disposition: 'Disposition code',
};

/** Header names people use for each field, compared without case, spaces or punctuation. */
const SYNONYMS: Record<MappableField, string[]> = {
  callId: ['callid', 'call', 'id', 'recordingid', 'recording'],
  queue: ['queue', 'queuename', 'skill'],
  brand: ['brand'],
  product: ['product', 'productname'],
  language: ['language', 'lang', 'locale'],
  disposition: ['disposition', 'dispositioncode', 'code', 'wrapup', 'wrapupcode', 'outcome'],
};

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export function guessMapping(header: readonly string[]): Mapping {
  const mapping: Mapping = { callId: '' };
  const taken = new Set<string>();
  for (const field of MAPPABLE_FIELDS) {
    const column = header.find((h) => !taken.has(h) && SYNONYMS[field].includes(norm(h)));
    if (column) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return mapping;
}

/** Problems at each mapping field: the call id must be mapped, a column used once. */
export function mappingProblems(
  mapping: Mapping,
  header: readonly string[],
): Partial<Record<MappableField, string>> {
  const out: Partial<Record<MappableField, string>> = {};
  if (!mapping.callId) out.callId = 'Choose the column with the call id';
  const seen = new Map<string, MappableField>();
  for (const field of MAPPABLE_FIELDS) {
    const column = mapping[field];
    if (!column) continue;
    if (!header.includes(column)) out[field] = `The file has no column "${column}"`;
    const first = seen.get(column);
    if (first) out[field] = `"${column}" already fills ${FIELD_LABELS[first]}`;
    else seen.set(column, field);
  }
  if (!out.callId && MAPPABLE_FIELDS.every((f) => f === 'callId' || !mapping[f]))
    out.queue = 'Map at least one field to import besides the call id';
  return out;
}

/** A column the import leaves out, and why, said before anything is imported. */
export interface IgnoredColumn {
  column: string;
  reason: string;
}

/** Dates as spreadsheets write them: 2026-11-28, 28/11/2026, 11.28.26, with a time or not. */
const DATE_LIKE = /^(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})([ T]\d{1,2}:\d{2}.*)?$/;

/**
 * The file's columns no call field takes. A column of dates gets its own reason: there is no
 * date field to map (a call's date and time come from its recording), so `2026-13-45` is
 * neither checked nor imported, whatever it holds.
 */
export function ignoredColumns(
  header: readonly string[],
  mapping: Mapping,
  preview: readonly (readonly string[])[],
): IgnoredColumn[] {
  const used = new Set(MAPPABLE_FIELDS.map((f) => mapping[f]).filter(Boolean));
  const out: IgnoredColumn[] = [];
  header.forEach((column, k) => {
    if (used.has(column)) return;
    const values = preview.map((cells) => (cells[k] ?? '').trim()).filter(Boolean);
    const dates = values.length > 0 && values.every((v) => DATE_LIKE.test(v));
    out.push({
      column: column || `(column ${k + 1} has no name)`,
      reason: dates
        ? 'dates are not imported: a call’s date and time come from its recording, so these values are neither checked nor stored'
        : 'not mapped to a call field',
    });
  });
  return out;
}
