/**
 * The call columns, each declared once: the attributes a call is filtered, grouped, listed and
 * imported by. The engine (select, dimensions, rows, metadata import), the API server's SQL
 * (server/query) and the address bar (src/ui/url-filters.ts) read this table, so a new call
 * attribute is one entry here plus its data: its corpus column and, unless its words are fixed
 * here, where its words come from (src/data/engine/columns.ts). The type checker then asks for
 * the field in CallFilters (and CallRow, Dimension) where the entry says it has one.
 *
 * Screens load this through ../data/index.ts: it imports nothing heavier than corpus.ts's
 * constants.
 */
import type { MetadataImport } from '../generated/data.types.ts';
import { CHURN_LEVELS, STATUSES, type CallColumns } from './corpus/corpus.ts';
import type { CallFilters, CallRow, Dimension } from './source.ts';

/**
 * A column holding, per call, the index of a word in a list (a queue name, a vendor id, a
 * status). Calls can be grouped by it: each is a dimension of that name, with one row per word.
 * Its address-bar parameter is its name too.
 */
export interface WordColumn {
  kind: 'word';
  /** The corpus column holding the word's index; in SQL, its snake_case name. */
  column: keyof CallColumns;
  /** The call filter taking the column's words (its keys). */
  filter: keyof CallFilters;
  /** What the column is called on screen. */
  label: string;
  /**
   * Only analysed calls have a value: its filter keeps analysed calls only, its dimension
   * leaves the others out of every row, a call row shows null.
   */
  analysis?: true;
  /** A CallRow field of the same name shows the word. */
  row?: true;
  /**
   * The words, when they are fixed rather than read from the data; the column holds their
   * index, so this order is also the order the call list sorts them in (the others sort by word).
   */
  values?: readonly string[];
  /** How the fixed words are shown, when not as they are written. */
  valueLabels?: readonly string[];
  /** A recording-metadata CSV can set it (the import's mapping has a field of this name). */
  metadataImport?: true;
  /** Its filter takes one word, not a list (in the address too). */
  oneWord?: true;
}

/**
 * A yes/no column about the analysis (non-zero = yes): its filter, parameter and CallRow field
 * (when `row`) share its name, and only analysed calls match the filter or show a value.
 */
export interface FlagColumn {
  kind: 'flag';
  /** The corpus column; in SQL, its snake_case name. */
  column: keyof CallColumns;
  /** A CallRow field of the same name shows it. */
  row?: true;
}

export const CALL_COLUMNS = {
  vendor: { kind: 'word', column: 'vendor', filter: 'vendorId', label: 'Vendor' },
  team: { kind: 'word', column: 'team', filter: 'team', label: 'Team' },
  queue: {
    kind: 'word',
    column: 'queue',
    filter: 'queue',
    label: 'Queue',
    row: true,
    metadataImport: true,
  },
  brand: {
    kind: 'word',
    column: 'brand',
    filter: 'brand',
    label: 'Brand',
    row: true,
    metadataImport: true,
  },
  site: { kind: 'word', column: 'site', filter: 'site', label: 'Site' },
  product: {
    kind: 'word',
    column: 'product',
    filter: 'product',
    label: 'Product',
    row: true,
    metadataImport: true,
  },
  language: {
    kind: 'word',
    column: 'language',
    filter: 'language',
    label: 'Language',
    row: true,
    metadataImport: true,
  },
  agent: { kind: 'word', column: 'agent', filter: 'agentId', label: 'Agent' },
  disposition: {
    kind: 'word',
    column: 'disposition',
    filter: 'disposition',
    label: 'Disposition',
    metadataImport: true,
  },
  direction: {
    kind: 'word',
    column: 'direction',
    filter: 'direction',
    label: 'Direction',
    row: true,
    oneWord: true,
    values: ['inbound', 'outbound'],
    valueLabels: ['Inbound', 'Outbound'],
  },
  status: {
    kind: 'word',
    column: 'status',
    filter: 'status',
    label: 'Status',
    row: true,
    values: STATUSES,
  },
  compliant: { kind: 'flag', column: 'compliant', row: true },
  churnRisk: {
    kind: 'word',
    column: 'churnLevel',
    filter: 'churnRisk',
    label: 'Churn risk',
    analysis: true,
    row: true,
    values: CHURN_LEVELS,
    valueLabels: ['Low', 'Medium', 'High'],
  },
  fakeCall: { kind: 'flag', column: 'fake', row: true },
  followedByRepeat: { kind: 'flag', column: 'followedByRepeat', row: true },
  repeatCall: { kind: 'flag', column: 'repeatCall', row: true },
  repeatPending: { kind: 'flag', column: 'repeatPending' },
  escalated: { kind: 'flag', column: 'escalation', row: true },
  resolved: { kind: 'flag', column: 'resolved', row: true },
  topic: {
    kind: 'word',
    column: 'topic',
    filter: 'topic',
    label: 'Topic',
    analysis: true,
    row: true,
  },
} as const satisfies Record<string, WordColumn | FlagColumn>;

export type CallColumnName = keyof typeof CALL_COLUMNS;
type Spec<K extends CallColumnName> = (typeof CALL_COLUMNS)[K];

export type WordColumnName = {
  [K in CallColumnName]: Spec<K> extends { kind: 'word' } ? K : never;
}[CallColumnName];
export type FlagColumnName = Exclude<CallColumnName, WordColumnName>;
/** Word columns whose words are fixed in their entry. */
export type FixedWordColumnName = {
  [K in WordColumnName]: Spec<K> extends { values: readonly string[] } ? K : never;
}[WordColumnName];
/** Word columns a recording-metadata import can set. */
export type ImportColumnName = {
  [K in WordColumnName]: Spec<K> extends { metadataImport: true } ? K : never;
}[WordColumnName];
/** The call filters the columns declare. */
export type ColumnFilter =
  { [K in WordColumnName]: Spec<K>['filter'] }[WordColumnName] | FlagColumnName;

// What the entries promise, checked: every word column is a dimension, a flag's name is a
// boolean call filter, `row` names a CallRow field, and the import columns are exactly the
// fields of the import's mapping.
type Check<T extends true> = T;
type _Checks = [
  Check<WordColumnName extends Dimension ? true : false>,
  Check<
    {
      [K in FlagColumnName]: CallFilters[K] extends boolean | undefined ? true : false;
    }[FlagColumnName]
  >,
  Check<
    {
      [K in CallColumnName]: Spec<K> extends { row: true }
        ? K extends keyof CallRow
          ? true
          : false
        : true;
    }[CallColumnName]
  >,
  Check<
    [ImportColumnName] extends [Exclude<keyof MetadataImport['mapping'], 'callId'>] ? true : false
  >,
  Check<
    [Exclude<keyof MetadataImport['mapping'], 'callId'>] extends [ImportColumnName] ? true : false
  >,
];

const names = Object.keys(CALL_COLUMNS) as CallColumnName[];

export const WORD_COLUMNS = names.filter(
  (name): name is WordColumnName => CALL_COLUMNS[name].kind === 'word',
);
export const FLAG_COLUMNS = names.filter(
  (name): name is FlagColumnName => CALL_COLUMNS[name].kind === 'flag',
);
export const IMPORT_COLUMNS = WORD_COLUMNS.filter(
  (name): name is ImportColumnName => 'metadataImport' in CALL_COLUMNS[name],
);

/** The call filter of a column. */
export function columnFilter(name: CallColumnName): ColumnFilter {
  const spec: WordColumn | FlagColumn = CALL_COLUMNS[name];
  return spec.kind === 'word' ? (spec.filter as ColumnFilter) : (name as FlagColumnName);
}
