/**
 * Every call column declared in src/data/columns.ts reaches every reader of the table: the
 * engine's filters select exactly the calls holding the value, the SQL compiler translates the
 * filter over the column, the address bar carries it, a word column is a dimension (engine and
 * SQL) and a CallRow field where it says so, and an import column is set and put back by a
 * metadata import. A reader that skipped a column, or read another corpus column, goes red.
 */
import { describe, expect, it } from 'vitest';
import {
  CALL_COLUMNS,
  IMPORT_COLUMNS,
  WORD_COLUMNS,
  columnFilter,
  type CallColumnName,
  type FlagColumn,
  type WordColumn,
} from '../../src/data/columns.ts';
import { callId, type Corpus } from '../../src/data/corpus/corpus.ts';
import { generateCorpus } from '../../src/data/corpus/generate.ts';
import { columnWords } from '../../src/data/engine/columns.ts';
import { planDimension } from '../../src/data/engine/dimensions.ts';
import { importMetadata, undoMetadataImport } from '../../src/data/engine/metadata-import.ts';
import { callRow, sortKey } from '../../src/data/engine/rows.ts';
import { selectCalls } from '../../src/data/engine/select.ts';
import { DIMENSION_FILTER } from '../../src/data/filters.ts';
import type { CallFilters, CallRow } from '../../src/data/source.ts';
import { FILTER_PARAMS, filtersFromParams, paramsFromFilters } from '../../src/ui/url-filters.ts';
import { BASE_TABLES, sqlColumn } from '../store/corpus-table.ts';
import { dimensionSql } from './compiler.ts';
import { filtersInSql, filtersSql } from './filters.ts';

const corpus = generateCorpus({ seed: 7, calls: 2500 });
const NAMES = Object.keys(CALL_COLUMNS) as CallColumnName[];
const analysed = (i: number) => corpus.cols.status[i] === 0;
/** A call that is not analysed (queued, failed, excluded...). */
const notAnalysed = corpus.cols.status.findIndex((status) => status !== 0);
const spec = (name: CallColumnName): WordColumn | FlagColumn => CALL_COLUMNS[name];

/** A filter on the column, and which calls it must select. */
function probe(name: CallColumnName): { filters: CallFilters; matches: (i: number) => boolean } {
  const s = spec(name);
  const column = corpus.cols[s.column];
  if (s.kind === 'flag') {
    return { filters: { [name]: true }, matches: (i) => analysed(i) && column[i] !== 0 };
  }
  // The word of an analysed call, so an analysis column has one too.
  const code = column[corpus.cols.status.indexOf(0)]!;
  return {
    filters: { [s.filter]: columnWords(corpus, name as never).keys[code] },
    matches: (i) => column[i] === code && (!s.analysis || analysed(i)),
  };
}

function callsWhere(test: (i: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < corpus.n; i++) if (test(i)) out.push(i);
  return out;
}

describe.each(NAMES)('the call column %s', (name) => {
  const { filters, matches } = probe(name);

  it('filters the engine selects exactly its calls by', () => {
    const selected = [...selectCalls(corpus, filters)];
    expect(selected.length).toBeGreaterThan(0);
    expect(selected).toEqual(callsWhere(matches));
  });

  it('is translated to SQL over its column', () => {
    expect(filtersInSql(filters)).toBe(true);
    const sql = filtersSql(corpus, filters, BASE_TABLES);
    expect(sql).toContain(sqlColumn(spec(name).column));
    if (spec(name).kind === 'flag' || (spec(name) as WordColumn).analysis)
      expect(sql).toContain('status = 0');
  });

  it('is carried by the address bar under its name', () => {
    expect(FILTER_PARAMS[name].field).toBe(columnFilter(name));
    const params = paramsFromFilters(filters);
    expect([...params.keys()]).toEqual([name]);
    expect(filtersFromParams(params)).toEqual({ filters, problems: [] });
  });
});

describe.each(WORD_COLUMNS)('the word column %s', (name) => {
  const s: WordColumn = CALL_COLUMNS[name];
  const column = corpus.cols[s.column];

  it('is a dimension with a row per word, in the engine and in SQL', () => {
    const plan = planDimension(corpus, name);
    const words = columnWords(corpus, name);
    expect(plan.keys).toEqual(words.keys);
    expect(plan.labels).toEqual(words.labels);
    expect(plan.partition).toBe(!s.analysis);
    expect(notAnalysed).toBeGreaterThanOrEqual(0);
    expect(plan.groupOf!(notAnalysed)).toBe(s.analysis ? -1 : column[notAnalysed]);
    expect(DIMENSION_FILTER[name]).toBe(s.filter);
    expect(dimensionSql(corpus, name)).toContain(sqlColumn(s.column));
  });
});

describe('CallRow fields of the columns', () => {
  const rowNames = NAMES.filter((name) => 'row' in CALL_COLUMNS[name]) as (CallColumnName &
    keyof CallRow)[];
  const sample = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, notAnalysed];

  it.each(rowNames)('%s shows the call value, and sorts by it', (name) => {
    const s = spec(name);
    const column = corpus.cols[s.column];
    for (const i of sample) {
      const value = callRow(corpus, i)[name];
      if (s.kind === 'flag') expect(value).toBe(analysed(i) ? column[i] !== 0 : null);
      else if (s.analysis && !analysed(i)) expect(value).toBeNull();
      else expect(value).toBe(columnWords(corpus, name as never).keys[column[i]!]);
    }
    const key = sortKey(corpus, name);
    const fixedOrder = s.kind === 'flag' || 'values' in s;
    expect(key(0)).toBe(fixedOrder ? column[0] : callRow(corpus, 0)[name]);
  });
});

describe.each(IMPORT_COLUMNS)('the import column %s', (name) => {
  it('is set by a metadata CSV and put back by its undo', () => {
    const own: Corpus = generateCorpus({ seed: 7, calls: 300 });
    const column = own.cols[CALL_COLUMNS[name].column];
    const keys = columnWords(own, name).keys;
    const before = column[5]!;
    const other = keys[(before + 1) % keys.length]!;
    const record = importMetadata(own, {
      fileName: 'columns.csv',
      csv: `call,value\n${callId(5)},${other}\n`,
      mapping: { callId: 'call', [name]: 'value' },
    });
    expect(record.errors).toEqual([]);
    expect(columnWords(own, name).keys[column[5]!]).toBe(other);
    undoMetadataImport(own, record.id);
    expect(column[5]).toBe(before);
  });
});
