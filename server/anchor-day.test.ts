/**
 * The API server's corpus ends on the day it was first generated and keeps that day across
 * restarts (its stored data ages like a real deployment's); a pinned day that differs from the
 * stored one is refused rather than silently ignored. A corpus stored by an older generator
 * (its calls no longer match the transcripts rebuilt from the seed) is made again, or refused
 * when writes were saved over it.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DAY_ENV } from '../src/data/corpus/anchor.ts';
import { TEST_CORPUS_DAY } from '../tests/corpus-day.ts';
import { anchorNotice, startApiServer } from './index.ts';
import { openEmbeddedDatabase } from './store/database.ts';
import { storedCorpus } from './store/corpus-table.ts';
import { startTestApi } from './test-kit.ts';

describe('the API server and the corpus day', { timeout: 120_000 }, () => {
  let kit: Awaited<ReturnType<typeof startTestApi>>;
  beforeAll(async () => {
    kit = await startTestApi(300);
  });
  let apiStopped = false;
  afterAll(async () => {
    if (!apiStopped) return kit.stop();
    // The last test leaves the API stopped: the authority and the data directory remain.
    await kit.authority.stop();
    rmSync(kit.config.dataDir, { recursive: true, force: true });
  });

  it('generates the corpus ending on the anchor day, then keeps that day when the clock moves on', async () => {
    expect(kit.api.service.anchor).toEqual({ day: TEST_CORPUS_DAY, generated: true });
    const before = await kit.api.service.call('info', [], { name: 't', subject: 't' } as never);
    const later = process.env[CORPUS_DAY_ENV];
    process.env[CORPUS_DAY_ENV] = '2026-11-23';
    try {
      await kit.restart();
    } finally {
      process.env[CORPUS_DAY_ENV] = later;
    }
    expect(kit.api.service.anchor).toEqual({ day: TEST_CORPUS_DAY, generated: false });
    expect(anchorNotice(kit.api.service.anchor, '.cache/api')).toBe(
      'Demo corpus ends on 2026-03-31, the day it was first loaded; remove .cache/api for calls up to today.',
    );
    const after = await kit.api.service.call('info', [], { name: 't', subject: 't' } as never);
    expect((after as { range: unknown }).range).toEqual((before as { range: unknown }).range);
    expect((after as { range: { to: string } }).range.to).toBe('2026-04-01T00:00:00.000Z');
  });

  it('refuses a pinned day other than the stored one', async () => {
    const config = {
      ...kit.config,
      port: 0,
      corpus: { ...kit.config.corpus, day: '2026-05-01' },
    };
    await expect(startApiServer(config)).rejects.toThrow(/ending on 2026-03-31, not 2026-05-01/);
  });

  /** Marks the stored corpus as made by generator 1 (the server must be stopped). */
  const markOlder = async () => {
    const db = openEmbeddedDatabase(kit.config.dataDir);
    await db.text(
      `ALTER TABLE corpus UPDATE extras = replaceRegexpOne(extras, '"generator":[0-9]+', '"generator":1') WHERE 1 SETTINGS mutations_sync = 1`,
    );
    expect((await storedCorpus(db))!.generator).toBe(1);
    db.close();
  };

  it('makes the corpus again without saved writes, and refuses it with some', async () => {
    const port = Number(new URL(kit.api.url).port);
    await kit.api.stop();
    apiStopped = true;
    await markOlder();
    const again = await startApiServer({ ...kit.config, port });
    expect(again.service.anchor.generated).toBe(true);
    await again.service.call('saveSettings', [{ smart: { repeatWindowDays: 3 } }], {
      name: 't',
      subject: 't',
    } as never);
    await again.stop();
    await markOlder();
    await expect(startApiServer({ ...kit.config, port })).rejects.toThrow(
      /older corpus generator \(1, now \d+\) and saved writes/,
    );
  });
});
