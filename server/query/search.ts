/**
 * Transcript search in the database. Either
 * - the postings can decide the expression (whole words and phrases, speakers, AND/OR/NOT,
 *   NEAR/n of two terms; search-sql.ts postingsSql): the database reads its words' postings
 *   among the selected calls, only the calls holding them, and decides and scores each call
 *   in one query, or
 * - an exact expression whose words many calls hold (a prefix, a NOT in an OR): the database
 *   decides each selected call and counts its occurrences in one read of the stored word
 *   codes (search-sql.ts, store/transcript-table.ts), or
 * - few calls hold its words (the text index counts them), or NEAR/n of more than two terms:
 *   the text index's candidates among the selected calls are confirmed by the engine's matcher
 *   on their rebuilt transcripts, as the worker does.
 * The matches are counted by facet and ranked by the engine's SearchCounter, and the result is
 * built by its searchResult, so it is the worker's result. The JavaScript part yields between
 * slices, so the server keeps answering other requests during a search of a million calls.
 */
import { cancelledError } from '../../src/data/call-options.ts';
import type { Corpus } from '../../src/data/corpus/corpus.ts';
import { nextTask } from '../../src/data/engine/next-task.ts';
import { page } from '../../src/data/engine/page.ts';
import { SearchCounter, parseSearch, searchResult } from '../../src/data/engine/search.ts';
import type { SearchNode } from '../../src/data/search/parse.ts';
import type { SearchResult, TranscriptSearchQuery } from '../../src/data/source.ts';
import type { Database } from '../store/database.ts';
import { POSTINGS, TRANSCRIPTS, wordCodes, wordNumbers } from '../store/transcript-table.ts';
import { filtersSql, type CallTables } from './filters.ts';
import {
  ANY,
  placesOf,
  postingsSql,
  searchSql,
  type PostingsSql,
  type SearchSql,
} from './search-sql.ts';

/**
 * Up to this many calls holding an exact expression's words the matcher confirms them:
 * rebuilding a few thousand transcripts takes less than the database's read of every granule
 * they fall in.
 */
export const CONFIRM_AT_MOST = 2_000;
/** How long JavaScript runs before letting other requests in. */
const SLICE_MS = 10;

/** Stops a search whose client left or whose request timed out: nobody reads its result. */
function stopIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelledError();
}

/** Runs step(0..count-1), yielding to other work every SLICE_MS, stopping when `signal` aborts. */
async function inSlices(
  count: number,
  step: (k: number) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  let sliceEnds = performance.now() + SLICE_MS;
  for (let k = 0; k < count; k++) {
    step(k);
    if ((k & 7) === 7 && performance.now() > sliceEnds) {
      await nextTask();
      stopIfAborted(signal);
      sliceEnds = performance.now() + SLICE_MS;
    }
  }
}

/** Which ways a search may take; tests turn them off to compare each with the worker. */
export interface SearchWays {
  /** Decide from the postings where they can (default true). */
  readonly postings?: boolean;
  /** Confirm with the matcher up to this many calls (default CONFIRM_AT_MOST; 0: never). */
  readonly confirmAtMost?: number;
}

export class CompiledSearch {
  private readonly postings: boolean;
  private readonly confirmAtMost: number;

  constructor(
    private readonly db: Database,
    private readonly corpus: Corpus,
    private readonly tables: CallTables,
    ways: SearchWays = {},
  ) {
    this.postings = ways.postings ?? true;
    this.confirmAtMost = ways.confirmAtMost ?? CONFIRM_AT_MOST;
  }

  /** UInt32 columns of a query's rows, as read (RowBinary: row after row). */
  private async uint32s(sql: string): Promise<Uint32Array> {
    const bytes = await this.db.bytes(sql);
    // A copy: the result buffer is not aligned for the typed array and is not ours to keep.
    return new Uint32Array(bytes.slice().buffer as ArrayBuffer);
  }

