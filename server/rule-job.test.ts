/**
 * A rule re-run on history over the API: start -> job id -> progress -> done (recorded as the
 * saveRule it amounts to, kept across a restart, numbers equal to the engine's after the same
 * save) or cancelled (no trace: rules, numbers and the audit log as before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../src/data/engine/index.ts';
import { createHttpSource } from '../src/data/http/http-source.ts';
import type { CallDataSource, RuleJob } from '../src/data/source.ts';
import { customerPhraseRule, startTestApi } from './test-kit.ts';

const CALLS = 3_000;
const month = { from: '2026-03-01', to: '2026-04-01' };

async function follow(source: CallDataSource, job: RuleJob): Promise<RuleJob[]> {
  const seen = [job];
  while (seen.at(-1)!.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 5));
    seen.push((await source.ruleJob(job.id))!);
  }
  return seen;
}

describe('rule re-run jobs over the API', { timeout: 120_000 }, () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let http: CallDataSource;

  beforeAll(async () => {
    api = await startTestApi(CALLS);
    http = createHttpSource({ baseUrl: api.api.url, getToken: () => api.authority.token() });
  }, 60_000); // a first start on a busy shared machine
  afterAll(() => api?.stop());

  const audit = async () => {
    const res = await fetch(`${api.api.url}/v1/audit`, {
      headers: { authorization: `Bearer ${await api.authority.token()}` },
    });
    return ((await res.json()) as { total: number; rows: { method: string; target: string }[] })
      .rows;
  };

  it('cancelled: leaves no trace', async () => {
    const before = await http.aggregate({ filters: month, by: 'category' });
    const job = await http.startRuleSave(customerPhraseRule('Mentions a refund', 'refund'));
    expect(job.state).toBe('running');
    const cancelled = await http.cancelRuleJob(job.id);
    expect(['running', 'cancelled']).toContain(cancelled.state);
    const seen = await follow(http, cancelled);
    expect(seen.at(-1)!.state).toBe('cancelled');
    expect((await http.rules()).some((r) => r.name === 'Mentions a refund')).toBe(false);
    expect(await audit()).toEqual([]);
    await api.api.service.settled();
    expect(await http.aggregate({ filters: month, by: 'category' })).toEqual(before);
  });

  it('done: progress to the end, recorded as a save, kept after a restart', async () => {
    const draft = customerPhraseRule('Mentions the ombudsman', 'ombudsman');
    const job = await http.startRuleSave(draft);
    const seen = await follow(http, job);
    const done = seen.at(-1)!;
    expect(done.state).toBe('done');
    expect(done.processed).toBe(CALLS);
    const progress = seen.map((j) => j.processed);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(seen.some((j) => j.processed > 0 && j.processed < CALLS)).toBe(true);

    await api.api.service.settled();
    expect(api.api.service.answeredBy()).toBe('database');
    const [entry] = await audit();
    expect(entry).toMatchObject({ method: 'saveRule', target: done.rule.id });

    const engine = createEmbeddedSource({ calls: CALLS });
    await engine.saveRule(draft);
    const expected = await engine.aggregate({ filters: month, by: 'category' });
    expect(await http.aggregate({ filters: month, by: 'category' })).toEqual(expected);
    // The version keeps the moment it was saved (the start), not the re-run's end (issue 38.3).
    const [saved] = await http.ruleVersions(done.rule.id);
    await api.restart();
    expect((await http.rules()).find((r) => r.id === done.rule.id)).toEqual(done.rule);
    expect((await http.ruleVersions(done.rule.id))[0]).toEqual(saved);
    expect(await http.aggregate({ filters: month, by: 'category' })).toEqual(expected);
  });
});
