/**
 * Reads never see a half-swapped copy of the live call tables: a read pins the generation it
 * starts on and every statement of it reads that one, while writes refresh the copy; a replaced
 * generation is dropped once its last reader is done, and nothing else is left behind.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../src/data/engine/index.ts';
import type { Corpus } from '../../src/data/corpus/corpus.ts';
import { openEmbeddedDatabase } from './database.ts';
import { LiveCallTables, type PinnedTables } from './live-tables.ts';
import { liveTableNames } from './schema.ts';
import { temporaryDataDir } from '../test-kit.ts';

describe('live call tables', () => {
  const data = temporaryDataDir();
  const db = openEmbeddedDatabase(data.dir);
  afterAll(() => {
    db.close();
    data.remove();
  });
  const { corpus } = createEmbeddedSource({ calls: 300, seed: 11 });
  /** The corpus as after write `seq`: its first 100 + seq calls, so each copy is told apart. */
  const after = (seq: number): Corpus => ({ ...corpus, n: 100 + seq });
  const failuresAfter = (seq: number) => corpus.failures.offsets[100 + seq]!;

  const count = async (table: string) =>
    Number((await db.text(`SELECT count() FROM ${table}`)).trim());
  /** A read of several statements, each on the pinned tables, checked against its generation. */
  const read = async (pinned: PinnedTables, seq: number) => {
    try {
      expect(await count(pinned.tables.calls)).toBe(100 + seq);
      expect(await count(pinned.tables.failures)).toBe(failuresAfter(seq));
      expect(await count(pinned.tables.calls)).toBe(100 + seq);
    } finally {
      pinned.release();
    }
  };
  const liveTables = async () =>
    (
      await db.text(
        "SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE '%_live%' ORDER BY name",
      )
    )
      .split('\n')
      .filter(Boolean);

  it('keep a read on the copy it started on while a write replaces it', async () => {
    const live = await LiveCallTables.open(db);
    expect(live.pin(1)).toBeNull(); // stale until written
    await live.refresh(after(1), 1);
    const pinned = live.pin(1)!;
    expect(await count(pinned.tables.calls)).toBe(101);
    await live.refresh(after(2), 2);
    expect(live.pin(1)).toBeNull(); // a new read does not start on the replaced copy
    // The read that started before the write goes on with its own copy, every statement.
    expect(await count(pinned.tables.calls)).toBe(101);
    expect(await count(pinned.tables.failures)).toBe(failuresAfter(1));
    pinned.release();
    await read(live.pin(2)!, 2);
    expect(await liveTables()).toEqual(Object.values(liveTableNames(2)).sort());
  });

  it('answer every read, concurrent with refreshes, from one whole copy', async () => {
    const live = await LiveCallTables.open(db);
    let seq = 2;
    const refreshes = (async () => {
      for (let next = 3; next <= 8; next++) {
        await live.refresh(after(next), next);
        seq = next;
      }
    })();
    let reads = 0;
    const readers = Array.from({ length: 6 }, async () => {
      let done = false;
      void refreshes.finally(() => (done = true));
      while (!done) {
        const at = seq;
        const pinned = live.pin(at);
        // Stale only between a refresh's switch and `seq` moving on: let the refresh go on.
        if (!pinned) {
          await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        await read(pinned, at);
        reads++;
      }
    });
    await Promise.all([refreshes, ...readers]);
    expect(reads).toBeGreaterThan(6);
    await live.dropped();
    expect(await liveTables()).toEqual(Object.values(liveTableNames(8)).sort());
  });

  it('open on the stamped copy, dropping the others and the copy kept before generations', async () => {
    await db.text('CREATE TABLE calls_live_next (idx UInt32) ENGINE = MergeTree ORDER BY idx');
    await db.text('CREATE TABLE calls_live_3 (idx UInt32) ENGINE = MergeTree ORDER BY idx');
    const live = await LiveCallTables.open(db);
    expect(await liveTables()).toEqual(Object.values(liveTableNames(8)).sort());
    await read(live.pin(8)!, 8);
    // A stamp whose tables are gone is stale: the engine answers until they are written.
    await db.text(`DROP TABLE ${liveTableNames(8).calls}`);
    const reopened = await LiveCallTables.open(db);
    expect(reopened.pin(8)).toBeNull();
    expect(await liveTables()).toEqual([]);
  });
});
