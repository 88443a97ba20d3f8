/**
 * Each signed-in user has their own inbox marks, preferences and calendar (issue 33): whose they
 * are is the verified token's subject (acting-user.ts), never the body, and each user's survive
 * a restart (the write log keeps whose they were).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestApi, startTestApi } from './test-kit.ts';

describe('inbox and preferences are per user', { timeout: 240_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;

  beforeAll(async () => {
    t = await startTestApi(300);
  }, 120_000);
  afterAll(async () => {
    await t?.api.service.settled();
    await t?.stop();
  });

  const person = (subject: string) => t.authority.token({}, { subject });
  const call = async (subject: string, verb: string, path: string, body?: unknown) =>
    requestApi(t.api.url, await person(subject), verb, path, body);
  const readIds = (items: { id: string; read: boolean }[]) =>
    items.filter((item) => item.read).map((item) => item.id);

  let alert = '';

  it('what one user marks read and prefers, another does not see', async () => {
    const before = await call('user-a', 'GET', '/v1/me/inbox');
    expect(before.status).toBe(200);
    expect(before.body.length).toBeGreaterThan(0);
    alert = before.body[0].id;

    const marked = await call('user-a', 'POST', '/v1/me/inbox/read', { ids: [alert], read: true });
    expect(marked.status).toBe(200);
    expect(readIds(marked.body)).toEqual([alert]);
    expect(readIds((await call('user-a', 'GET', '/v1/me/inbox')).body)).toEqual([alert]);
    expect(readIds((await call('user-b', 'GET', '/v1/me/inbox')).body)).toEqual([]);

    const saved = await call('user-a', 'PATCH', '/v1/me/preferences', {
      inboxShows: 'unread',
      reportDigest: 'daily',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ inboxShows: 'unread', reportDigest: 'daily' });
    expect((await call('user-b', 'GET', '/v1/me/preferences')).body).toEqual({
      inboxShows: 'all',
      reportDigest: 'weekly',
    });
    // The calendar's report deliveries follow each user's digest.
    const deliveries = async (subject: string) =>
      new Set(
        (await call(subject, 'GET', '/v1/me/calendar')).body
          .filter((entry: { id: string }) => entry.id.startsWith('report:'))
          .map((entry: { id: string }) => entry.id.split(':')[1]),
      );
    expect(await deliveries('user-a')).toContain('daily');
    expect(await deliveries('user-b')).not.toContain('daily');
  });

  it('the same request from another user is that user’s write, not a repeat of the first', async () => {
    const marked = await call('user-b', 'POST', '/v1/me/inbox/read', { ids: [alert], read: true });
    expect(readIds(marked.body)).toEqual([alert]);
    await call('user-b', 'POST', '/v1/me/inbox/read', { ids: [alert], read: false });
    expect(readIds((await call('user-b', 'GET', '/v1/me/inbox')).body)).toEqual([]);
    expect(readIds((await call('user-a', 'GET', '/v1/me/inbox')).body)).toEqual([alert]);
    // A preference patch is weighed against user B's own: what B has already is no write (no
    // audit row), what only user A has is one.
    const sameAsA = await call('user-b', 'PATCH', '/v1/me/preferences', { reportDigest: 'daily' });
    expect(sameAsA.body).toEqual({ inboxShows: 'all', reportDigest: 'daily' });
    const rows = (await t.api.service.audit(0, 1)).total;
    const unchanged = await call('user-b', 'PATCH', '/v1/me/preferences', {
      inboxShows: 'all',
      reportDigest: 'daily',
    });
    expect(unchanged.body).toEqual({ inboxShows: 'all', reportDigest: 'daily' });
    expect((await t.api.service.audit(0, 1)).total).toBe(rows);
    // Back to what a user with no preferences has: still a change of user B's.
    await call('user-b', 'PATCH', '/v1/me/preferences', { reportDigest: 'weekly' });
    expect((await call('user-b', 'GET', '/v1/me/preferences')).body.reportDigest).toBe('weekly');
  });

  it('a body naming another user is refused and changes nobody’s', async () => {
    const named = await call('user-b', 'POST', '/v1/me/inbox/read', {
      ids: [alert],
      read: false,
      user: 'user-a',
    });
    expect(named.status).toBe(400);
    expect(named.body.error.details.join(' ')).toMatch(/user/);
    const prefs = await call('user-b', 'PATCH', '/v1/me/preferences', {
      inboxShows: 'unread',
      user: 'user-a',
    });
    expect(prefs.status).toBe(400);
    expect(readIds((await call('user-a', 'GET', '/v1/me/inbox')).body)).toEqual([alert]);
    expect((await call('user-b', 'GET', '/v1/me/preferences')).body.inboxShows).toBe('all');
  });

  it('each user’s marks and preferences survive a restart', async () => {
    await t.api.service.settled();
    await t.restart();
    expect(readIds((await call('user-a', 'GET', '/v1/me/inbox')).body)).toEqual([alert]);
    expect(readIds((await call('user-b', 'GET', '/v1/me/inbox')).body)).toEqual([]);
    expect((await call('user-a', 'GET', '/v1/me/preferences')).body).toEqual({
      inboxShows: 'unread',
      reportDigest: 'daily',
    });
    expect((await call('user-b', 'GET', '/v1/me/preferences')).body).toEqual({
      inboxShows: 'all',
      reportDigest: 'weekly',
    });
  });
});
