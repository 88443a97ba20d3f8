/**
 * Filters -> the matching call indices, in time order. The date range is a binary search on
 * the sorted start times; every other filter is a lookup table or a column test, so a pass
 * over 200,000 calls takes a few milliseconds.
 */
import { DISPOSITIONS } from '../../domain/dispositions/index.ts';
import { CALL_COLUMNS, FLAG_COLUMNS, WORD_COLUMNS, type WordColumn } from '../columns.ts';
import { callIndex, customerIndex, type Corpus } from '../corpus/corpus.ts';
import { asList } from '../filters.ts';
import { columnWords } from './columns.ts';
import { insightFilterTests } from './insight-filters.ts';
import { parseInstant } from '../period.ts';
import { DataSourceError, type CallFilters, type OneOrMany } from '../source.ts';
import { sentimentBand, sentimentScored } from '../../metrics/index.ts';

const SEVERITY_RANK = { critical: 0, major: 1, minor: 2 } as const;

export function timeRange(corpus: Corpus, filters: CallFilters): [number, number] {
  const from = filters.from === undefined ? -Infinity : parseInstant(filters.from, 'filters.from');
  const to = filters.to === undefined ? Infinity : parseInstant(filters.to, 'filters.to');
  if (from > to)
    throw new DataSourceError('invalid-query', 'filters.from is after filters.to', [
      'filters.from: must not be after filters.to',
    ]);
  // With ingested calls, the range is one of `order` (live calls in time order), not of indices.
  const starts = corpus.ingested?.orderStart ?? corpus.cols.startMs;
  return [lowerBound(starts, from), lowerBound(starts, to)];
}

export function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** An allow-table over a dictionary: allowed[k] = 1 when value k is listed. */
function allowTable(
  values: OneOrMany<string> | undefined,
  dictionary: readonly string[],
): Uint8Array | null {
  const list = asList(values);
  if (list === undefined) return null;
  const table = new Uint8Array(Math.max(256, dictionary.length));
  for (const v of list) {
    const k = dictionary.indexOf(v);
    if (k >= 0) table[k] = 1;
  }
  return table;
}

type Test = (i: number) => boolean;

/** Compiles the filters into tests; null when a test can never pass is not special-cased. */
export function compileFilters(corpus: Corpus, filters: CallFilters): Test[] {
  const c = corpus.cols;
  const tests: Test[] = [];
  // Tests of the analysis: they match analysed calls only.
  const analysisTests: Test[] = [];
  for (const name of WORD_COLUMNS) {
    const spec: WordColumn = CALL_COLUMNS[name];
    const values = filters[spec.filter] as OneOrMany<string> | undefined;
    if (values === undefined) continue;
    const allowed = allowTable(values, columnWords(corpus, name).keys)!;
    const column = c[spec.column];
    (spec.analysis ? analysisTests : tests).push((i) => allowed[column[i]!] === 1);
  }
  const groups = asList(filters.dispositionGroup);
  if (groups) {
    const allowed = Uint8Array.from(DISPOSITIONS, (d) => (groups.includes(d.group) ? 1 : 0));
    tests.push((i) => allowed[c.disposition[i]!] === 1);
  }
  const customers = asList(filters.customerId);
  if (customers) {
    const set = new Set(customers.map((id) => customerIndex(id, corpus.customerCount)));
    tests.push((i) => set.has(c.customer[i]!));
  }
  const ids = asList(filters.callId);
  if (ids) {
    const set = new Set(ids.map((id) => callIndex(id, corpus.n)));
    tests.push((i) => set.has(i));
  }
  if (filters.minDurationMs !== undefined) {
    const min = filters.minDurationMs;
    tests.push((i) => c.durationMs[i]! >= min);
  }
  if (filters.maxDurationMs !== undefined) {
    const max = filters.maxDurationMs;
    tests.push((i) => c.durationMs[i]! <= max);
  }
  for (const name of FLAG_COLUMNS) {
    const value = filters[name];
    if (value === undefined) continue;
    const column = c[CALL_COLUMNS[name].column];
    const want = value ? 1 : 0;
    analysisTests.push((i) => (column[i]! ? 1 : 0) === want);
  }
  if (filters.sentimentScored !== undefined) {
    const want = filters.sentimentScored;
    analysisTests.push((i) => sentimentScored(c.customerSentiment[i]) === want);
  }
  if (filters.evaluated !== undefined) {
    const want = filters.evaluated;
    analysisTests.push((i) => !Number.isNaN(c.qaScore[i]!) === want);
  }
  const bands = asList(filters.sentiment);
  if (bands) {
    analysisTests.push((i) => {
      const s = c.customerSentiment[i]!;
      return !Number.isNaN(s) && bands.includes(sentimentBand(s));
    });
  }
  const categories = asList(filters.category);
  if (categories) {
    const m = categoryMask(corpus, categories);
    analysisTests.push((i) => (c.categories[i]! & m) !== 0);
  }
  const failed = asList(filters.failedRuleId);
  if (failed) {
    const ruleSet = new Set(
      failed.map((id) => corpus.rules.findIndex((r) => r.id === id)).filter((k) => k >= 0),
    );
    const f = corpus.failures;
    analysisTests.push((i) => {
      for (let k = f.offsets[i]!; k < f.offsets[i + 1]!; k++)
        if (ruleSet.has(f.rule[k]!)) return true;
      return false;
    });
  }
  analysisTests.push(...insightFilterTests(corpus, filters));
  if (analysisTests.length > 0) tests.push((i) => c.status[i] === 0, ...analysisTests);
  return tests;
}

/** The bits of the `categories` column for these category rule ids (unknown ids: none). */
export function categoryMask(corpus: Corpus, ids: readonly string[]): number {
  let mask = 0;
  for (const id of ids) {
    const bit = corpus.categoryRuleIds.indexOf(id);
    if (bit >= 0) mask |= 1 << bit;
  }
  return mask >>> 0;
}

/** Indices of the calls matching the filters, oldest first. */
export function selectCalls(corpus: Corpus, filters: CallFilters): Int32Array {
  const [lo, hi] = timeRange(corpus, filters);
  const tests = compileFilters(corpus, filters);
  const out = new Int32Array(hi - lo);
  let count = 0;
  const order = corpus.ingested?.order;
  if (order) {
    outer: for (let k = lo; k < hi; k++) {
      const i = order[k]!;
      for (let t = 0; t < tests.length; t++) if (!tests[t]!(i)) continue outer;
      out[count++] = i;
    }
    return out.subarray(0, count);
  }
  if (tests.length === 0) {
    for (let i = lo; i < hi; i++) out[count++] = i;
    return out;
  }
  outer: for (let i = lo; i < hi; i++) {
    for (let t = 0; t < tests.length; t++) if (!tests[t]!(i)) continue outer;
    out[count++] = i;
  }
  return out.subarray(0, count);
}

export function severityRank(severity: keyof typeof SEVERITY_RANK): number {
  return SEVERITY_RANK[severity];
}
