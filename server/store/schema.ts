/**
 * Every table the store keeps, described once: its columns with their ClickHouse types, its
 * indexes, its sort key, and how its rows spread over a cluster. The single server's DDL (what
 * the store runs today) and a cluster's layout (cluster-ddl.ts) are both generated from these
 * descriptions, so a column added here is in both, and schema.test.ts fails if it is not.
 */
import type { CallColumns } from '../../src/data/corpus/corpus.ts';
import { prepareCorpus } from '../../src/data/corpus/generate.ts';
import type { Speaker } from '../../src/data/search/parse.ts';
import { KPI_CONTRIBUTIONS, contributionColumn } from '../query/kpi-totals.ts';
import { KPI_TOTAL_FIELDS } from '../../src/metrics/index.ts';

export interface TableColumn {
  readonly name: string;
  readonly type: string;
  /** Computed from the row's other columns when it is written (never inserted). */
  readonly materialized?: string;
  /** Written when an insert leaves the column out. */
  readonly default?: string;
}

export interface TableIndex {
  readonly name: string;
  readonly expression: string;
  /** The index's type clause, e.g. `minmax GRANULARITY 1`. */
  readonly type: string;
}

/**
 * Where a table's rows live on a cluster: `shardBy`, an expression over its columns that picks
 * each row's shard (through a Distributed table over the shards' local tables), or `everywhere`
 * for small tables every node keeps whole (replicated to all, read locally).
 */
export type Placement = { readonly shardBy: string; readonly why: string } | 'everywhere';

export interface TableDescription {
  readonly name: string;
  readonly columns: readonly TableColumn[];
  readonly indexes: readonly TableIndex[];
  readonly orderBy: string;
  readonly settings?: string;
  readonly placement: Placement;
}

