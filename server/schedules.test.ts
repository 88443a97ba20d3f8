/** Scheduled calendar entries over the API: saved, on the calendar, kept across a restart, deleted. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestApi, startTestApi } from './test-kit.ts';

describe('scheduled calendar entries over HTTP', { timeout: 120_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;
  let token: string;

  beforeAll(async () => {
    t = await startTestApi(300);
    token = await t.authority.token();
  });
  afterAll(async () => {
    // The last write's copy to the live tables finishes before the data directory goes.
    await t?.api.service.settled();
    await t?.stop();
  });

  const call = (verb: string, path: string, body?: unknown) =>
    requestApi(t.api.url, token, verb, path, body);

  it('saves one, shows it on the calendar, keeps it across a restart and deletes it', async () => {
    // Scheduled times are the user's own, on the calendar's two weeks from today.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const at = `${tomorrow}T15:00:00.000Z`;
    const draft = {
      kind: 'calibration',
      title: 'Team calibration',
      at,
      repeat: 'none',
      who: ['Rita Reviewer'],
      createdBy: 'Ana',
    };
    const saved = await call('PUT', '/v1/schedules/team-cal', draft);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: 'team-cal', version: 1 });
    const bad = await call('PUT', '/v1/schedules/team-cal-2', { ...draft, who: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual(['who: name at least one person']);

    const calendar = (await call('GET', '/v1/me/calendar')).body as { scheduleId?: string }[];
    expect(calendar.filter((e) => e.scheduleId === 'team-cal')).toHaveLength(1);
    // A schedule changes no call: the database's call tables still hold the calls, at once
    // (asked as soon as the write is answered, before any copy to the live tables could end).
    const ana = {
      subject: 'ana',
      name: 'Ana',
      displayName: 'Ana',
      scopes: new Set<string>(),
      roles: [],
    };
    await t.api.service.call('saveSchedule', [{ ...draft, id: 'team-cal-3' }], ana);
    expect(t.api.service.answeredBy()).toBe('database');
    await t.api.service.call('deleteSchedule', [{ id: 'team-cal-3', baseVersion: 1 }], ana);

    await t.restart();
    expect(t.api.service.answeredBy()).toBe('database');
    expect((await call('GET', '/v1/schedules')).body).toMatchObject([
      { id: 'team-cal', title: 'Team calibration', version: 1 },
    ]);
    const stale = await call('POST', '/v1/schedules/team-cal/delete', { baseVersion: 2 });
    expect(stale.status).toBe(409);
    expect((await call('POST', '/v1/schedules/team-cal/delete', { baseVersion: 1 })).status).toBe(
      204,
    );
    expect((await call('GET', '/v1/schedules')).body).toEqual([]);
  });
});
