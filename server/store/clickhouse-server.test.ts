/**
 * The ClickHouse-server adapter (@clickhouse/client over HTTP) runs the whole server: corpus
 * stored and read back, compiled dashboard queries, transcript search, a write and its replay
 * after a restart, with the same answers as the embedded engine. The endpoint is ClickHouse's
 * HTTP interface answered by chDB (clickhouse-http-shim.ts explains why no real server).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../src/data/engine/index.ts';
import { loadApiConfig, openApiService, type ApiService } from '../index.ts';
import { customerPhraseRule, temporaryDataDir, testEnv } from '../test-kit.ts';
import { startClickHouseHttpShim, type ClickHouseHttpShim } from './clickhouse-http-shim.ts';
import { openClickHouseServer } from './clickhouse-server.ts';

const CALLS = 1_500;
const month = { from: '2026-03-01', to: '2026-04-01' };
const caller = { name: 'ana@example.com', subject: 'user-ana' } as never;

describe('the API over a ClickHouse server', { timeout: 120_000 }, () => {
  const data = temporaryDataDir();
  let shim: ClickHouseHttpShim;
  const config = () =>
    loadApiConfig({
      ...testEnv('http://127.0.0.1:1', data.dir, CALLS),
      SA_API_CLICKHOUSE_URL: shim.url,
    });
  const open = () =>
    openApiService(config(), { database: openClickHouseServer(config().clickhouse!) });

  beforeAll(async () => {
    shim = await startClickHouseHttpShim(data.dir);
  }, 60_000); // a first start on a busy shared machine
  afterAll(async () => {
    await shim?.stop();
    data.remove();
  });

  it('stores, answers in SQL, records a write and replays it after a restart', async () => {
    const engine = createEmbeddedSource({ calls: CALLS });
    let service: ApiService = await open();
    const reads = async () => {
      await service.settled();
      expect(service.answeredBy()).toBe('database');
      for (const [method, query] of [
        ['kpis', { filters: month }],
        ['aggregate', { filters: month, by: 'category' }],
        ['timeSeries', { filters: month, bucket: 'week' }],
        ['calls', { filters: month, limit: 5 }],
      ] as const) {
        expect(await service.call(method, [query], caller), method).toEqual(
          await (engine[method] as (q: unknown) => Promise<unknown>)(query),
        );
      }
      // Search reads its word codes and the text index through the client too.
      for (const expression of ['"thank you"', 'ombudsman OR refund*']) {
        const query = { expression, filters: month, limit: 5 };
        const untimed = (result: unknown) => ({ ...(result as object), tookMs: 0 });
        expect(untimed(await service.call('search', [query], caller)), expression).toEqual(
          untimed(await engine.search(query)),
        );
      }
    };
    await reads();
    const rule = customerPhraseRule('Mentions the ombudsman', 'ombudsman');
    expect(await service.call('saveRule', [rule], caller)).toEqual(await engine.saveRule(rule));
    await reads();
    service.close();
    service = await open();
    await reads();
    service.close();
    // The write's live copy was written through the client, as its own generation.
    expect(shim.statements.some((s) => /^CREATE TABLE IF NOT EXISTS calls_live_\d+ /.test(s))).toBe(
      true,
    );
  });
});
