/**
 * The database draws per call exactly as the engine does: hashSeedSql equals hashSeed for
 * calls from 0 to past a million and seeds that make every step's bits carry.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { hashSeed } from '../../src/data/corpus/prng.ts';
import { openEmbeddedDatabase } from '../store/database.ts';
import { temporaryDataDir } from '../test-kit.ts';
import { hashSeedSql } from './hash-seed-sql.ts';

describe('hashSeedSql', () => {
  const data = temporaryDataDir();
  const db = openEmbeddedDatabase(data.dir);
  afterAll(() => {
    db.close();
    data.remove();
  });

  it('is hashSeed, call for call', async () => {
    for (const a of [0, 1, 42 ^ 0x5a3b1e, 4242 ^ 0x5a3b1e, 0x7fffffff, -1, -123456789]) {
      const calls = [...Array.from({ length: 2_000 }, (_, k) => k), 1_048_575, 4_000_000_000];
      const text = await db.text(
        `SELECT ${hashSeedSql(a, 'n')} FROM (SELECT arrayJoin([${calls.join(', ')}]) AS n)`,
      );
      const got = text.split('\n').filter(Boolean).map(Number);
      expect(got, `a = ${a}`).toEqual(calls.map((n) => hashSeed(a, n)));
    }
  });
});
