/**
 * Retention (SA_API_RETENTION_DAYS): at start, a call older than the period goes with its
 * recording and the audit log names the system; a newer one stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telephoneWav } from '../tests/audio-fixtures.ts';
import { audioOf } from './audio/index.ts';
import { requestApi, startTestApi } from './test-kit.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ALL_TIME = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

/**
 * Tests pin the deployment's last day (tests/corpus-day.ts), so calls start before it; retention
 * counts from the wall clock, so the period is set to end between the two calls.
 */
const OLD_START = '2026-01-05T10:00:00Z';
const NEW_START = '2026-03-25T10:00:00Z';
const DAYS = Math.floor((Date.now() - Date.parse('2026-02-15T00:00:00Z')) / DAY_MS);

function record(id: string, startedAt: string) {
  return {
    metadata: {
      id,
      startedAt,
      direction: 'inbound',
      agent: 'Maria Lopez',
      vendor: 'Northwind In-house',
      customer: `CUST-${id}`,
    },
    transcript: {
      fileName: `${id}.json`,
      text: JSON.stringify({
        segments: [
          { speaker: 'AGENT', text: 'Hello, how can I help?', beginMs: 0, endMs: 2000 },
          { speaker: 'CUSTOMER', text: 'My bill is wrong.', beginMs: 2500, endMs: 4000 },
        ],
      }),
    },
  };
}

describe('retention', () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;
  let writer: string;
  let reader: string;
  const ids: Record<string, string> = {};
  const served = async () =>
    (await requestApi(t.api.url, reader, 'POST', '/v1/kpis', { filters: ALL_TIME })).body.current
      .calls as number;

  beforeAll(async () => {
    t = await startTestApi(500, { SA_API_DEMO: 'off', SA_API_RETENTION_DAYS: String(DAYS) });
    writer = await t.authority.token({ scope: 'calls.read calls.write', roles: ['supervisor'] });
    reader = await t.authority.token({ scope: 'calls.read' });
  });
  afterAll(() => t?.stop());

  it('deletes a call older than the period with its audio, keeps a newer one, audited', async () => {
    expect(await t.api.retention!.latest).toEqual([]);
    for (const [id, startedAt] of [
      ['old-1', OLD_START],
      ['new-1', NEW_START],
    ] as const) {
      const answer = await requestApi(
        t.api.url,
        writer,
        'POST',
        '/v1/calls',
        record(id, startedAt),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      ids[id] = answer.body.callId as string;
      const put = await fetch(`${t.api.url}/v1/calls/${ids[id]}/audio`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${writer}`, 'content-type': 'audio/wav' },
        body: telephoneWav(4000) as Uint8Array<ArrayBuffer>,
      });
      expect(put.status).toBe(201);
    }
    expect(await served()).toBe(2);

    // Retention runs at start: the restart is the deployment's next start.
    await t.restart();
    expect(await t.api.retention!.latest).toEqual([ids['old-1']]);
    expect(await served()).toBe(1);
    const audio = audioOf(t.config).calls;
    expect(await audio.entry(ids['old-1']!)).toBeNull();
    expect(await audio.entry(ids['new-1']!)).not.toBeNull();
    const [row] = (await t.api.service.audit(0, 1)).rows;
    expect(row).toMatchObject({
      actor: 'retention (SA_API_RETENTION_DAYS)',
      subject: 'system:retention',
      method: 'deleteCalls',
      request: { callId: ids['old-1'] },
    });
  });
});
