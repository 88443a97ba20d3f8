/**
 * The ingest API on a deployment without the demo (SA_API_DEMO=off): every transcript format,
 * bad records reported by field, idempotent re-sends, the batch's per-record report, the scope
 * and the roles, card numbers redacted before they are stored, calls kept across a restart,
 * and deletion from every read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMetadataCsv } from '../src/domain/ingest/index.ts';
import type { IngestRecord, IngestReport } from '../src/data/source.ts';
import { requestApi, startTestApi } from './test-kit.ts';

const dir = path.resolve(import.meta.dirname, '../samples/calls');
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
const files = readdirSync(dir).filter((f) => f !== 'metadata.csv');
const samples: IngestRecord[] = readMetadataCsv(read('metadata.csv')).rows.map((row) => {
  const fileName = files.find((f) => f.replace(/\.[^.]+$/, '') === row.id)!;
  return { metadata: row, transcript: { fileName, text: read(fileName) } };
});

const ALL_TIME = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

function meta(id: string, extra: Record<string, string> = {}) {
  return {
    id,
    startedAt: '2026-03-10T10:00:00Z',
    direction: 'inbound',
    agent: 'Maria Lopez',
    vendor: 'Northwind In-house',
    customer: `CUST-${id}`,
    disposition: 'BILL-ADJ',
    ...extra,
  };
}

/** A Call Analytics file (the one format the samples lack). */
function callAnalytics(turns: [string, string][]): string {
  return JSON.stringify({
    JobStatus: 'COMPLETED',
    Transcript: turns.map(([role, text], k) => ({
      ParticipantRole: role,
      Content: text,
      BeginOffsetMillis: k * 4000,
      EndOffsetMillis: k * 4000 + 3500,
    })),
  });
}

/** A spoken card number split over the caller's turns, the agent between. */
function cardCall(id: string, first: string, second: string): IngestRecord {
  const text = JSON.stringify({
    segments: [
      { speaker: 'AGENT', text: 'What is the card number?', beginMs: 0, endMs: 2000 },
      { speaker: 'CUSTOMER', text: first, beginMs: 2500, endMs: 6000 },
      { speaker: 'AGENT', text: 'Okay, go on.', beginMs: 6500, endMs: 7000 },
      { speaker: 'CUSTOMER', text: second, beginMs: 7500, endMs: 11000 },
      { speaker: 'AGENT', text: 'Thank you, that is taken.', beginMs: 11500, endMs: 13000 },
    ],
  });
  return { metadata: meta(id), transcript: { fileName: `${id}.json`, text } };
}

