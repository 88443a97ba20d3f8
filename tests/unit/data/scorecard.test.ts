/**
 * Scorecard reads checked against independent counts: the failed calls of a rule equal the call
 * list it drills to and the calls whose detail shows that rule failed; the section scores are the
 * mean of per-call section scores recomputed from the call pages' evaluations.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { qaScore } from '../../../src/metrics/index.ts';
import { smallSource } from './shared-corpus.ts';

beforeAll(() => void smallSource(), 120_000);

describe('compliance by rule', { timeout: 60_000 }, () => {
  it('counts each rule’s failed calls as the drill-down list and the call pages do', async () => {
    const source = smallSource();
    const catalog = await source.catalog();
    const agentId = catalog.agents[3]!.id;
    const filters = { agentId };
    const result = await source.complianceByRule({ filters });
    const analysed = await source.calls({
      filters: { ...filters, status: 'analysed' },
      limit: 500,
    });
    expect(result.analysedCalls).toBe(analysed.total);
    expect(result.rows.length).toBeGreaterThan(0);

    // Independent count from every call page of the agent.
    const failedByRule = new Map<string, number>();
    const applicableByRule = new Map<string, number>();
    for (const row of analysed.items) {
      const detail = (await source.call(row.id))!;
      for (const r of detail.ruleResults) {
        if (r.kind !== 'compliance') continue;
        applicableByRule.set(r.ruleId, (applicableByRule.get(r.ruleId) ?? 0) + 1);
        if (!r.passed) failedByRule.set(r.ruleId, (failedByRule.get(r.ruleId) ?? 0) + 1);
      }
    }
    for (const row of result.rows) {
      expect(row.failedCalls, row.ruleName).toBe(failedByRule.get(row.ruleId) ?? 0);
      expect(row.applicableCalls, row.ruleName).toBe(applicableByRule.get(row.ruleId) ?? 0);
      expect((await source.calls({ filters: row.filters, limit: 1 })).total).toBe(row.failedCalls);
      if (row.applicableCalls > 0)
        expect(row.failureRate).toBe(row.failedCalls / row.applicableCalls);
    }
    const severities = result.rows.map((r) => ['critical', 'major', 'minor'].indexOf(r.severity));
    expect(severities).toEqual([...severities].sort((a, b) => a - b));
  });
});

describe('QA by section', { timeout: 60_000 }, () => {
  it('averages the latest evaluation’s section scores over the newest evaluated calls', async () => {
    const source = smallSource();
    const catalog = await source.catalog();
    const filters = { vendorId: catalog.vendors[1]!.id };
    const result = await source.qaBySection({ filters, sampleSize: 25 });
    const evaluated = await source.calls({
      filters: { ...filters, evaluated: true },
      sort: { field: 'startedAt', direction: 'desc' },
      limit: 25,
    });
    expect(result.evaluatedCalls).toBe(
      (await source.calls({ filters: { ...filters, evaluated: true }, limit: 1 })).total,
    );
    expect(result.sampledCalls).toBe(Math.min(25, result.evaluatedCalls));
    const form = (await source.evaluationForms()).find((f) => f.active)!;
    expect(result.sections.map((s) => s.sectionId)).toEqual(form.sections.map((s) => s.id));
    for (const section of form.sections) {
      const scores: number[] = [];
      for (const row of evaluated.items) {
        const latest = (await source.call(row.id))!.evaluations.at(-1)!;
        const s = qaScore({ ...form, sections: [section] }, latest.answers).score;
        if (s !== null) scores.push(s);
      }
      const got = result.sections.find((s) => s.sectionId === section.id)!;
      expect(got.scoredCalls).toBe(scores.length);
      expect(got.score).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 10);
    }
  });

  it('rejects a sample size out of range', async () => {
    await expect(smallSource().qaBySection({ filters: {}, sampleSize: 0 })).rejects.toMatchObject({
      code: 'invalid-query',
    });
  });
});
