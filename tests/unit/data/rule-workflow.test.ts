import { describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import type { RuleDraft, RuleJob } from '../../../src/data/source.ts';

const strictRule: RuleDraft = {
  name: 'Says sorry',
  kind: 'compliance',
  active: true,
  scope: { direction: 'inbound' },
  severity: 'major',
  points: 2,
  condition: { phrase: { terms: ['sorry'], speaker: 'AGENT' } },
};
const all = { from: '2000-01-01', to: '2100-01-01' };

async function settle(source: ReturnType<typeof createEmbeddedSource>, job: RuleJob) {
  let now: RuleJob | null = job;
  while (now?.state === 'running') {
    await new Promise((r) => setTimeout(r, 5));
    now = await source.ruleJob(job.id);
  }
  return now!;
}

describe('rule statistics, versions and the re-run job', { timeout: 60_000 }, () => {
  it('counts each rule’s hits exactly as the call list its drill-down opens', async () => {
    const source = createEmbeddedSource({ seed: 31, calls: 400 });
    const stats = await source.ruleStats(all);
    const rules = await source.rules();
    expect(stats.map((s) => s.ruleId)).toEqual(rules.map((r) => r.id));
    for (const s of stats) {
      expect((await source.calls({ filters: s.drillDown, limit: 1 })).total).toBe(s.hits);
      expect(s.hits).toBeLessThanOrEqual(s.applicableCalls);
    }
    const compliance = stats.find((s) => s.ruleId === 'rule-identity-verification')!;
    expect(compliance.failureRate).toBeCloseTo(compliance.hits / compliance.applicableCalls, 10);
  });

  it('saves as a job, re-runs history with progress, and keeps every version', async () => {
    const source = createEmbeddedSource({ seed: 32, calls: 1200 });
    const job = await source.startRuleSave(strictRule);
    expect(job).toMatchObject({ state: 'running', processed: 0, total: 1200 });
    const done = await settle(source, job);
    expect(done).toMatchObject({ state: 'done', processed: 1200 });
    const failing = await source.calls({ filters: { failedRuleId: job.rule.id }, limit: 1 });
    const stats = (await source.ruleStats(all)).find((s) => s.ruleId === job.rule.id)!;
    expect(failing.total).toBe(stats.hits);
    expect(stats.hits).toBeGreaterThan(0);
    const second = await settle(
      source,
      await source.startRuleSave({
        ...strictRule,
        id: job.rule.id,
        severity: 'critical',
        baseVersion: 1,
      }),
    );
    expect(second.rule.version).toBe(2);
    const versions = await source.ruleVersions(job.rule.id);
    expect(versions.map((v) => [v.rule.version, v.rule.severity])).toEqual([
      [2, 'critical'],
      [1, 'major'],
    ]);
    expect(versions[0]!.rule).not.toHaveProperty('baseVersion');
    expect(Date.parse(versions[0]!.savedAt!)).toBeGreaterThan(0);
    expect(versions[1]!.savedAt).not.toBeNull();
    await source.deleteRule(job.rule.id);
    const undone = await source.saveRule({
      ...strictRule,
      id: job.rule.id,
      restoreDeleted: true,
    });
    expect(undone.rule.version).toBe(3);
  });

  it('cancel undoes the save: rules, results and versions as before', async () => {
    const source = createEmbeddedSource({ seed: 33, calls: 2000 });
    const before = (await source.kpis({ filters: all })).current;
    const rulesBefore = await source.rules();
    const job = await source.startRuleSave(strictRule);
    await expect(source.saveSettings({ smart: { repeatWindowDays: 3 } })).rejects.toMatchObject({
      code: 'unavailable',
    });
    await source.cancelRuleJob(job.id);
    const ended = await settle(source, job);
    expect(ended.state).toBe('cancelled');
    expect(await source.rules()).toEqual(rulesBefore);
    expect((await source.kpis({ filters: all })).current).toEqual(before);
    expect(await source.ruleVersions(job.rule.id)).toEqual([]);
  });
});

describe('rule preview', { timeout: 60_000 }, () => {
  const conditions: RuleDraft['condition'][] = [
    { phrase: { terms: ['cancel'], speaker: 'CUSTOMER' } },
    { phrase: { terms: ['recorded'], speaker: 'AGENT', window: { firstSec: 30 } }, negate: true },
    {
      all: [
        { phrase: { terms: ['refund'], near: { terms: ['days'], words: 8 } } },
        { not: { attribute: { field: 'direction', in: ['outbound'] } } },
      ],
    },
    { any: [{ interruptions: { over: 2, by: 'AGENT' } }, { nonTalk: { overSec: 20 } }] },
    { sentiment: { speaker: 'CUSTOMER', part: 'end', below: -0.5 } },
    // Decided from the stored columns without a transcript (rule-verdict.ts), in negations too.
    {
      not: {
        any: [
          { interruptions: { over: 1, by: 'CUSTOMER' } },
          { attribute: { field: 'durationSec', over: 300 } },
        ],
      },
    },
    { all: [{ nonTalk: { overSec: 2 } }, { not: { phrase: { terms: ['cancel'] } } }] },
    { not: { phrase: { terms: ['lawyer'], near: { terms: ['refund'], words: 5 } }, negate: true } },
  ];
  it('counts exactly what the saved rule then fails, for every condition kind', async () => {
    const source = createEmbeddedSource({ seed: 34, calls: 700 });
    for (const [k, condition] of conditions.entries()) {
      const draft: RuleDraft = { ...strictRule, name: `Preview check ${k}`, condition };
      const preview = await source.previewRule({ rule: draft, sampleSize: 1_000_000 });
      const saved = await source.saveRule(draft);
      const failing = await source.calls({ filters: { failedRuleId: saved.rule.id }, limit: 1 });
      expect(failing.total, JSON.stringify(condition)).toBe(preview.hits);
      const listed = await source.calls({ filters: { callId: preview.hitCallIds }, limit: 1 });
      expect(listed.total).toBe(preview.hits);
      await source.deleteRule(saved.rule.id);
    }
  });
});
