/**
 * Transcript search in the database. The calls the filters select are narrowed by the text
 * index to those holding the expression's words (search-sql.ts, store/transcript-table.ts);
 * then either
 * - few candidates, or an expression with NEAR/n (which SQL cannot decide): each is confirmed
 *   by the engine's matcher on its rebuilt transcript, as the worker does, or
 * - many candidates of an exact expression: the database decides each and counts its
 *   occurrences over the stored words, a read of their text that beats rebuilding them.
 * The matches are counted by facet and ranked by the engine's SearchCounter, and the result is
 * built by its searchResult, so it is the worker's result. The JavaScript part yields between
 * slices, so the server keeps answering other requests during a search of a million calls.
 */
import type { Corpus } from '../../src/data/corpus/corpus.ts';
import { nextTask } from '../../src/data/engine/next-task.ts';
import { page } from '../../src/data/engine/page.ts';
import { SearchCounter, parseSearch, searchResult } from '../../src/data/engine/search.ts';
import type { SearchResult, TranscriptSearchQuery } from '../../src/data/source.ts';
import type { Database } from '../store/database.ts';
import { TRANSCRIPTS } from '../store/transcript-table.ts';
import { filtersSql, type CallTables } from './filters.ts';
import { ANY, searchSql } from './search-sql.ts';

/**
 * Up to this many candidates of an exact expression the matcher confirms them: rebuilding a
 * few thousand transcripts takes less than the database's read of every granule they fall in.
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
    const words = searchSql(tree);
    // The text index's candidates among the selected calls, latest first, as the engine counts.
    const holding =
      words.tokens === ANY
        ? ''
        : ` AND idx IN (SELECT idx FROM ${TRANSCRIPTS} WHERE ${words.tokens})`;
    const [searched, candidates] = await Promise.all([
      this.db.text(`SELECT count() FROM ${this.tables.calls} WHERE ${selected}`),
      this.uint32s(
        `SELECT idx FROM ${this.tables.calls} WHERE (${selected})${holding} ORDER BY idx DESC`,
      ),
    ]);
    const counter = new SearchCounter(this.corpus);
    if (!words.exact || candidates.length <= this.confirmAtMost) {
      await inSlices(candidates.length, (k) => counter.match(tree, candidates[k]!));
    } else {
      // Decided over the candidates' span (calls are stored in time order, so a period is a
      // range of idx), then kept if selected: cheaper than the selection as a set of idx.
      const rows = await this.uint32s(
        `SELECT idx, toUInt32(${words.score}) FROM ${TRANSCRIPTS} WHERE idx BETWEEN ${candidates.at(-1)} AND ${candidates[0]} AND (${words.tokens}) AND (${words.condition}) ORDER BY idx DESC`,
      );
      let next = 0;
      await inSlices(rows.length / 2, (k) => {
        const i = rows[2 * k]!;
        while (next < candidates.length && candidates[next]! > i) next++;
        if (candidates[next] === i) counter.add(i, rows[2 * k + 1]!);
      });
    }
    const tally = counter.tally(offset, limit);
    return searchResult(this.corpus, query, tree, tally, Number(searched.trim()), started);
  }
}
