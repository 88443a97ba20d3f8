/**
 * Calls ingested into a deployment with the demo corpus: counted by the compiled SQL once the
 * live tables hold them, with the same identities as every call (a group's count is the list
 * it drills to), and the engine and the database agreeing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readMetadataCsv } from '../src/domain/ingest/index.ts';
import { EmbeddedSource } from '../src/data/engine/index.ts';
import { requestApi, startTestApi } from './test-kit.ts';

const dir = path.resolve(import.meta.dirname, '../samples/calls');
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
const files = readdirSync(dir).filter((f) => f !== 'metadata.csv');
const samples = readMetadataCsv(read('metadata.csv')).rows.map((row) => {
  const fileName = files.find((f) => f.replace(/\.[^.]+$/, '') === row.id)!;
  return { metadata: row, transcript: { fileName, text: read(fileName) } };
});
const ALL_TIME = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

describe('ingest beside the demo corpus', () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;
  let writer: string;
  let reader: string;
  const api = (token: string, verb: string, p: string, body?: unknown) =>
    requestApi(t.api.url, token, verb, `/v1${p}`, body);

  beforeAll(async () => {
    t = await startTestApi(1_000);
    writer = await t.authority.token({ scope: 'calls.read calls.write', roles: ['admin'] });
    reader = await t.authority.token({ scope: 'calls.read' });
  });
  afterAll(() => t?.stop());

  it('counts the ingested calls in SQL as the engine does, a group equal to its list', async () => {
    const before = (await api(reader, 'POST', '/kpis', { filters: ALL_TIME })).body.current.calls;
    expect((await api(writer, 'POST', '/calls/batch', samples)).body.accepted).toBe(6);
    await t.api.service.settled();
    expect(t.api.service.answeredBy()).toBe('database');
    const kpis = (await api(reader, 'POST', '/kpis', { filters: ALL_TIME })).body;
    expect(kpis.current.calls).toBe(before + 6);
    const engine = new EmbeddedSource(t.api.service.corpus);
    expect(kpis.current).toEqual((await engine.kpis({ filters: ALL_TIME })).current);
    const byAgent = (await api(reader, 'POST', '/aggregate', { filters: ALL_TIME, by: 'agent' }))
      .body;
    const maria = byAgent.rows.find((r: { label: string }) => r.label === 'Maria Lopez');
    expect(maria.metrics.calls).toBe(2);
    const list = await api(reader, 'POST', '/calls/query', {
      filters: { ...ALL_TIME, ...maria.filters },
      limit: 50,
    });
    expect(list.body.total).toBe(maria.metrics.calls);
    // A deletion leaves the SQL tables too.
    const gone = await api(writer, 'DELETE', '/calls/call-1001');
    expect(gone.body.deleted).toHaveLength(1);
    await t.api.service.settled();
    expect(t.api.service.answeredBy()).toBe('database');
    expect((await api(reader, 'POST', '/kpis', { filters: ALL_TIME })).body.current.calls).toBe(
      before + 5,
    );
  });
});
