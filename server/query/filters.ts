/**
 * Call filters -> a ClickHouse WHERE condition over `calls`, mirroring the engine's
 * compileFilters (src/data/engine/select.ts) test for test: dictionary values become the
 * column's codes (a value not in the dictionary matches nothing), analysis filters keep
 * analysed calls only, the time range is [from, to). Dictionaries come from the engine's
 * corpus, which is the state the database's table was written from.
 */
import { DISPOSITIONS } from '../../src/domain/dispositions/index.ts';
import {
  CALL_COLUMNS,
  FLAG_COLUMNS,
  WORD_COLUMNS,
  columnFilter,
  type CallColumnName,
  type ColumnFilter,
  type WordColumn,
} from '../../src/data/columns.ts';
import { callIndex, customerIndex, type Corpus } from '../../src/data/corpus/corpus.ts';
import { columnWords } from '../../src/data/engine/columns.ts';
import { categoryMask, timeRange } from '../../src/data/engine/select.ts';
import { asList } from '../../src/data/filters.ts';
import { parseInstant } from '../../src/data/period.ts';
import type { CallFilters, OneOrMany } from '../../src/data/source.ts';
import { sqlColumn } from '../store/corpus-table.ts';
import type { Database } from '../store/database.ts';
import { SENTIMENT_BAND_SQL } from './kpi-totals.ts';

const BANDS = ['negative', 'neutral', 'positive'];

/** A number as a SQL literal; anything else compares as NaN does in the engine (never true). */
function sqlNumber(value: unknown): string {
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : 'nan';
}

/** `column IN (codes)`, or false when nothing listed is known. */
function inList(column: string, codes: readonly number[]): string {
  const known = [...new Set(codes.filter((k) => k >= 0))];
  return known.length === 0 ? '0' : `${column} IN (${known.join(', ')})`;
}

function codesOf(values: OneOrMany<string> | undefined, dictionary: readonly string[]) {
  const list = asList(values);
  return list && list.map((v) => dictionary.indexOf(v));
}

/** The tables a condition reads: the calls table and its failed-rules table. */
export interface CallTables {
  readonly calls: string;
  readonly failures: string;
}

/**
 * Every call filter and whether it has a SQL translation below. The columns' filters
 * (src/data/columns.ts) all have one, by column; of the others, the fake-call score band and
 * the fake-call and churn signals are read from transcripts by the engine
 * (src/data/engine/insight-filters.ts), so a query using them is answered by the engine. A
 * Record, so a new filter fails to compile here until it is decided.
 */
const TRANSLATED: Record<keyof CallFilters, boolean> = {
  ...(Object.fromEntries(
    (Object.keys(CALL_COLUMNS) as CallColumnName[]).map((name) => [columnFilter(name), true]),
  ) as Record<ColumnFilter, true>),
  from: true,
  to: true,
  customerId: true,
  dispositionGroup: true,
  failedRuleId: true,
  sentiment: true,
  sentimentScored: true,
  evaluated: true,
  category: true,
  minDurationMs: true,
  maxDurationMs: true,
  callId: true,
  fakeScoreBand: false,
  fakeSignal: false,
  churnSignal: false,
} satisfies Record<Exclude<keyof CallFilters, ColumnFilter>, boolean> & Record<ColumnFilter, true>;

/** Whether every filter used has a SQL translation (else the engine answers). */
export function filtersInSql(filters: CallFilters | undefined): boolean {
  return Object.entries(filters ?? {}).every(
    ([key, value]) => value === undefined || TRANSLATED[key as keyof CallFilters] === true,
  );
}

export function filtersSql(corpus: Corpus, filters: CallFilters, tables: CallTables): string {
  // Same checks and errors as the engine (from after to, unparseable instants).
  timeRange(corpus, filters);
  const where: string[] = [];
  if (filters.from !== undefined)
    where.push(`start_ms >= ${parseInstant(filters.from, 'filters.from')}`);
  if (filters.to !== undefined) where.push(`start_ms < ${parseInstant(filters.to, 'filters.to')}`);
  // Filters of the analysis: analysed calls only.
  const analysis: string[] = [];
  for (const name of WORD_COLUMNS) {
    const spec: WordColumn = CALL_COLUMNS[name];
    const values = filters[spec.filter] as OneOrMany<string> | undefined;
    if (values === undefined) continue;
    const codes = codesOf(values, columnWords(corpus, name).keys)!;
    (spec.analysis ? analysis : where).push(inList(sqlColumn(spec.column), codes));
  }
  const groups = asList(filters.dispositionGroup);
  if (groups) {
    const codes = DISPOSITIONS.flatMap((d, k) => (groups.includes(d.group) ? [k] : []));
    where.push(inList('disposition', codes));
  }
  const customers = asList(filters.customerId);
  if (customers)
    where.push(
      inList(
        'customer',
        customers.map((id) => customerIndex(id, corpus.customerCount)),
      ),
    );
  const ids = asList(filters.callId);
  if (ids)
    where.push(
      inList(
        'idx',
        ids.map((id) => callIndex(id, corpus.n)),
      ),
    );
  if (filters.minDurationMs !== undefined)
    where.push(`duration_ms >= ${sqlNumber(filters.minDurationMs)}`);
  if (filters.maxDurationMs !== undefined)
    where.push(`duration_ms <= ${sqlNumber(filters.maxDurationMs)}`);

  for (const name of FLAG_COLUMNS) {
    const value = filters[name];
    if (value !== undefined)
      analysis.push(`(${sqlColumn(CALL_COLUMNS[name].column)} != 0) = ${value ? 1 : 0}`);
  }
  if (filters.sentimentScored !== undefined)
    analysis.push(`NOT isNaN(customer_sentiment) = ${filters.sentimentScored ? 1 : 0}`);
  if (filters.evaluated !== undefined)
    analysis.push(`NOT isNaN(qa_score) = ${filters.evaluated ? 1 : 0}`);
  const bands = asList(filters.sentiment);
  if (bands) {
    const codes = bands.map((b) => BANDS.indexOf(b));
    analysis.push(`NOT isNaN(customer_sentiment) AND ${inList(SENTIMENT_BAND_SQL, codes)}`);
  }
  const categories = asList(filters.category);
  if (categories) {
    analysis.push(`bitAnd(categories, ${categoryMask(corpus, categories)}) != 0`);
  }
  const failed = asList(filters.failedRuleId);
  if (failed) {
    const rules = failed.map((id) => corpus.rules.findIndex((r) => r.id === id));
    const known = rules.filter((k) => k >= 0);
    analysis.push(
      known.length === 0
        ? '0'
        : `idx IN (SELECT call FROM ${tables.failures} WHERE rule IN (${known.join(', ')}))`,
    );
  }
  if (analysis.length > 0) where.push('status = 0', ...analysis);
  return where.length === 0 ? '1' : where.map((w) => `(${w})`).join(' AND ');
}

/**
 * What every compiled read starts from: the database, the engine's corpus (dictionaries, rules,
 * settings, and the builders' input) and the call tables pinned for the read.
 */
export class CompiledReads {
  constructor(
    protected readonly db: Database,
    protected readonly corpus: Corpus,
    protected readonly tables: CallTables,
  ) {}

  /** The call filters as this read's WHERE condition. */
  protected where(filters: CallFilters): string {
    return filtersSql(this.corpus, filters, this.tables);
  }
}