describe('ingest API (SA_API_DEMO=off)', () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;
  let writer: string;
  let admin: string;
  let reader: string;
  const api = (token: string, verb: string, p: string, body?: unknown) =>
    requestApi(t.api.url, token, verb, `/v1${p}`, body);
  const count = async () =>
    (await api(reader, 'POST', '/kpis', { filters: ALL_TIME })).body.current.calls as number;

  beforeAll(async () => {
    t = await startTestApi(500, { SA_API_DEMO: 'off' });
    writer = await t.authority.token({ scope: 'calls.read calls.write', roles: ['supervisor'] });
    admin = await t.authority.token({ scope: 'calls.read calls.write', roles: ['admin'] });
    reader = await t.authority.token({ scope: 'calls.read' });
  });
  afterAll(() => t?.stop());

  it('starts with zero calls', async () => {
    expect(await count()).toBe(0);
    expect((await api(reader, 'GET', '/info')).body.calls).toBe(0);
  });

  it('accepts every transcript format, each call counted, listed and found at once', async () => {
    const batch = await api(writer, 'POST', '/calls/batch', samples);
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject({ accepted: 6, rejected: 0 });
    const one = await api(writer, 'POST', '/calls', {
      metadata: meta('ca-1'),
      transcript: {
        fileName: 'ca-1.json',
        text: callAnalytics([
          ['AGENT', 'Thank you for calling, how can I help?'],
          ['CUSTOMER', 'My invoice shows a zebra surcharge.'],
        ]),
      },
    });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ status: 'accepted', externalId: 'ca-1', replaced: false });
    expect(await count()).toBe(7);
    const list = await api(reader, 'POST', '/calls/query', { filters: ALL_TIME, limit: 50 });
    expect(list.body.total).toBe(7);
    const found = await api(reader, 'POST', '/search', {
      expression: '"zebra surcharge"',
      filters: ALL_TIME,
    });
    expect(found.body.total).toBe(1);
    expect(found.body.hits[0].callId).toBe(one.body.callId);
  });

  it('reports each kind of bad record by index, field and reason, and ingests the rest', async () => {
    const good = cardCall('good-1', 'It is 4111 1111', '1111 1111.');
    const report = (
      await api(writer, 'POST', '/calls/batch', [
        { metadata: meta('bad-1', { startedAt: 'yesterday' }), transcript: good.transcript },
        { metadata: meta('bad-2', { direction: 'sideways' }), transcript: good.transcript },
        { metadata: meta('bad-3', { disposition: 'paid' }), transcript: good.transcript },
        { metadata: { ...meta('bad-4'), agent: undefined }, transcript: good.transcript },
        { metadata: meta('bad-5'), transcript: { fileName: 'bad-5.json', text: '{"x": 1}' } },
        { metadata: meta('bad-6') },
        good,
        {
          metadata: meta('bad-7', { startedAt: '2999-01-01T00:00:00Z' }),
          transcript: good.transcript,
        },
      ])
    ).body as IngestReport;
    expect(report).toMatchObject({ accepted: 1, rejected: 7 });
    const fields = report.results.map((r) => (r.status === 'rejected' ? r.field : 'accepted'));
    expect(fields, JSON.stringify(report.results)).toEqual([
      'startedAt',
      'direction',
      'disposition',
      'agent',
      'transcript',
      'transcript',
      'accepted',
      'startedAt',
    ]);
    for (const r of report.results) if (r.status === 'rejected') expect(r.reason).not.toBe('');
    expect(report.results.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Nothing of the bad ones was written.
    const list = await api(reader, 'POST', '/calls/query', { filters: ALL_TIME, limit: 50 });
    expect(list.body.total).toBe(8);
    const single = await api(writer, 'POST', '/calls', {
      metadata: meta('bad-8', { direction: 'x' }),
      transcript: good.transcript,
    });
    expect(single.status).toBe(422);
    expect(single.body.error.details).toEqual([expect.stringMatching(/^direction: /)]);
  });

  it('takes NDJSON line by line, a broken line rejected on its own', async () => {
    const lines = [
      JSON.stringify(
        cardCall('nd-1', 'Four one one one one one one one', 'one one one one one one one one'),
      ),
      '{not json',
    ].join('\n');
    const response = await fetch(`${t.api.url}/v1/calls/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${writer}` },
      body: lines,
    });
    const report = (await response.json()) as IngestReport;
    expect(report.results).toEqual([
      expect.objectContaining({ index: 0, status: 'accepted' }),
      { index: 1, status: 'rejected', field: 'record', reason: 'line 2 is not valid JSON' },
    ]);
  });

  it('stores a spoken card number, digits or words, split across turns, only as [card]', async () => {
    const report = (
      await api(writer, 'POST', '/calls/batch', {
        calls: [
          cardCall('card-digits', 'It is 4111 1111', '1111 1111.'),
          cardCall(
            'card-words',
            'four one one one, one one one one',
            'one one one one, one one one one',
          ),
        ],
      })
    ).body as IngestReport;
    expect(report.accepted).toBe(2);
    for (const outcome of report.results) {
      if (outcome.status !== 'accepted') throw new Error('rejected');
      const detail = (await api(reader, 'GET', `/calls/${outcome.callId}`)).body;
      const caller = detail.transcript.filter((s: { speaker: string }) => s.speaker === 'CUSTOMER');
      expect(caller.map((s: { text: string }) => s.text).join(' ')).toMatch(/\[card\].*\[card\]/);
      expect(JSON.stringify(detail)).not.toMatch(/4111|1111|one one one/);
      expect(caller[0].redactions).toEqual([expect.objectContaining({ kind: 'card-number' })]);
    }
    // The audit log, where the write is recorded, has no card number either.
    const audit = await api(admin, 'GET', '/audit?limit=50');
    expect(JSON.stringify(audit.body)).not.toMatch(/4111 1111|four one one one/);
  });

  it('replaces a re-sent call instead of adding one', async () => {
    const before = await count();
    const again = await api(writer, 'POST', '/calls', samples[0]);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'accepted', replaced: true });
    const batch = (await api(writer, 'POST', '/calls/batch', samples.slice(0, 2))).body;
    expect(batch.results.map((r: { replaced: boolean }) => r.replaced)).toEqual([true, true]);
    expect(await count()).toBe(before);
  });

  it('refuses ingest without the calls.write scope or a role allowed to, and delete to non-admins', async () => {
    const noScope = await t.authority.token({
      scope: 'calls.read settings.write',
      roles: ['admin'],
    });
    const agent = await t.authority.token({ scope: 'calls.read calls.write', roles: ['agent'] });
    for (const token of [noScope, agent, reader]) {
      expect((await api(token, 'POST', '/calls', samples[0])).status).toBe(403);
      expect((await api(token, 'POST', '/calls/batch', samples)).status).toBe(403);
    }
    expect((await api(writer, 'DELETE', '/calls/call-1001')).status).toBe(403);
    expect((await api(writer, 'POST', '/calls/delete', { externalId: 'call-1001' })).status).toBe(
      403,
    );
  });

  it('bounds a batch: too many calls is 413, none is 422', async () => {
    const many = Array.from({ length: t.config.limits.ingestCalls + 1 }, () => ({}));
    expect((await api(writer, 'POST', '/calls/batch', many)).status).toBe(413);
    expect((await api(writer, 'POST', '/calls/batch', [])).status).toBe(422);
  });

  it("keeps a product JSON transcript's scores, length and IVR end, also across a restart", async () => {
    const text = (score: unknown) =>
      JSON.stringify({
        durationMs: 90_000,
        ivrMs: 9_000,
        segments: [
          { speaker: 'IVR', text: 'Welcome to Northwind.', beginMs: 0, endMs: 4_000 },
          { speaker: 'AGENT', text: 'How can I help?', beginMs: 9_500, endMs: 11_000 },
          {
            speaker: 'CUSTOMER',
            text: 'The bill.',
            beginMs: 12_000,
            endMs: 14_000,
            sentimentScore: score,
          },
        ],
      });
    const sent = await api(writer, 'POST', '/calls', {
      metadata: meta('scored-1'),
      transcript: { fileName: 'scored-1.json', text: text(-4.5) },
    });
    expect(sent.status).toBe(201);
    const stored = async () => {
      const { call, transcript } = (await api(reader, 'GET', `/calls/${sent.body.callId}`)).body;
      return {
        durationMs: call.durationMs,
        ivrMs: call.ivrMs,
        score: transcript[2].sentimentScore,
      };
    };
    // Neither re-scored from the words ("The bill." is neutral) nor cut at the last turn.
    expect(await stored()).toEqual({ durationMs: 90_000, ivrMs: 9_000, score: -4.5 });
    const bad = await api(writer, 'POST', '/calls', {
      metadata: meta('scored-2'),
      transcript: { fileName: 'scored-2.json', text: text('very bad') },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual([
      expect.stringMatching(/^transcript: .*sentimentScore/),
    ]);
    await t.restart();
    expect(await stored()).toEqual({ durationMs: 90_000, ivrMs: 9_000, score: -4.5 });
  });

  it('keeps the calls, redacted, with their ingest time across a restart', async () => {
    const before = await count();
    const list = async () =>
      (await api(reader, 'POST', '/calls/query', { filters: ALL_TIME, limit: 50 })).body;
    const ids = (await list()).items.map((r: { id: string }) => r.id);
    const audit = (await api(admin, 'GET', '/audit?limit=50')).body.rows.filter(
      (r: { method: string }) => r.method === 'ingestCalls',
    );
    await t.restart();
    expect(await count()).toBe(before);
    expect((await list()).items.map((r: { id: string }) => r.id)).toEqual(ids);
    const after = (await api(admin, 'GET', '/audit?limit=50')).body.rows.filter(
      (r: { method: string }) => r.method === 'ingestCalls',
    );
    expect(after.map((r: { at: string }) => r.at)).toEqual(audit.map((r: { at: string }) => r.at));
    const found = await api(reader, 'POST', '/search', { expression: 'card', filters: ALL_TIME });
    expect(JSON.stringify(found.body)).not.toMatch(/4111/);
  });

  it('deletes one call, and every call of a customer, from calls, search and kpis', async () => {
    const before = await count();
    const one = await api(admin, 'DELETE', '/calls/call-1002');
    expect(one.status).toBe(200);
    expect(one.body.deleted).toHaveLength(1);
    expect((await api(reader, 'GET', `/calls/${one.body.deleted[0]}`)).status).toBe(404);
    expect(await count()).toBe(before - 1);
    const refunded = () =>
      api(reader, 'POST', '/search', { expression: 'refunded', filters: ALL_TIME });
    expect((await refunded()).body.total).toBe(1);
    const customer = await api(admin, 'DELETE', '/customers/CUST-20418/calls');
    expect(customer.body.deleted).toHaveLength(2);
    expect(await count()).toBe(before - 3);
    expect((await api(reader, 'GET', '/info')).body.calls).toBe(before - 3);
    expect((await refunded()).body.total).toBe(0);
    const list = await api(reader, 'POST', '/calls/query', { filters: ALL_TIME, limit: 50 });
    expect(list.body.total).toBe(before - 3);
    const audit = (await api(admin, 'GET', '/audit?limit=50')).body.rows;
    expect(audit.filter((r: { method: string }) => r.method === 'deleteCalls')).toHaveLength(2);
  });
});
