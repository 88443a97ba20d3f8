/**
 * The call corpus in the database: one row per call in `calls` (one column per engine column),
 * failed compliance rules in `call_failures`, and a `corpus` row written last that marks the
 * load complete (a load killed half-way is started again). Reading it back gives the engine's
 * columnar corpus bit for bit: columns come out as RowBinary, which is the typed array's bytes.
 */
import type { CallColumns, Corpus } from '../../src/data/corpus/corpus.ts';
import {
  CORPUS_GENERATOR,
  SERVER_MAX_CALLS,
  prepareCorpus,
} from '../../src/data/corpus/generate.ts';
import { BLOOM_WORDS } from '../../src/data/text/word-bloom.ts';
import type { Database } from './database.ts';
import { writeLeadsTable } from './lead-table.ts';
import { tsvField } from './database.ts';
import {
  BASE_TABLE_NAMES,
  CORPUS_TABLE,
  addComputedColumnsSql,
  callsTable,
  createTableSql,
  failuresTable,
  leadsTable,
  numericColumns as columnsOf,
  sqlColumn,
} from './schema.ts';

export { sqlColumn };

type Column = Exclude<keyof CallColumns, 'wordBloom'>;
type NumericArray = CallColumns[Column];

/** Corpus fields that are not columns but come from generation, kept as JSON. */
interface CorpusExtras {
  summaries: string[];
  customerCount: number;
  leads: Corpus['leads'];
  categoryRuleIds: string[];
  loadMs: number;
  /** The day the corpus ends on (absent in data stored before the corpus had an anchor day). */
  day?: string;
  /** CORPUS_GENERATOR that made it (absent before versions: 1). */
  generator?: number;
}

export interface StoredCorpus {
  readonly seed: number;
  readonly calls: number;
  /** The last day with calls, fixed when the corpus was first stored: stored data ages. */
  readonly day: string;
  /** The generator version that made it (see CORPUS_GENERATOR). */
  readonly generator: number;
}

/** Corpora stored before the anchor day existed all ended on 31 March 2026. */
const DAY_BEFORE_ANCHORS = '2026-03-31';

function number(value: number): string {
  return Number.isNaN(value) ? 'nan' : String(value);
}

/** A calls table, its failed-rules table and its leads table. */
export interface CallTableNames {
  readonly calls: string;
  readonly failures: string;
  readonly leads: string;
}

export const BASE_TABLES: CallTableNames = BASE_TABLE_NAMES;

/** Creates a calls table, its failures and leads tables (idempotent), as schema.ts describes them. */
export async function createCallTables(db: Database, tables: CallTableNames): Promise<void> {
  const calls = callsTable(tables.calls);
  await db.text(createTableSql(calls));
  // A table written before the KPI contributions existed gets them, computed on read for its
  // old rows.
  const added = addComputedColumnsSql(calls);
  if (added) await db.text(added);
  await db.text(createTableSql(failuresTable(tables.failures)));
  await db.text(createTableSql(leadsTable(tables.leads)));
}

/** Creates the tables the corpus needs (idempotent). */
async function createCorpusTables(db: Database): Promise<void> {
  await createCallTables(db, BASE_TABLES);
  await db.text(createTableSql(CORPUS_TABLE));
}

/** The complete corpus in the database, if any. */
export async function storedCorpus(db: Database): Promise<StoredCorpus | null> {
  await createCorpusTables(db);
  const line = (
    await db.text(
      "SELECT seed, calls, JSONExtractString(extras, 'day'), JSONExtractUInt(extras, 'generator') FROM corpus LIMIT 1",
    )
  ).trim();
  if (!line) return null;
  const [seed, calls, day, generator] = line.split('\t');
  return {
    seed: Number(seed),
    calls: Number(calls),
    day: day || DAY_BEFORE_ANCHORS,
    generator: Number(generator) || 1,
  };
}

/** Writes a generated corpus (after clearing any half-written load), reporting progress 0..1. */
export async function saveCorpus(
  db: Database,
  corpus: Corpus,
  progress: (done: number) => void = () => {},
  batch = 5_000,
): Promise<void> {
  await createCorpusTables(db);
  await db.text('TRUNCATE TABLE corpus');
  await writeCallTables(db, corpus, BASE_TABLES, progress, batch);
  const extras: CorpusExtras = {
    summaries: corpus.summaries,
    customerCount: corpus.customerCount,
    leads: corpus.leads,
    categoryRuleIds: corpus.categoryRuleIds,
    loadMs: corpus.loadMs,
    day: corpus.day,
    generator: CORPUS_GENERATOR,
  };
  await db.insertTsv(
    'corpus',
    ['seed', 'calls', 'loaded_at', 'extras'],
    `${corpus.seed}\t${corpus.n}\t${Date.now() / 1000}\t${tsvField(JSON.stringify(extras))}\n`,
  );
}

