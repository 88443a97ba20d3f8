/**
 * The calls as users see them now, for the compiled queries. The `calls` table holds the corpus
 * as first stored; writes (rules re-run on history, settings, imports, reviews) change the
 * engine's columns, so after the first such write the database keeps a second copy, written
 * after each write that changes calls into tables of its own generation (`calls_live_<seq>`,
 * `call_failures_live_<seq>`, `leads_live_<seq>`, seq the write-log number it reflects) and stamped in `live_state`
 * once complete. A copy whose stamp is not the log's last write that changed calls is stale: the
 * engine answers until it is rewritten.
 *
 * A read pins the generation it starts on and releases it when done: every statement of the
 * read sees that one copy, and a generation a newer one replaced is dropped only when its last
 * reader is done. (Rewriting fixed tables and swapping them in let a read that had started
 * before the swap run its next statement on the other copy, or on a table being emptied:
 * FILE_DOESNT_EXIST under load.)
 */
import type { Corpus } from '../../src/data/corpus/corpus.ts';
import {
  BASE_TABLES,
  createCallTables,
  writeCallTables,
  type CallTableNames,
} from './corpus-table.ts';
import type { DataSourceMethod } from '../../src/data/source.ts';
import type { Database } from './database.ts';
import { LIVE_STATE_TABLE, createTableSql, liveTableNames } from './schema.ts';

/**
 * Writes that change no call's columns and no rule failure, so not the database's call tables:
 * after one, the live tables still hold the current state and are not copied again (a copy
 * rewrites every call, and until it is done the engine answers the dashboard). Every other
 * write, a method added later too, is copied. These are the engine's writes that need no idle
 * re-run (embedded-source.ts); calls-unchanged.test.ts checks each leaves the calls as they were.
 */
export const CALLS_UNCHANGED_BY: ReadonlySet<DataSourceMethod> = new Set<DataSourceMethod>([
  'assignLeads',
  'markInboxRead',
  'savePreferences',
  'saveSearch',
  'deleteSavedSearch',
  'saveSchedule',
  'deleteSchedule',
]);

/** Call tables a read holds until `release()`: they stay as they are until then. */
export interface PinnedTables {
  readonly tables: CallTableNames;
  release(): void;
}

/**
 * Names of live-copy tables of any generation, and of the fixed-name copy and its swap tables
 * kept before generations (dropped on open).
 */
const LIVE_TABLE_PATTERN = '^(calls|call_failures|leads)_live(_[0-9]+|_next)?$';

export class LiveCallTables {
  /** Readers per generation (seq) holding its tables. */
  private readonly readers = new Map<number, number>();
  /** Generations replaced while read: dropped by their last reader's release. */
  private readonly retired = new Set<number>();
  /** The drops of generations their last reader released, one after another. */
  private dropping: Promise<void> = Promise.resolve();

  private constructor(
    private readonly db: Database,
    /** The write the live tables reflect (-1: none yet). */
    private liveSeq: number,
  ) {}

  static async open(db: Database): Promise<LiveCallTables> {
    await db.text(createTableSql(LIVE_STATE_TABLE));
    const text = (await db.text('SELECT max(seq), count() FROM live_state')).trim();
    const [seq, rows] = text.split('\t').map(Number);
    let liveSeq = rows ? seq! : -1;
    const existing = new Set(
      (
        await db.text(
          `SELECT name FROM system.tables WHERE database = currentDatabase() AND match(name, '${LIVE_TABLE_PATTERN}')`,
        )
      )
        .split('\n')
        .filter(Boolean),
    );
    const current = liveSeq >= 0 ? liveTableNames(liveSeq) : null;
    // A stamp whose tables are gone (a data directory from before generations, or before
    // leads had a table): stale.
    if (current && !Object.values(current).every((name) => existing.has(name))) liveSeq = -1;
    // Nobody reads yet: every other copy (replaced, or half-written by a crash) goes.
    for (const name of existing) {
      if (liveSeq < 0 || !Object.values(current!).includes(name)) {
        await db.text(`DROP TABLE IF EXISTS ${name} SYNC`);
      }
    }
    return new LiveCallTables(db, liveSeq);
  }

  /**
   * The tables that hold the calls after write `seq`, the newest that changed calls (0: none),
   * pinned for a read until it releases them; or null while stale.
   */
  pin(seq: number): PinnedTables | null {
    if (seq === 0) return { tables: BASE_TABLES, release: () => {} };
    if (this.liveSeq !== seq) return null;
    this.readers.set(seq, (this.readers.get(seq) ?? 0) + 1);
    let released = false;
    return {
      tables: liveTableNames(seq),
      release: () => {
        if (released) return;
        released = true;
        const left = this.readers.get(seq)! - 1;
        if (left > 0) return void this.readers.set(seq, left);
        this.readers.delete(seq);
        if (this.retired.delete(seq)) this.dropping = this.dropping.then(() => this.drop(seq));
      },
    };
  }

  /** Writes the live tables of write `seq` from the engine's corpus, then serves them. */
  async refresh(corpus: Corpus, seq: number): Promise<void> {
    if (seq === 0 || this.liveSeq === seq) return;
    const tables = liveTableNames(seq);
    try {
      await createCallTables(this.db, tables);
      await writeCallTables(this.db, corpus, tables);
      // Stamped only once both are complete: a crash before leaves the copy stale, not wrong.
      await this.db.insertTsv('live_state', ['seq'], `${seq}\n`);
    } catch (error) {
      await this.drop(seq);
      throw error;
    }
    const replaced = this.liveSeq;
    this.liveSeq = seq;
    if (replaced < 0) return;
    if (this.readers.has(replaced)) this.retired.add(replaced);
    else await this.drop(replaced);
  }

  /** Resolves when the generations released so far are dropped. */
  dropped(): Promise<void> {
    return this.dropping;
  }

  /** Drops a generation's tables (a failure leaves them to the next open). */
  private async drop(seq: number): Promise<void> {
    const tables = liveTableNames(seq);
    try {
      for (const name of Object.values(tables)) {
        await this.db.text(`DROP TABLE IF EXISTS ${name} SYNC`);
      }
    } catch (error) {
      console.error(`live call tables of write ${seq} not dropped: ${(error as Error).message}`);
    }
  }
}
