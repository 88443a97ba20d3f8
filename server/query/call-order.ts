/**
 * The call list's sort orders as ClickHouse ORDER BY clauses, mirroring the engine's sortKey
 * and sortIndices (src/data/engine/rows.ts) field for field: a number sorts by its value, a
 * word by the word (as the rank of its code among the words, computed here with the engine's
 * own string comparison, so the database never compares text under another collation), a
 * fixed word list by its codes; NaN last whatever the direction, ties newest first.
 * differential.test.ts compares every field in both directions with the engine.
 */
import { CALL_COLUMNS, type FlagColumn, type WordColumn } from '../../src/data/columns.ts';
import { DISPOSITIONS } from '../../src/domain/dispositions/index.ts';
import type { Corpus } from '../../src/data/corpus/corpus.ts';
import { columnWords } from '../../src/data/engine/columns.ts';
import type { CallRow, CallSortField, SortDirection } from '../../src/data/source.ts';
import { sqlColumn } from '../store/schema.ts';

/**
 * Each code's rank when its words are sorted as the engine sorts them (JavaScript's `<`, or
 * the comparison given), as a SQL array read at `column + 1`: equal words share a rank.
 */
export function rankSql(
  words: readonly string[],
  column: string,
  compare: (a: string, b: string) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0),
): string {
  const sorted = [...new Set(words)].sort(compare);
  // Words the comparison finds equal share the first one's rank.
  const rank = new Map(sorted.map((w) => [w, sorted.findIndex((x) => compare(x, w) === 0)]));
  return `[${words.map((w) => rank.get(w)!).join(', ')}][${column} + 1]`;
}

/**
 * The key of a field as SQL, or null when the database cannot order by it (the engine
 * answers). A Record, so a new CallRow field fails to compile here until it is decided.
 */
const KEYS: Record<CallSortField, ((corpus: Corpus) => string) | null> = {
  id: () => 'idx',
  startedAt: () => 'idx',
  durationMs: () => 'duration_ms',
  // The engine's sort key, not metrics' handle time (which floors talk at zero).
  handleTimeMs: () => 'toInt64(duration_ms) - ivr_ms + hold_ms + acw_ms',
  agentId: (c) =>
    rankSql(
      c.cast.agents.map((a) => a.id),
      'agent',
    ),
  agentName: (c) =>
    rankSql(
      c.cast.agents.map((a) => a.name),
      'agent',
    ),
  team: (c) => rankSql(c.cast.teams, 'team'),
  vendorId: (c) =>
    rankSql(
      c.cast.vendors.map((v) => v.id),
      'vendor',
    ),
  vendorName: (c) =>
    rankSql(
      c.cast.vendors.map((v) => v.name),
      'vendor',
    ),
  customerId: () => 'customer',
  // One name per customer: a list as long as the customers, so the engine sorts it.
  customerName: null,
  dispositionCode: () =>
    rankSql(
      DISPOSITIONS.map((d) => d.code),
      'disposition',
    ),
  dispositionLabel: () =>
    rankSql(
      DISPOSITIONS.map((d) => d.label),
      'disposition',
    ),
  dispositionGroup: () =>
    rankSql(
      DISPOSITIONS.map((d) => d.group),
      'disposition',
    ),
  summary: (c) => rankSql(c.summaries, 'summary'),
  customerSentiment: () => 'customer_sentiment',
  sentimentTrend: () => 'sentiment_trend',
  complianceScore: () => 'compliance_score',
  qaScore: () => 'qa_score',
  fakeCallScore: () => 'fake_score',
  silenceShare: () => 'if(duration_ms > 0, silence_ms / duration_ms, 0)',
  interruptions: () => 'interruptions',
  direction: (c) => columnKey(c, 'direction'),
  queue: (c) => columnKey(c, 'queue'),
  brand: (c) => columnKey(c, 'brand'),
  product: (c) => columnKey(c, 'product'),
  language: (c) => columnKey(c, 'language'),
  status: (c) => columnKey(c, 'status'),
  topic: (c) => columnKey(c, 'topic'),
  resolved: (c) => columnKey(c, 'resolved'),
  compliant: (c) => columnKey(c, 'compliant'),
  churnRisk: (c) => columnKey(c, 'churnRisk'),
  fakeCall: (c) => columnKey(c, 'fakeCall'),
  escalated: (c) => columnKey(c, 'escalated'),
  followedByRepeat: (c) => columnKey(c, 'followedByRepeat'),
  repeatCall: (c) => columnKey(c, 'repeatCall'),
};

/** The engine's columnSortKey: flags and fixed words by code, other words by the word. */
function columnKey(corpus: Corpus, name: keyof CallRow & keyof typeof CALL_COLUMNS): string {
  const spec: WordColumn | FlagColumn = CALL_COLUMNS[name];
  const column = sqlColumn(spec.column);
  if (spec.kind === 'flag' || spec.values) return column;
  return rankSql(columnWords(corpus, name as never).keys, column);
}

/** ORDER BY for a sort, or null when the engine must sort (an unknown field included). */
export function callOrderSql(
  corpus: Corpus,
  field: CallSortField,
  direction: SortDirection,
): string | null {
  const key = Object.hasOwn(KEYS, field) ? KEYS[field] : null;
  if (!key) return null;
  // `+ 0` turns -0 into 0, which the engine's comparison treats as equal.
  const k = `toFloat64(${key(corpus)}) + 0`;
  return `isNaN(${k}), if(isNaN(${k}), 0, ${k}) ${direction === 'asc' ? 'ASC' : 'DESC'}, idx DESC`;
}
