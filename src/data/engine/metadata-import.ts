/**
 * Recording metadata from CSV: parse (Papa Parse, ../csv), check every row, and apply all rows
 * or none. Each applied import keeps the values it replaced, so the newest import still in
 * effect can be undone; the history lists refused files too.
 */
import type { MetadataImport } from '../../generated/data.types.ts';
import { parseCsvText } from '../csv/parse-csv.ts';
import { METADATA_IMPORT_LIMITS, normaliseImportValue, tooManyRows } from '../csv/import-values.ts';
import { DISPOSITIONS, DISPOSITION_INDEX } from '../../domain/dispositions/index.ts';
import { CALL_COLUMNS, IMPORT_COLUMNS, type ImportColumnName } from '../columns.ts';
import { callIndex, type Corpus } from '../corpus/corpus.ts';
import { columnWords } from './columns.ts';
import { DataSourceError, type MetadataImportRequest } from '../source.ts';
import { rebuildTranscript } from '../corpus/generate.ts';
import { writeCallBloom } from '../text/word-bloom.ts';
import { writeTime } from './write-clock.ts';

/** What an import replaced in one call, to put it back on undo. */
interface Previous {
  index: number;
  /** The codes of the import's columns, in IMPORT_COLUMNS order. */
  columns: number[];
  /** A disposition brings its resolved flag, and is no longer the AI's. */
  resolved: number;
  dispositionByAi: number;
}

interface ImportLog {
  counter: number;
  entries: { record: MetadataImport; previous: Previous[] }[];
}

const logs = new WeakMap<Corpus, ImportLog>();

function logOf(corpus: Corpus): ImportLog {
  let log = logs.get(corpus);
  if (!log) logs.set(corpus, (log = { counter: 0, entries: [] }));
  return log;
}

/** Every import of this corpus, newest first. */
export function metadataImports(corpus: Corpus): MetadataImport[] {
  return logOf(corpus)
    .entries.map((e) => structuredClone(e.record))
    .reverse();
}

export function importMetadata(corpus: Corpus, request: MetadataImportRequest): MetadataImport {
  const errors: MetadataImport['errors'] = [];
  const parsed = parseCsvText(
    request.csv ?? '',
    request.delimiter ? { delimiter: request.delimiter } : {},
  );
  const rows = parsed.rows;
  errors.push(...parsed.errors);
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
  const updates: { index: number; values: Partial<Record<ImportColumnName, string>> }[] = [];
  if (rows.length === 0) errors.push({ row: 1, message: 'The file is empty' });
  if (rows.length - 1 > METADATA_IMPORT_LIMITS.rows)
    errors.push({ row: 1, message: tooManyRows(rows.length - 1) });
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
    const id = normaliseImportValue(cells[column.get('callId')!]!);
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
    const values: Partial<Record<ImportColumnName, string>> = {};
    for (const field of IMPORT_COLUMNS) {
      const k = column.get(field);
      if (k === undefined) continue;
      // One line of plain text: `Green\nTariff` is the product `Green Tariff`, not a new one.
      const value = normaliseImportValue(cells[k]!);
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
  const previous: Previous[] = [];
  if (applied) {
    const c = corpus.cols;
    for (const { index, values } of updates) {
      previous.push({
        index,
        columns: IMPORT_COLUMNS.map((field) => c[CALL_COLUMNS[field].column][index]!),
        resolved: c.resolved[index]!,
        dispositionByAi: c.dispositionByAi[index]!,
      });
      for (const field of IMPORT_COLUMNS) {
        const value = values[field];
        if (value === undefined) continue;
        if (field === 'disposition') {
          const d = DISPOSITION_INDEX.get(value)!;
          c.disposition[index] = d;
          c.resolved[index] = DISPOSITIONS[d]!.resolved ? 1 : 0;
          c.dispositionByAi[index] = 0;
        } else {
          // A word the data has not seen joins the column's words.
          const words = columnWords(corpus, field).open!;
          let k = words.indexOf(value);
          if (k < 0) k = words.push(value) - 1;
          c[CALL_COLUMNS[field].column][index] = k;
        }
      }
      // The product is said in the transcript: keep the search filter in step with it.
      if (values.product !== undefined && c.status[index] === 0) {
        writeCallBloom(c.wordBloom, index, rebuildTranscript(corpus, index).segments);
      }
    }
  }
  const log = logOf(corpus);
  const record: MetadataImport = {
    id: request.dryRun ? 'dry-run' : `import-${++log.counter}`,
    fileName: request.fileName,
    mapping: { ...mapping },
    rows: Math.max(0, rows.length - 1),
    applied,
    errors,
    importedAt: writeTime(corpus),
    changedCalls: previous.length,
  };
  if (!request.dryRun) log.entries.push({ record: structuredClone(record), previous });
  return record;
}

/**
 * Puts back what an import replaced. Only the newest import still in effect can be undone:
 * an older one may have been overwritten by a later file, and undoing it would bring back
 * values that no file ever had.
 */
export function undoMetadataImport(corpus: Corpus, id: string): MetadataImport {
  const log = logOf(corpus);
  const entry = log.entries.find((e) => e.record.id === id);
  if (!entry) throw new DataSourceError('not-found', `No import with id ${id}`);
  if (!entry.record.applied || entry.record.undoneAt)
    throw new DataSourceError('invalid-query', 'This import changed nothing that can be undone', [
      'id: the import was refused or is already undone',
    ]);
  const newest = [...log.entries].reverse().find((e) => e.record.applied && !e.record.undoneAt);
  if (newest !== entry)
    throw new DataSourceError(
      'invalid-query',
      `Undo ${newest!.record.fileName} (${newest!.record.id}) first: imports are undone newest first`,
      ['id: not the newest import in effect'],
    );
  const c = corpus.cols;
  for (const p of entry.previous) {
    const productChanged = c.product[p.index] !== p.columns[IMPORT_COLUMNS.indexOf('product')];
    IMPORT_COLUMNS.forEach((field, k) => (c[CALL_COLUMNS[field].column][p.index] = p.columns[k]!));
    c.resolved[p.index] = p.resolved;
    c.dispositionByAi[p.index] = p.dispositionByAi;
    if (productChanged && c.status[p.index] === 0)
      writeCallBloom(c.wordBloom, p.index, rebuildTranscript(corpus, p.index).segments);
  }
  entry.record.undoneAt = writeTime(corpus);
  return structuredClone(entry.record);
}
