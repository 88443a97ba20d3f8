/**
 * A kill -9 during a batch (issue 37): a server without the demo takes several batches of calls
 * at once and is killed (SIGKILL) as soon as some of them are acknowledged, with the rest in
 * flight. After a restart on the same data directory every call of every acknowledged batch is
 * there and whole (its transcript and analysis, counted once), and each batch that was not
 * acknowledged is there entirely or not at all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMetadataCsv } from '../src/domain/ingest/index.ts';
import type { CallRow, IngestRecord, IngestReport, Page } from '../src/data/source.ts';
import {
  apiProcess,
  requestApi,
  startTestAuthority,
  temporaryDataDir,
  testEnv,
  type TestAuthority,
} from './test-kit.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Batches sent at once before each kill. */
const ROUND = 6;
const BATCHES = 2 * ROUND;
const PER_BATCH = 40;
/** Acknowledged batches before the kill: the others are queued or being written. */
const KILL_AFTER = 3;
const ALL_TIME = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

/** The repo's sample calls, each batch a copy with its own ids, customers and queue. */
function batches(): IngestRecord[][] {
  const dir = path.join(root, 'samples/calls');
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  const files = readdirSync(dir);
  const samples = readMetadataCsv(read('metadata.csv')).rows.map((row) => {
    const fileName = files.find((f) => f.replace(/\.[^.]+$/, '') === row.id)!;
    return { row, fileName, text: read(fileName) };
  });
  return Array.from({ length: BATCHES }, (_, b) =>
    Array.from({ length: PER_BATCH }, (_, k) => {
      const sample = samples[k % samples.length]!;
      const startedAt = new Date(Date.parse(sample.row.startedAt!) + (b * PER_BATCH + k) * 60_000);
      return {
        metadata: {
          ...sample.row,
          id: `crash-${b}-${k}`,
          customer: `CUST-CRASH-${b}-${k % 7}`,
          startedAt: startedAt.toISOString(),
          // The batch a call came in, readable on every call row.
          queue: `batch-${b}`,
        },
        transcript: { fileName: sample.fileName, text: sample.text },
      };
    }),
  );
}

