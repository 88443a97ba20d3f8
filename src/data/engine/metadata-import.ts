/** Recording metadata from CSV: parse, check every row, and apply all rows or none. */
import type { MetadataImport } from '../../generated/data.types.ts';
import { DISPOSITIONS, DISPOSITION_INDEX } from '../corpus/catalog.ts';
import { callIndex, type Corpus } from '../corpus/corpus.ts';
import type { MetadataImportRequest } from '../source.ts';
import { rebuildTranscript } from '../corpus/generate.ts';
import { writeCallBloom } from '../text/word-bloom.ts';
import { parseCsv } from '../text/csv.ts';

type Field = Exclude<keyof MetadataImport['mapping'], 'callId'>;
const FIELDS: Field[] = ['queue', 'brand', 'product', 'language', 'disposition'];
const DICTIONARY: Record<
  Exclude<Field, 'disposition'>,
  'queues' | 'brands' | 'products' | 'languages'
> = {
  queue: 'queues',
  brand: 'brands',
  product: 'products',
  language: 'languages',
};

let importCounter = 0;

export function importMetadata(corpus: Corpus, request: MetadataImportRequest): MetadataImport {
  const errors: MetadataImport['errors'] = [];
  const rows = parseCsv(request.csv ?? '');
  const header = (rows[0] ?? []).map((h) => h.trim());
  const column = new Map<string, number>();
  const mapping = request.mapping ?? { callId: '' };
  for (const [field, name] of Object.entries(mapping)) {
    if (name === undefined || name === '') continue;
    const k = header.indexOf(name);
    if (k < 0)
      errors.push({
        row: 1,
        column: name,
        message: `No column "${name}" (mapped to ${field}) in the header`,
      });
    else column.set(field, k);
  }
  if (!mapping.callId) errors.push({ row: 1, message: 'Map a column to callId' });
  const updates: { index: number; values: Partial<Record<Field, string>> }[] = [];
  if (rows.length === 0) errors.push({ row: 1, message: 'The file is empty' });
  const seen = new Set<number>();
  for (let r = 1; r < rows.length && errors.every((e) => e.row !== 1); r++) {
    const cells = rows[r]!;
    const line = r + 1;
    if (cells.length !== header.length) {
      errors.push({
        row: line,
        message: `Expected ${header.length} columns, found ${cells.length}`,
      });
      continue;
    }
    const id = cells[column.get('callId')!]!.trim();
    const index = callIndex(id, corpus.n);
    if (index < 0) {
      errors.push({ row: line, column: mapping.callId, message: `Unknown call id "${id}"` });
      continue;
    }
    if (seen.has(index))
      errors.push({
        row: line,
        column: mapping.callId,
        message: `Call ${id} appears more than once`,
      });
    seen.add(index);
    const values: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) {
      const k = column.get(field);
      if (k === undefined) continue;
      const value = cells[k]!.trim();
      if (value === '')
        errors.push({ row: line, column: mapping[field], message: `${field} is empty` });
      else if (field === 'disposition' && !DISPOSITION_INDEX.has(value)) {
        errors.push({
          row: line,
          column: mapping[field],
          message: `Unknown disposition code "${value}" (known: ${DISPOSITIONS.map((d) => d.code).join(', ')})`,
        });
      } else values[field] = value;
    }
    updates.push({ index, values });
  }
  const applied = errors.length === 0 && !request.dryRun && updates.length > 0;
  if (applied) {
    const c = corpus.cols;
    for (const { index, values } of updates) {
      for (const field of FIELDS) {
        const value = values[field];
        if (value === undefined) continue;
        if (field === 'disposition') {
          const d = DISPOSITION_INDEX.get(value)!;
          c.disposition[index] = d;
          c.resolved[index] = DISPOSITIONS[d]!.resolved ? 1 : 0;
          c.dispositionByAi[index] = 0;
        } else {
          const dictionary = corpus[DICTIONARY[field]];
          let k = dictionary.indexOf(value);
          if (k < 0) k = dictionary.push(value) - 1;
          c[field][index] = k;
        }
      }
      // The product is said in the transcript: keep the search filter in step with it.
      if (values.product !== undefined && c.status[index] === 0) {
        writeCallBloom(c.wordBloom, index, rebuildTranscript(corpus, index).segments);
      }
    }
  }
  return {
    id: `import-${++importCounter}`,
    fileName: request.fileName,
    mapping: { ...mapping },
    rows: Math.max(0, rows.length - 1),
    applied,
    errors,
    importedAt: new Date().toISOString(),
  };
}
