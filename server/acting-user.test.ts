/**
 * Who acted and who owns come from the verified token, never from the body (acting-user.ts),
 * with the product's roles enforced as `npm start` does: evaluations and disputes name the
 * token's user, a scheduled entry is its creator's, saved searches belong to the token's
 * subject (a token with no e-mail, as the local provider's), the audit log is the admin's, and
 * a restart keeps every history's times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPhraseRule, requestApi, startTestApi } from './test-kit.ts';

describe('the acting user is the token’s', { timeout: 180_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;

  beforeAll(async () => {
    t = await startTestApi(300, { SA_API_PRODUCT_ROLES: 'on' });
  }, 120_000);
  afterAll(async () => {
    await t?.api.service.settled();
    await t?.stop();
  });

  /** A token for one person: subject, display name and product roles, no e-mail. */
  const person = (subject: string, name: string, roles: string[]) =>
    t.authority.token({ name, roles, preferred_username: undefined }, { subject });

  const call = (token: string, verb: string, path: string, body?: unknown) =>
    requestApi(t.api.url, token, verb, path, body);

  let evaluatedCall = '';
  let ruleId = '';

  it('an evaluation names the token’s reviewer, and a dispute the token’s agent', async () => {
    const rita = await person('rita', 'Rita Reviewer', ['reviewer']);
    const list = await call(rita, 'POST', '/v1/calls/query', {
      filters: { status: 'analysed' },
      limit: 1,
    });
    evaluatedCall = list.body.items[0].id;
    const detail = await call(rita, 'GET', `/v1/calls/${evaluatedCall}`);
    const submitted = await call(rita, 'POST', '/v1/evaluations', {
      callId: evaluatedCall,
      evaluator: 'Someone Else',
      source: 'human',
      answers: detail.body.evaluations[0].answers,
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.evaluation.evaluator).toBe('Rita Reviewer');
    expect(submitted.body.history.map((step: { by: string }) => step.by)).toEqual([
      'Rita Reviewer',
    ]);

    // The call's agent, signed in with the directory's sign-in name (evaluated-agent.ts).
    const agent = detail.body.agent;
    const jordan = await t.authority.token(
      { name: agent.name, roles: ['agent'], preferred_username: agent.email },
      { subject: 'agent-subject' },
    );
    const disputed = await call(
      jordan,
      'PATCH',
      `/v1/evaluations/${submitted.body.evaluation.id}`,
      {
        action: 'dispute',
        by: 'Leo Rossi',
        note: 'The customer asked for it',
        baseStatus: 'submitted',
      },
    );
    expect(disputed.status).toBe(200);
    expect(disputed.body.history.at(-1)).toMatchObject({ by: agent.name, action: 'dispute' });
  });

  it('a scheduled entry is its creator’s: another reviewer may not change or delete it', async () => {
    const rita = await person('rita', 'Rita Reviewer', ['reviewer']);
    const sam = await person('sam', 'Sam Reviewer', ['reviewer']);
    const sky = await person('sky', 'Sky Supervisor', ['supervisor']);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const draft = {
      kind: 'calibration',
      title: 'Team calibration',
      at: `${tomorrow}T15:00:00.000Z`,
      repeat: 'none',
      who: ['Rita Reviewer'],
      createdBy: 'alice@example',
    };
    const created = await call(rita, 'PUT', '/v1/schedules/plan-1', draft);
    expect(created.status).toBe(200);
    expect(created.body.createdBy).toBe('Rita Reviewer');

    const rewrite = await call(sam, 'PUT', '/v1/schedules/plan-1', {
      ...draft,
      title: 'Mine now',
      baseVersion: 1,
    });
    expect(rewrite.status).toBe(403);
    const removal = await call(sam, 'POST', '/v1/schedules/plan-1/delete', { baseVersion: 1 });
    expect(removal.status).toBe(403);

    // A supervisor plans for the team; the entry stays Rita's.
    const changed = await call(sky, 'PUT', '/v1/schedules/plan-1', {
      ...draft,
      title: 'Team calibration (moved)',
      baseVersion: 1,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ createdBy: 'Rita Reviewer', version: 2 });
    const deleted = await call(rita, 'POST', '/v1/schedules/plan-1/delete', { baseVersion: 2 });
    expect(deleted.status).toBe(204);
  });

  it('saved searches are the token subject’s, whatever owner the body names', async () => {
    const avery = await person('avery-quinn', 'Avery Quinn', ['supervisor']);
    const jordan = await person('jordan', 'Jordan Blake', ['agent']);
    const saved = await call(avery, 'PUT', '/v1/me/saved-searches/refunds', {
      owner: 'acme/avery@callscope.example',
      id: 'refunds',
      name: 'Refunds',
      expression: 'refund',
    });
    expect(saved.status).toBe(200);
    const mine = await call(avery, 'POST', '/v1/me/saved-searches/query', { owner: 'acme/x' });
    expect(mine.body.map((s: { id: string }) => s.id)).toEqual(['refunds']);
    // Naming Avery as the owner shows Jordan only Jordan's own (none).
    const theirs = await call(jordan, 'POST', '/v1/me/saved-searches/query', {
      owner: 'acme/avery-quinn',
    });
    expect(theirs.body).toEqual([]);
    const left = await call(avery, 'POST', '/v1/me/saved-searches/refunds/delete', {
      owner: 'acme/avery@callscope.example',
    });
    expect(left.status).toBe(200);
    expect(left.body).toEqual([]);
  });

  it('the audit log is read by an admin only', async () => {
    const rita = await person('rita', 'Rita Reviewer', ['reviewer']);
    const root = await person('root', 'Ada Admin', ['admin']);
    expect((await call(rita, 'GET', '/v1/audit')).status).toBe(403);
    const audit = await call(root, 'GET', '/v1/audit');
    expect(audit.status).toBe(200);
    expect(audit.body.rows.map((row: { actor: string }) => row.actor)).toContain('Rita Reviewer');
  });

  it('a restart keeps the times of rule versions, imports and evaluation steps', async () => {
    const sky = await person('sky', 'Sky Supervisor', ['supervisor']);
    const saved = await call(
      sky,
      'POST',
      '/v1/rules',
      customerPhraseRule('Ombudsman', 'ombudsman'),
    );
    expect(saved.status).toBe(200);
    ruleId = saved.body.rule.id;
    const imported = await call(sky, 'POST', '/v1/metadata-imports', {
      fileName: 'meta.csv',
      mapping: { callId: 'Call', brand: 'Brand' },
      csv: `Call,Brand\n${evaluatedCall},Acme\n`,
    });
    expect(imported.status).toBe(200);
    const undone = await call(sky, 'POST', `/v1/metadata-imports/${imported.body.id}/undo`);
    expect(undone.status).toBe(200);
    await t.api.service.settled();

    const histories = async () => ({
      versions: (await call(sky, 'GET', `/v1/rules/${ruleId}/versions`)).body,
      imports: (await call(sky, 'GET', '/v1/metadata-imports')).body,
      evaluations: (await call(sky, 'GET', `/v1/calls/${evaluatedCall}`)).body.evaluations,
      calibration: (await call(sky, 'GET', `/v1/calls/${evaluatedCall}/calibration`)).body,
    });
    const before = await histories();
    await t.restart();
    expect(await histories()).toEqual(before);
  });
});