describe('a server killed during ingest batches', { timeout: 120_000 }, () => {
  let authority: TestAuthority;
  const data = temporaryDataDir();
  // No demo: the deployment holds only the batches' calls.
  const server = apiProcess(() => ({ ...testEnv(authority.url, data.dir), SA_API_DEMO: 'off' }));
  const { start, kill } = server;

  beforeAll(async () => {
    authority = await startTestAuthority();
  });
  afterAll(async () => {
    await server.kill();
    await authority.stop();
    data.remove();
  });

  /**
   * Sends `batches` at once (the server writes them one after another) and kills the server at
   * the moment `killWhen` names; resolves with the batches acknowledged (answered 200) before.
   */
  const sendAndKill = async (
    url: string,
    batches: Map<number, IngestRecord[]>,
    killWhen: (acknowledged: number) => boolean,
    watch?: (stop: () => boolean, kill: () => void) => Promise<void>,
  ): Promise<Map<number, IngestReport>> => {
    const writer = await authority.token({
      scope: 'calls.read calls.write',
      roles: ['supervisor'],
    });
    const acknowledged = new Map<number, IngestReport>();
    let killed: Promise<void> | null = null;
    const killNow = () => {
      killed ??= kill();
    };
    const posts = [...batches].map(([b, calls]) =>
      requestApi(url, writer, 'POST', '/v1/calls/batch', calls).then(
        (answer) => {
          if (killed || answer.status !== 200) return;
          acknowledged.set(b, answer.body as IngestReport);
          if (killWhen(acknowledged.size)) killNow();
        },
        () => {}, // the connection dropped by the kill: not acknowledged
      ),
    );
    const all = Promise.all(posts);
    let settled = false;
    void all.then(() => (settled = true));
    await Promise.all([all, watch?.(() => killed !== null || settled, killNow)]);
    expect(killed, 'killed while batches were in flight').not.toBeNull();
    await killed;
    expect(acknowledged.size, 'some batches were not acknowledged').toBeLessThan(batches.size);
    for (const report of acknowledged.values()) expect(report.accepted).toBe(PER_BATCH);
    return acknowledged;
  };

  /**
   * The restarted server holds every acknowledged call, whole, under the id it was acknowledged
   * with, each once; every other batch entirely or not at all.
   */
  const expectNothingLostOrHalf = async (
    url: string,
    sent: number,
    acknowledged: Map<number, IngestReport>,
  ) => {
    const reader = await authority.token({ scope: 'calls.read' });
    const read = (verb: string, p: string, body?: unknown) =>
      requestApi(url, reader, verb, `/v1${p}`, body);
    const rows: CallRow[] = [];
    let total = Infinity;
    while (rows.length < total) {
      const page = (
        await read('POST', '/calls/query', { filters: ALL_TIME, offset: rows.length, limit: 500 })
      ).body as Page<CallRow>;
      total = page.total;
      if (page.items.length === 0) break;
      rows.push(...page.items);
    }
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.id)).size, 'each call listed once').toBe(total);
    const kpis = (await read('POST', '/kpis', { filters: ALL_TIME })).body;
    expect(kpis.current.calls, 'counted once: kpis = the list').toBe(total);

    const perBatch = Array.from(
      { length: sent },
      (_, b) => rows.filter((r) => r.queue === `batch-${b}`).length,
    );
    for (const [b, count] of perBatch.entries()) {
      if (acknowledged.has(b)) expect(count, `acknowledged batch ${b}`).toBe(PER_BATCH);
      else expect([0, PER_BATCH], `unacknowledged batch ${b}: all or nothing`).toContain(count);
    }
    expect(total).toBe(perBatch.reduce((a, c) => a + c, 0));

    for (const report of acknowledged.values()) {
      for (const outcome of report.results) {
        if (outcome.status !== 'accepted') throw new Error(JSON.stringify(outcome));
        const detail = await read('GET', `/calls/${outcome.callId}`);
        expect(detail.status, outcome.externalId).toBe(200);
        expect(detail.body.transcript.length).toBeGreaterThan(0);
        expect(detail.body.call.status).toBe('analysed');
        expect(detail.body.call.analysis).toBeDefined();
        const batch = outcome.externalId.replace(/^crash-(\d+)-.*/, 'batch-$1');
        expect(detail.body.call.queue).toBe(batch);
      }
    }
  };

  it('loses no acknowledged call and leaves no batch half-written', async () => {
    const sent = batches();
    const round = (from: number) =>
      new Map(sent.slice(from, from + ROUND).map((calls, k) => [from + k, calls] as const));
    const acknowledged = new Map<number, IngestReport>();

    // Killed as the KILL_AFTER-th acknowledgement arrives, the others queued or being written.
    let url = await start();
    for (const [b, r] of await sendAndKill(url, round(0), (n) => n === KILL_AFTER))
      acknowledged.set(b, r);
    url = await start();
    await expectNothingLostOrHalf(url, ROUND, acknowledged);

    // Killed as a batch's write shows in the audit log, before the server answers it.
    const admin = await authority.token({ scope: 'calls.read', roles: ['admin'] });
    const written = async () =>
      ((await requestApi(url, admin, 'GET', '/v1/audit?limit=1')).body as { total: number }).total;
    const before = await written();
    const watch = async (stop: () => boolean, killNow: () => void) => {
      while (!stop()) {
        const now = await written().catch(() => before);
        if (now > before) killNow();
      }
    };
    for (const [b, r] of await sendAndKill(url, round(ROUND), () => false, watch))
      acknowledged.set(b, r);
    url = await start();
    await expectNothingLostOrHalf(url, 2 * ROUND, acknowledged);
  });
});
