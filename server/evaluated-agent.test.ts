/**
 * Only the evaluated agent acknowledges or disputes an evaluation (issue 33, 38.5): the agent
 * a token is, is the agent directory's e-mail equal to its preferred_username (evaluated-agent.ts),
 * with the product's roles enforced as `npm start` does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../src/generated/data.types.ts';
import { requestApi, startTestApi } from './test-kit.ts';

describe('only the evaluated agent answers an evaluation', { timeout: 180_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;

  beforeAll(async () => {
    t = await startTestApi(300, { SA_API_PRODUCT_ROLES: 'on' });
  }, 120_000);
  afterAll(async () => {
    await t?.api.service.settled();
    await t?.stop();
  });

  const call = (token: string, verb: string, path: string, body?: unknown) =>
    requestApi(t.api.url, token, verb, path, body);
  /** A token as Entra ID issues one: the sign-in name in preferred_username. */
  const signedIn = (subject: string, name: string, roles: string[], signInName?: string) =>
    t.authority.token({ name, roles, preferred_username: signInName }, { subject });

  let evaluated: Agent;
  let other: Agent;
  let evaluationId = '';

  beforeAll(async () => {
    const rita = await signedIn('rita', 'Rita Reviewer', ['reviewer'], 'rita@callscope.example');
    const list = await call(rita, 'POST', '/v1/calls/query', {
      filters: { status: 'analysed' },
      limit: 1,
    });
    const detail = await call(rita, 'GET', `/v1/calls/${list.body.items[0].id}`);
    evaluated = detail.body.agent;
    const catalog = await call(rita, 'GET', '/v1/catalog');
    other = catalog.body.agents.find((agent: Agent) => agent.id !== evaluated.id);
    const submitted = await call(rita, 'POST', '/v1/evaluations', {
      callId: detail.body.call.id,
      evaluator: 'Rita Reviewer',
      source: 'human',
      answers: detail.body.evaluations[0].answers,
    });
    expect(submitted.status).toBe(200);
    evaluationId = submitted.body.evaluation.id;
  }, 60_000);

  const dispute = (token: string, by = 'x') =>
    call(token, 'PATCH', `/v1/evaluations/${evaluationId}`, {
      action: 'dispute',
      by,
      note: 'The greeting was there',
      baseStatus: 'submitted',
    });

  it('the directory gives every agent a sign-in name', () => {
    expect(evaluated.email).toMatch(/^[a-z]+\.[a-z]+@callscope\.example$/);
    expect(other.email).not.toBe(evaluated.email);
  });

  it('another agent may neither dispute nor acknowledge it, whatever the body says', async () => {
    const leo = await signedIn('leo', other.name, ['agent'], other.email);
    const refused = await dispute(leo, evaluated.name);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      `Only ${evaluated.name}, whose call was evaluated, can dispute this evaluation: you are signed in as ${other.name}.`,
    );
    const acknowledged = await call(leo, 'PATCH', `/v1/evaluations/${evaluationId}`, {
      action: 'acknowledge',
      by: evaluated.name,
      baseStatus: 'submitted',
    });
    expect(acknowledged.status).toBe(403);
  });

  it('an agent whose sign-in name is in no directory entry, or a token without one, may not', async () => {
    const stranger = await signedIn('kim', 'Kim Nobody', ['agent'], 'kim@elsewhere.example');
    expect((await dispute(stranger)).status).toBe(403);
    const nameless = await signedIn('anon', evaluated.name, ['agent']);
    const refused = await dispute(nameless);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('(none in your token)');
  });

  it('a supervisor may not answer for the agent: the role table says only the agent answers', async () => {
    const sky = await signedIn('sky', 'Sky Supervisor', ['supervisor'], evaluated.email);
    expect((await dispute(sky)).status).toBe(403);
  });

  it('the evaluated agent disputes it, named by the token (sign-in name in any case)', async () => {
    const agent = await signedIn(
      'the-agent',
      evaluated.name,
      ['agent'],
      evaluated.email!.toUpperCase(),
    );
    const disputed = await dispute(agent, 'Someone Else');
    expect(disputed.status).toBe(200);
    expect(disputed.body.evaluation.status).toBe('disputed');
    expect(disputed.body.history.at(-1)).toMatchObject({ by: evaluated.name, action: 'dispute' });
  });
});