/** A corpus column's name in the calls table. */
export function sqlColumn(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

type NumericColumn = Exclude<keyof CallColumns, 'wordBloom'>;
type NumericArray = CallColumns[NumericColumn];

const TYPE_OF: [new (n: number) => NumericArray, string][] = [
  [Float64Array, 'Float64'],
  [Float32Array, 'Float32'],
  [Int32Array, 'Int32'],
  [Uint32Array, 'UInt32'],
  [Uint16Array, 'UInt16'],
  [Uint8Array, 'UInt8'],
];

/** The engine's call columns stored one to one (the word bloom is stored as hex text). */
export function numericColumns(cols: CallColumns): NumericColumn[] {
  return (Object.keys(cols) as (keyof CallColumns)[]).filter(
    (k): k is NumericColumn => k !== 'wordBloom',
  );
}

function clickhouseType(array: NumericArray): string {
  const found = TYPE_OF.find(([ctor]) => array instanceof ctor);
  if (!found) throw new Error(`no ClickHouse type for ${array.constructor.name}`);
  return found[1];
}

/**
 * One customer's calls on one shard: repeat contacts, transfer chains, pending windows, churn
 * and leads are analyses across a customer's calls, which a shard can then compute and answer
 * from its own rows, with no call read across the network.
 */
const BY_CUSTOMER: Placement = {
  shardBy: 'cityHash64(customer)',
  why: "one customer's calls on one shard: repeat contacts, transfers, churn and leads are computed over a customer's calls, shard-locally",
};

/**
 * Rows of one call, spread by the call. These tables have no customer column, so a call's
 * failures and words do not follow its customer's shard: a query joining them to the calls
 * needs GLOBAL IN on a cluster (see docs/deploying.md).
 */
const BY_CALL = (column: string): Placement => ({
  shardBy: `intHash64(${column})`,
  why: "a call's rows together; no customer column, so not beside the call's row",
});

/** The KPI contributions, computed on insert (query/kpi-totals.ts). */
export const CONTRIBUTION_COLUMNS: readonly TableColumn[] = KPI_TOTAL_FIELDS.map((f) => ({
  name: contributionColumn(f),
  type: KPI_CONTRIBUTIONS[f].type,
  materialized: KPI_CONTRIBUTIONS[f].sql,
}));

/**
 * A calls table: one column per engine column, typed as the engine's array, then the word
 * bloom and the KPI contributions. Calls are stored in time order (idx), and the min-max index
 * on start_ms lets a period read only its granules.
 */
export function callsTable(name: string): TableDescription {
  const template = prepareCorpus({ calls: 1 }).cols;
  return {
    name,
    columns: [
      { name: 'idx', type: 'UInt32' },
      ...numericColumns(template).map((k) => ({
        name: sqlColumn(k),
        type: clickhouseType(template[k]),
      })),
      { name: 'word_bloom', type: 'String' },
      ...CONTRIBUTION_COLUMNS,
    ],
    indexes: [{ name: 'start_range', expression: 'start_ms', type: 'minmax GRANULARITY 1' }],
    orderBy: 'idx',
    placement: BY_CUSTOMER,
  };
}

/** The failed compliance rules of a calls table's calls. */
export function failuresTable(name: string): TableDescription {
  return {
    name,
    columns: [
      { name: 'call', type: 'UInt32' },
      { name: 'pos', type: 'UInt32' },
      { name: 'rule', type: 'UInt16' },
      { name: 'segment', type: 'Int32' },
      { name: 'begin_ms', type: 'Int32' },
    ],
    indexes: [],
    orderBy: '(call, pos)',
    placement: BY_CALL('call'),
  };
}

/**
 * A calls table's leads, one row per lead as the engine built them from those calls
 * (src/data/corpus/across-calls.ts), with what the database filters and orders them by:
 * `name_rank`, the name's place among the table's names in the engine's string order, and
 * `search_text`, the lower-cased words a text filter looks in. Beside their customer's calls.
 */
export function leadsTable(name: string): TableDescription {
  return {
    name,
    columns: [
      { name: 'idx', type: 'UInt32' },
      { name: 'id', type: 'String' },
      { name: 'name', type: 'String' },
      { name: 'name_rank', type: 'UInt32' },
      { name: 'phone', type: 'String' },
      { name: 'campaign', type: 'String' },
      { name: 'owner_agent_id', type: 'String' },
      { name: 'customer', type: 'UInt32' },
      { name: 'customer_id', type: 'String' },
      { name: 'stage', type: 'String' },
      { name: 'score', type: 'Float64' },
      { name: 'temperature', type: 'String' },
      { name: 'signals', type: 'Array(String)' },
      { name: 'next_action', type: 'String' },
      { name: 'call_ids', type: 'Array(String)' },
      { name: 'search_text', type: 'Array(String)' },
    ],
    indexes: [],
    orderBy: 'idx',
    placement: BY_CUSTOMER,
  };
}

/** The stored corpus's seed, size and generation extras: its row marks a complete load. */
export const CORPUS_TABLE: TableDescription = {
  name: 'corpus',
  columns: [
    { name: 'seed', type: 'UInt32' },
    { name: 'calls', type: 'UInt32' },
    { name: 'loaded_at', type: "DateTime64(3, 'UTC')" },
    { name: 'extras', type: 'String' },
  ],
  indexes: [],
  orderBy: 'seed',
  placement: 'everywhere',
};

/** Every accepted write (write-log.ts). */
export const WRITES_TABLE: TableDescription = {
  name: 'writes',
  columns: [
    { name: 'seq', type: 'UInt32' },
    { name: 'at', type: "DateTime64(3, 'UTC')" },
    { name: 'actor', type: 'String' },
    { name: 'subject', type: 'String' },
    { name: 'method', type: 'String' },
    { name: 'target', type: 'String' },
    { name: 'request', type: 'String' },
    { name: 'result', type: 'String' },
  ],
  indexes: [],
  orderBy: 'seq',
  placement: 'everywhere',
};

/** The write the live call tables reflect (live-tables.ts). */
export const LIVE_STATE_TABLE: TableDescription = {
  name: 'live_state',
  columns: [
    { name: 'seq', type: 'UInt32' },
    { name: 'at', type: 'DateTime', default: 'now()' },
  ],
  indexes: [],
  orderBy: 'seq',
  placement: 'everywhere',
};

const SPEAKERS: readonly Speaker[] = ['AGENT', 'CUSTOMER', 'IVR'];

/** The column holding a speaker's words (transcript-table.ts). */
export const SPEAKER_COLUMNS: Record<Speaker, string> = {
  AGENT: 'agent_words',
  CUSTOMER: 'customer_words',
  IVR: 'ivr_words',
};
/** The column holding a speaker's words as word codes. */
export const CODE_COLUMNS: Record<Speaker, string> = {
  AGENT: 'agent_codes',
  CUSTOMER: 'customer_codes',
  IVR: 'ivr_codes',
};

/**
 * A call's words per speaker, in text and in word codes. A text index per words column: the
 * calls holding some words are read from the index alone (hasAllTokens), without reading any
 * text; small granules keep the text read after it short.
 */
export const TRANSCRIPTS_TABLE: TableDescription = {
  name: 'transcripts',
  columns: [
    { name: 'idx', type: 'UInt32' },
    ...SPEAKERS.flatMap((s) => [
      { name: SPEAKER_COLUMNS[s], type: 'String' },
      { name: CODE_COLUMNS[s], type: 'String' },
    ]),
  ],
  indexes: SPEAKERS.map((s) => ({
    name: `${SPEAKER_COLUMNS[s]}_tokens`,
    expression: SPEAKER_COLUMNS[s],
    type: 'text(tokenizer = splitByNonAlpha)',
  })),
  orderBy: 'idx',
  settings: 'index_granularity = 1024',
  placement: BY_CALL('idx'),
};

/** The words and their codes' numbers. */
export const TRANSCRIPT_WORDS_TABLE: TableDescription = {
  name: 'transcript_words',
  columns: [
    { name: 'code', type: 'UInt32' },
    { name: 'word', type: 'String' },
  ],
  indexes: [],
  orderBy: 'code',
  placement: 'everywhere',
};

/** Word number, call, and the places of the word's occurrences in the call. */
export const POSTINGS_TABLE: TableDescription = {
  name: 'transcript_postings',
  columns: [
    { name: 'code', type: 'UInt32' },
    { name: 'idx', type: 'UInt32' },
    { name: 'places', type: 'Array(UInt32)' },
  ],
  indexes: [],
  orderBy: '(code, idx)',
  placement: BY_CALL('idx'),
};

/**
 * What each call gives the voice of the customer (voice-table.ts): its customer turns' distinct
 * phrases and its quote, the transcript segment that stands for it (-1: none), how strongly it is
 * felt and its text.
 */
export const CUSTOMER_VOICE_TABLE: TableDescription = {
  name: 'customer_voice',
  columns: [
    { name: 'idx', type: 'UInt32' },
    { name: 'phrases', type: 'Array(String)' },
    { name: 'quote_segment', type: 'Int32' },
    { name: 'quote_strength', type: 'Float64' },
    { name: 'quote_text', type: 'String' },
  ],
  indexes: [],
  orderBy: 'idx',
  placement: BY_CALL('idx'),
};

/** The corpus's call tables as first stored. */
export const BASE_TABLE_NAMES = {
  calls: 'calls',
  failures: 'call_failures',
  leads: 'leads',
} as const;
/**
 * The calls as users see them after write `seq` (live-tables.ts): one set of tables per
 * generation, created by the API when it writes one, as callsTable, failuresTable and
 * leadsTable describe.
 */
export function liveTableNames(seq: number): { calls: string; failures: string; leads: string } {
  return {
    calls: `calls_live_${seq}`,
    failures: `call_failures_live_${seq}`,
    leads: `leads_live_${seq}`,
  };
}

/**
 * Every table the store creates, in the order it creates them (the live copies' generations
 * are created as writes come, from the calls tables' descriptions).
 */
export function storeTables(): TableDescription[] {
  return [
    callsTable(BASE_TABLE_NAMES.calls),
    failuresTable(BASE_TABLE_NAMES.failures),
    leadsTable(BASE_TABLE_NAMES.leads),
    CORPUS_TABLE,
    TRANSCRIPTS_TABLE,
    TRANSCRIPT_WORDS_TABLE,
    POSTINGS_TABLE,
    CUSTOMER_VOICE_TABLE,
    WRITES_TABLE,
    LIVE_STATE_TABLE,
  ];
}

/** A column's definition in CREATE TABLE or ALTER TABLE ADD COLUMN. */
export function columnSql(column: TableColumn): string {
  const computed = column.materialized
    ? ` MATERIALIZED ${column.materialized}`
    : column.default
      ? ` DEFAULT ${column.default}`
      : '';
  return `${column.name} ${column.type}${computed}`;
}

/** The column and index list of CREATE TABLE. */
export function elementsSql(table: TableDescription): string {
  return [
    ...table.columns.map(columnSql),
    ...table.indexes.map((i) => `INDEX ${i.name} ${i.expression} TYPE ${i.type}`),
  ].join(', ');
}

/** ORDER BY and SETTINGS after the engine. */
export function engineTailSql(table: TableDescription): string {
  return `ORDER BY ${table.orderBy}${table.settings ? ` SETTINGS ${table.settings}` : ''}`;
}

/** The single server's CREATE TABLE: what the store runs on chDB or a ClickHouse server. */
export function createTableSql(table: TableDescription): string {
  return `CREATE TABLE IF NOT EXISTS ${table.name} (${elementsSql(table)}) ENGINE = MergeTree ${engineTailSql(table)}`;
}

/**
 * Adds the computed columns a table written before they existed lacks (computed on read for
 * its old rows); null when the table has none.
 */
export function addComputedColumnsSql(table: TableDescription): string | null {
  const computed = table.columns.filter((c) => c.materialized !== undefined);
  if (computed.length === 0) return null;
  return `ALTER TABLE ${table.name} ${computed.map((c) => `ADD COLUMN IF NOT EXISTS ${columnSql(c)}`).join(', ')}`;
}