/** Writes the corpus's call columns, failures and leads into (emptied) call tables, reporting 0..1. */
export async function writeCallTables(
  db: Database,
  corpus: Corpus,
  tables: CallTableNames,
  progress: (done: number) => void = () => {},
  batch = 5_000,
): Promise<void> {
  await createCallTables(db, tables);
  for (const table of [tables.calls, tables.failures]) await db.text(`TRUNCATE TABLE ${table}`);
  const names = columnsOf(corpus.cols);
  const cols = corpus.cols;
  const bloomBytes = BLOOM_WORDS * 4;
  const bloom = Buffer.from(cols.wordBloom.buffer, cols.wordBloom.byteOffset);
  for (let from = 0; from < corpus.n; from += batch) {
    const to = Math.min(corpus.n, from + batch);
    let rows = '';
    for (let i = from; i < to; i++) {
      // A deleted call (ingest's data-subject requests) has no row: no query counts it.
      if (corpus.ingested?.deleted.has(i)) continue;
      rows += String(i);
      for (const k of names) rows += `\t${number(cols[k][i]!)}`;
      rows += `\t${bloom.toString('hex', i * bloomBytes, (i + 1) * bloomBytes)}\n`;
    }
    if (rows)
      await db.insertTsv(tables.calls, ['idx', ...names.map(sqlColumn), 'word_bloom'], rows);
    progress(to / corpus.n);
  }
  const f = corpus.failures;
  let failures = '';
  for (let i = 0; i < corpus.n; i++) {
    for (let j = f.offsets[i]!; j < f.offsets[i + 1]!; j++) {
      failures += `${i}\t${j}\t${f.rule[j]}\t${f.segment[j]}\t${f.beginMs[j]}\n`;
    }
  }
  if (failures) {
    await db.insertTsv(tables.failures, ['call', 'pos', 'rule', 'segment', 'begin_ms'], failures);
  }
  await writeLeadsTable(db, corpus, tables.leads);
}

async function column<T extends NumericArray>(
  db: Database,
  sql: string,
  ctor: new (buffer: ArrayBuffer) => T,
): Promise<T> {
  const bytes = await db.bytes(sql);
  // A copy: the result buffer is not aligned for the typed array and is not ours to keep.
  return new ctor(bytes.slice().buffer as ArrayBuffer);
}

/** Reads the stored corpus back into the engine's form. */
export async function loadCorpus(db: Database, stored: StoredCorpus): Promise<Corpus> {
  const started = performance.now();
  const corpus = prepareCorpus({
    seed: stored.seed,
    calls: stored.calls,
    day: stored.day,
    maxCalls: SERVER_MAX_CALLS,
  });
  const extras = JSON.parse(
    (await db.text('SELECT extras FROM corpus LIMIT 1', 'TSVRaw')).trim(),
  ) as CorpusExtras;
  const cols = corpus.cols as unknown as Record<string, NumericArray>;
  for (const k of columnsOf(corpus.cols)) {
    const ctor = cols[k]!.constructor as new (buffer: ArrayBuffer) => NumericArray;
    cols[k] = await column(db, `SELECT ${sqlColumn(k)} FROM calls ORDER BY idx`, ctor);
    if (cols[k]!.length !== stored.calls) throw new Error(`column ${k} is incomplete`);
  }
  corpus.cols.wordBloom = await column(
    db,
    `SELECT toFixedString(unhex(word_bloom), ${BLOOM_WORDS * 4}) FROM calls ORDER BY idx`,
    Uint32Array,
  );
  const f = corpus.failures;
  const call = await column(db, 'SELECT call FROM call_failures ORDER BY call, pos', Uint32Array);
  f.rule = await column(db, 'SELECT rule FROM call_failures ORDER BY call, pos', Uint16Array);
  f.segment = await column(db, 'SELECT segment FROM call_failures ORDER BY call, pos', Int32Array);
  f.beginMs = await column(db, 'SELECT begin_ms FROM call_failures ORDER BY call, pos', Int32Array);
  f.offsets = new Int32Array(stored.calls + 1);
  for (const i of call) f.offsets[i + 1] = f.offsets[i + 1]! + 1;
  for (let i = 0; i < stored.calls; i++) f.offsets[i + 1] = f.offsets[i + 1]! + f.offsets[i]!;
  corpus.summaries = extras.summaries;
  corpus.customerCount = extras.customerCount;
  corpus.leads = extras.leads;
  corpus.categoryRuleIds = extras.categoryRuleIds;
  corpus.loadMs = Math.round(performance.now() - started);
  return corpus;
}