  /**
   * `signal` aborts when the client left or the request timed out: the search stops between
   * its database reads and between slices of its JavaScript part.
   */
  async search(query: TranscriptSearchQuery, signal?: AbortSignal): Promise<SearchResult> {
    stopIfAborted(signal);
    const started = performance.now();
    const { offset, limit } = page(query);
    const tree = parseSearch(query.expression);
    const filters = { ...(query.filters ?? {}), status: 'analysed' as const };
    const selected = filtersSql(this.corpus, filters, this.tables);
    const searched = this.db.text(`SELECT count() FROM ${this.tables.calls} WHERE ${selected}`);
    // Read at the end; a search stopped before then must not leave its failure unhandled.
    searched.catch(() => {});
    const counter = new SearchCounter(this.corpus);
    const postings = this.postings ? postingsSql(tree, await wordNumbers(this.db)) : null;
    stopIfAborted(signal);
    if (postings) {
      await this.fromPostings(postings, selected, counter, signal);
    } else {
      const words = searchSql(tree, await wordCodes(this.db));
      stopIfAborted(signal);
      if (words.exact && (await this.holdMany(words.tokens))) {
        stopIfAborted(signal);
        await this.decide(words, selected, counter, signal);
      } else {
        await this.confirm(tree, words.tokens, selected, counter, signal);
      }
    }
    stopIfAborted(signal);
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
    signal: AbortSignal | undefined,
  ) {
    const holding =
      tokens === ANY ? '' : ` AND idx IN (SELECT idx FROM ${TRANSCRIPTS} WHERE ${tokens})`;
    // Latest first, as the engine counts.
    const candidates = await this.uint32s(
      `SELECT idx FROM ${this.tables.calls} WHERE (${selected})${holding} ORDER BY idx DESC`,
    );
    stopIfAborted(signal);
    await inSlices(candidates.length, (k) => counter.match(tree, candidates[k]!), signal);
  }

  /** The selected calls (those the filters keep). */
  private chosen(selected: string): string {
    return `SELECT idx FROM ${this.tables.calls} WHERE ${selected}`;
  }

  /**
   * The selection's span: it narrows a read by the primary key (calls are stored in time
   * order, so a period is a range of idx); the set itself (chosen) only filters rows: analysing
   * the key against a set of 200,000 idx cost more than the whole read.
   */
  private span(selected: string): string {
    const chosen = this.chosen(selected);
    return `idx BETWEEN (SELECT min(idx) FROM (${chosen})) AND (SELECT max(idx) FROM (${chosen}))`;
  }

  /** The selected calls in a table keyed by idx. */
  private among(selected: string): string {
    return `${this.span(selected)} AND idx IN (${this.chosen(selected)})`;
  }

  /** Counts the matches a query returns as (idx, score) rows, latest first. */
  private async count(sql: string, counter: SearchCounter, signal: AbortSignal | undefined) {
    const settings = sql.includes(' SETTINGS ') ? ',' : ' SETTINGS';
    const rows = await this.uint32s(`${sql}${settings} use_index_for_in_with_subqueries = 0`);
    stopIfAborted(signal);
    await inSlices(rows.length / 2, (k) => counter.add(rows[2 * k]!, rows[2 * k + 1]!), signal);
  }

  /** The selected calls an exact expression matches, decided and scored by the database. */
  private async decide(
    words: SearchSql,
    selected: string,
    counter: SearchCounter,
    signal: AbortSignal | undefined,
  ) {
    await this.count(
      `SELECT idx, toUInt32(${words.score}) FROM ${TRANSCRIPTS} WHERE ${this.among(selected)} AND (${words.tokens}) AND (${words.condition}) ORDER BY idx DESC`,
      counter,
      signal,
    );
  }

  /**
   * The selected calls the expression matches, from its words' postings: one row per call
   * holding them, each word's places in a column, decided and scored by the database. The
   * postings are joined by call, each word's already in call order, so the join merges them
   * (full_sorting_merge; grouping them by call cost five times as much): the words every match
   * holds inner-joined, the others left-joined to them (or all fully joined when there are
   * none); a call without a word's postings has no places for it. Each word's postings are
   * read within the selection's span; the selection itself filters the first word's (which
   * the joins narrow the others to), or each word's when any call may hold any of them alone.
   */
  private async fromPostings(
    words: PostingsSql,
    selected: string,
    counter: SearchCounter,
    signal: AbortSignal | undefined,
  ) {
    if (words.codes.length === 0) return;
    const required = new Set(words.required);
    const postings = (code: number, k: number) => {
      const calls = k === 0 || required.size === 0 ? this.among(selected) : this.span(selected);
      return `(SELECT idx, places AS ${placesOf(code)} FROM ${POSTINGS} WHERE code = ${code} AND ${calls}) AS w${code}`;
    };
    const [first, ...others] = [
      ...words.codes.filter((c) => required.has(c)),
      ...words.codes.filter((c) => !required.has(c)),
    ];
    const join = (code: number) =>
      required.has(code) ? 'INNER JOIN' : required.size > 0 ? 'LEFT JOIN' : 'FULL JOIN';
    let calls = `SELECT * FROM ${postings(first!, 0)}${others.map((c, k) => ` ${join(c)} ${postings(c, k + 1)} USING idx`).join('')}`;
    if (words.arrays.length > 0) calls = `SELECT *, ${words.arrays.join(', ')} FROM (${calls})`;
    await this.count(
      `SELECT idx, toUInt32(${words.score}) FROM (${calls}) WHERE ${words.condition} ORDER BY idx DESC SETTINGS join_algorithm = 'full_sorting_merge'`,
      counter,
      signal,
    );
  }
}
