/**
 * The calls as users see them now, for the compiled queries. The `calls` table holds the corpus
 * as first stored; writes (rules re-run on history, settings, imports, reviews) change the
 * engine's columns, so after the first such write the database keeps a second copy,
 * `calls_live` / `call_failures_live`, rewritten after each write that changes calls (into
 * `_next` tables, then swapped in with EXCHANGE TABLES, so a reader sees the old copy or the new
 * one, never half) and stamped in `live_state` with the write-log sequence number it reflects.
 * A copy whose stamp is not the log's last write that changed calls is stale: the engine answers
 * until it is rewritten.
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
import { LIVE_STATE_TABLE, LIVE_TABLE_NAMES, NEXT_TABLE_NAMES, createTableSql } from './schema.ts';

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

export const LIVE_TABLES: CallTableNames = LIVE_TABLE_NAMES;
const NEXT_TABLES: CallTableNames = NEXT_TABLE_NAMES;

export class LiveCallTables {
  private constructor(
    private readonly db: Database,
    /** The write the live tables reflect (-1: none yet). */
    private liveSeq: number,
  ) {}

  static async open(db: Database): Promise<LiveCallTables> {
    await db.text(createTableSql(LIVE_STATE_TABLE));
    const text = (await db.text('SELECT max(seq), count() FROM live_state')).trim();
    const [seq, rows] = text.split('\t').map(Number);
    return new LiveCallTables(db, rows ? seq! : -1);
  }

  /**
   * The tables that hold the calls after write `seq`, the newest that changed calls (0: none),
   * or null while stale.
   */
  tablesAt(seq: number): CallTableNames | null {
    if (seq === 0) return BASE_TABLES;
    return this.liveSeq === seq ? LIVE_TABLES : null;
  }

  /** Rewrites the live tables from the engine's corpus as it is after write `seq`. */
  async refresh(corpus: Corpus, seq: number): Promise<void> {
    if (seq === 0 || this.liveSeq === seq) return;
    await createCallTables(this.db, LIVE_TABLES);
    await writeCallTables(this.db, corpus, NEXT_TABLES);
    await this.db.text(`EXCHANGE TABLES ${NEXT_TABLES.calls} AND ${LIVE_TABLES.calls}`);
    await this.db.text(`EXCHANGE TABLES ${NEXT_TABLES.failures} AND ${LIVE_TABLES.failures}`);
    // Stamped only once both are in place: a crash before leaves the copy stale, not wrong.
    await this.db.insertTsv('live_state', ['seq'], `${seq}\n`);
    this.liveSeq = seq;
    for (const table of [NEXT_TABLES.calls, NEXT_TABLES.failures])
      await this.db.text(`TRUNCATE TABLE ${table}`);
  }
}
