/** SA_API_PRODUCT_ROLES=on: the API refuses a role-guarded change to a token without its role. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from './test-kit.ts';

describe('product roles over HTTP', { timeout: 120_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;

  beforeAll(async () => {
    t = await startTestApi(300, { SA_API_PRODUCT_ROLES: 'on' });
  });
  afterAll(async () => {
    // The last write's copy to the live tables finishes before the data directory goes.
    await t?.api.service.settled();
    await t?.stop();
  });

  const post = async (path: string, body: unknown, roles: string[]) => {
    const token = await t.authority.token({ roles });
    const response = await fetch(`${t.api.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  it('lets a reviewer evaluate a call and answers an agent 403 with who may', async () => {
    const queue = await post('/v1/reviews/queue', { sampling: 'random', filters: {} }, []);
    const callId = queue.body.page.items[0].callId as string;
    // The AI's answers, as the evaluation screen starts from them.
    const token = await t.authority.token();
    const calibration = await fetch(`${t.api.url}/v1/calls/${callId}/calibration`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    const answers = (calibration.ai.answers as { evidence?: unknown }[]).map(
      ({ evidence: _e, ...answer }) => answer,
    );
    const evaluation = { callId, evaluator: 'Rita Reviewer', source: 'human', answers };
    const refused = await post('/v1/evaluations', evaluation, ['agent']);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Only a reviewer or a supervisor can evaluate calls: your account is an agent.',
    );
    expect((await post('/v1/evaluations', evaluation, ['reviewer'])).status).toBe(200);
  });

  it("refuses an agent the organisation's settings, metadata imports and lead owners", async () => {
    const patch = async (body: unknown, roles: string[]) => {
      const token = await t.authority.token({ roles });
      const response = await fetch(`${t.api.url}/v1/settings`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    const settings = { smart: { repeatWindowDays: 5 } };
    const refused = await patch(settings, ['agent', 'reviewer']);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Only a supervisor or an administrator can change the analysis and cost settings: your account is an agent and a reviewer.',
    );
    const upload = {
      fileName: 'm.csv',
      csv: 'Call,Brand\n',
      mapping: { callId: 'Call' },
      dryRun: true,
    };
    expect((await post('/v1/metadata-imports', upload, ['agent'])).status).toBe(403);
    expect((await post('/v1/leads/assign', { leadIds: ['x'], ownerAgentId: 'y' }, [])).status).toBe(
      403,
    );
    const allowed = await patch(settings, ['supervisor']);
    expect(allowed.status).toBe(200);
    expect(allowed.body.smart.repeatWindowDays).toBe(5);
  });

  it('lets the quality team schedule on the team calendar and refuses an agent', async () => {
    const send = async (verb: string, path: string, body: unknown, roles: string[]) => {
      const token = await t.authority.token({ roles });
      const response = await fetch(`${t.api.url}${path}`, {
        method: verb,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    };
    const draft = {
      kind: 'calibration',
      title: 'Team calibration',
      at: `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T15:00:00.000Z`,
      repeat: 'none',
      who: ['Rita Reviewer'],
      createdBy: 'Ana',
    };
    const refused = await send('PUT', '/v1/schedules/cal-1', draft, ['agent']);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Only a reviewer, a supervisor or an administrator can put evaluations, calibrations and report deliveries on the team calendar: your account is an agent.',
    );
    expect((await send('PUT', '/v1/schedules/cal-1', draft, ['reviewer'])).status).toBe(200);
    const deletion = { baseVersion: 1 };
    expect((await send('POST', '/v1/schedules/cal-1/delete', deletion, ['agent'])).status).toBe(
      403,
    );
    expect((await send('POST', '/v1/schedules/cal-1/delete', deletion, ['admin'])).status).toBe(
      204,
    );
  });
});
