/**
 * Transcript search in the database. Either
 * - the expression has NEAR/n (which SQL cannot decide), or few calls hold its words (the text
 *   index counts them): the text index's candidates among the selected calls are confirmed by
 *   the engine's matcher on their rebuilt transcripts, as the worker does, or
 * - an exact expression whose words many calls hold: the database decides each selected call
 *   and counts its occurrences in one read of the stored word codes (search-sql.ts,
 *   store/transcript-table.ts), which beats rebuilding them and narrowing by the index first.
 * The matches are counted by facet and ranked by the engine's SearchCounter, and the result is
 * built by its searchResult, so it is the worker's result. The JavaScript part yields between
 * slices, so the server keeps answering other requests during a search of a million calls.
 */
import type { Corpus } from '../../src/data/corpus/corpus.ts';
import { nextTask } from '../../src/data/engine/next-task.ts';
import { page } from '../../src/data/engine/page.ts';
import { SearchCounter, parseSearch, searchResult } from '../../src/data/engine/search.ts';
import type { SearchNode } from '../../src/data/search/parse.ts';
import type { SearchResult, TranscriptSearchQuery } from '../../src/data/source.ts';
import type { Database } from '../store/database.ts';
import { TRANSCRIPTS, wordCodes } from '../store/transcript-table.ts';
import { filtersSql, type CallTables } from './filters.ts';
import { ANY, searchSql, type SearchSql } from './search-sql.ts';

/**
 * Up to this many calls holding an exact expression's words the matcher confirms them:
 * rebuilding a few thousand transcripts takes less than the database's read of every granule
 * they fall in.
 */
export const CONFIRM_AT_MOST = 2_000;
/** How long JavaScript runs before letting other requests in. */
const SLICE_MS = 10;

/** Runs step(0..count-1), yielding to other work every SLICE_MS. */
async function inSlices(count: number, step: (k: number) => void): Promise<void> {
  let sliceEnds = performance.now() + SLICE_MS;
  for (let k = 0; k < count; k++) {
    step(k);
    if ((k & 7) === 7 && performance.now() > sliceEnds) {
      await nextTask();
      sliceEnds = performance.now() + SLICE_MS;
    }
  }
}

export class CompiledSearch {
  constructor(
    private readonly db: Database,
    private readonly corpus: Corpus,
    private readonly tables: CallTables,
    /** Tests set 0 to have the database decide every exact expression. */
    private readonly confirmAtMost = CONFIRM_AT_MOST,
  ) {}

  /** UInt32 columns of a query's rows, as read (RowBinary: row after row). */
  private async uint32s(sql: string): Promise<Uint32Array> {
    const bytes = await this.db.bytes(sql);
    // A copy: the result buffer is not aligned for the typed array and is not ours to keep.
    return new Uint32Array(bytes.slice().buffer as ArrayBuffer);
  }

  async search(query: TranscriptSearchQuery): Promise<SearchResult> {
    const started = performance.now();
    const { offset, limit } = page(query);
    const tree = parseSearch(query.expression);
    const filters = { ...(query.filters ?? {}), status: 'analysed' as const };
    const selected = filtersSql(this.corpus, filters, this.tables);
    const words = searchSql(tree, await wordCodes(this.db));
    const searched = this.db.text(`SELECT count() FROM ${this.tables.calls} WHERE ${selected}`);
    const counter = new SearchCounter(this.corpus);
    if (words.exact && (await this.holdMany(words.tokens))) {
      await this.decide(words, selected, counter);
    } else {
      await this.confirm(tree, words.tokens, selected, counter);
    }
    const tally = counter.tally(offset, limit);
    return searchResult(this.corpus, query, tree, tally, Number((await searched).trim()), started);
  }

  /** Whether more calls hold the words than the matcher confirms sooner than the database. */
  private async holdMany(tokens: string): Promise<boolean> {
    if (tokens === ANY) return true;
    const holding = await this.db.text(`SELECT count() FROM ${TRANSCRIPTS} WHERE ${tokens}`);
    return Number(holding.trim()) > this.confirmAtMost;
  }

  /** The text index's candidates among the selected calls, confirmed by the matcher. */
  private async confirm(
    tree: SearchNode,
    tokens: string,
    selected: string,
    counter: SearchCounter,
  ) {
    const holding =
      tokens === ANY ? '' : ` AND idx IN (SELECT idx FROM ${TRANSCRIPTS} WHERE ${tokens})`;
    // Latest first, as the engine counts.
    const candidates = await this.uint32s(
      `SELECT idx FROM ${this.tables.calls} WHERE (${selected})${holding} ORDER BY idx DESC`,
    );
    await inSlices(candidates.length, (k) => counter.match(tree, candidates[k]!));
  }

  /** The selected calls an exact expression matches, decided and scored by the database. */
  private async decide(words: SearchSql, selected: string, counter: SearchCounter) {
    const chosen = `SELECT idx FROM ${this.tables.calls} WHERE ${selected}`;
    // The selection's span narrows the read by the primary key (calls are stored in time
    // order, so a period is a range of idx); the set itself only filters rows: analysing the
    // key against a set of 200,000 idx cost more than the whole read.
    const span = `(SELECT min(idx) FROM (${chosen})) AND (SELECT max(idx) FROM (${chosen}))`;
    const rows = await this.uint32s(
      `SELECT idx, toUInt32(${words.score}) FROM ${TRANSCRIPTS} WHERE idx BETWEEN ${span} AND (${words.tokens}) AND idx IN (${chosen}) AND (${words.condition}) ORDER BY idx DESC SETTINGS use_index_for_in_with_subqueries = 0`,
    );
    await inSlices(rows.length / 2, (k) => counter.add(rows[2 * k]!, rows[2 * k + 1]!));
  }
}
