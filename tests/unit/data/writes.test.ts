import { describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import type { RuleDraft } from '../../../src/data/source.ts';

const newRule: RuleDraft = {
  name: 'Mentions the ombudsman',
  kind: 'category',
  active: true,
  scope: {},
  severity: 'minor',
  points: 1,
  condition: { phrase: { terms: ['ombudsman'], speaker: 'CUSTOMER' } },
};

describe('writes that settings need', { timeout: 60_000 }, () => {
  it('previews, saves (re-running history) and deletes a rule', async () => {
    const source = createEmbeddedSource({ seed: 11, calls: 1200 });
    const preview = await source.previewRule({ rule: newRule, sampleSize: 1200 });
    expect(preview.evaluatedCalls).toBeGreaterThan(0);
    expect(preview.hits).toBeGreaterThan(0);
    expect(preview.examples[0]!.evidence[0]!.text.toLowerCase()).toContain('ombudsman');
    const saved = await source.saveRule(newRule);
    expect(saved.rule).toMatchObject({ id: 'rule-mentions-the-ombudsman', version: 1 });
    const tagged = await source.calls({ filters: { category: saved.rule.id }, limit: 1 });
    expect(tagged.total).toBe(preview.hits);
    const again = await source.saveRule({ ...newRule, id: saved.rule.id, active: false });
    expect(again.rule.version).toBe(2);
    expect((await source.catalog()).categories.map((c) => c.id)).not.toContain(saved.rule.id);
    await source.deleteRule(saved.rule.id);
    expect((await source.rules()).some((r) => r.id === saved.rule.id)).toBe(false);
  });

  it('deactivating a critical compliance rule changes the compliance numbers', async () => {
    const source = createEmbeddedSource({ seed: 12, calls: 800 });
    const all = { from: '2000-01-01', to: '2100-01-01' };
    const before = (await source.kpis({ filters: all })).current.nonCompliantCalls;
    const rule = (await source.rules()).find((r) => r.id === 'rule-identity-verification')!;
    await source.saveRule({ ...rule, active: false });
    const after = (await source.kpis({ filters: all })).current.nonCompliantCalls;
    expect(after).toBeLessThan(before);
  });

  it('rejects invalid rules with every problem listed', async () => {
    const source = createEmbeddedSource({ seed: 13, calls: 50 });
    await expect(
      source.saveRule({
        ...newRule,
        name: '',
        points: 0,
        condition: { phrase: { terms: [] as unknown as [string] } },
      }),
    ).rejects.toMatchObject({
      code: 'invalid-query',
      details: [
        'name: must not be empty',
        'condition.phrase.terms: must list at least one value',
        'points: must be a number above 0',
      ],
    });
    await expect(source.saveRule({ ...newRule, id: 'missing' })).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('smart settings change the numbers that depend on them', async () => {
    const source = createEmbeddedSource({ seed: 14, calls: 1500 });
    const all = { from: '2000-01-01', to: '2100-01-01' };
    const before = (await source.kpis({ filters: all })).current;
    await source.saveSettings({ smart: { repeatWindowDays: 1, silenceThresholdMs: 2000 } });
    const after = (await source.kpis({ filters: all })).current;
    expect(after.followedByRepeatCalls).toBeLessThan(before.followedByRepeatCalls);
    expect(after.silenceShare!).toBeGreaterThan(before.silenceShare!);
    await expect(source.saveSettings({ smart: { repeatWindowDays: 0 } })).rejects.toThrow(
      /repeatWindowDays/,
    );
    await expect(source.saveSettings({ smart: { churnMediumScore: 0.9 } })).rejects.toThrow(
      /medium churn score/,
    );
  });

  it('imports metadata all-or-nothing with row-level errors', async () => {
    const source = createEmbeddedSource({ seed: 15, calls: 300 });
    const mapping = { callId: 'Call', brand: 'Brand', disposition: 'Outcome' };
    const bad = await source.importMetadata({
      fileName: 'meta.csv',
      mapping,
      csv: 'Call,Brand,Outcome\ncall-000001,Acme,SALE\ncall-999999,Acme,SALE\ncall-000002,,NOPE\n',
    });
    expect(bad.applied).toBe(false);
    expect(bad.errors.map((e) => e.row)).toEqual([3, 4, 4]);
    expect((await source.call('call-000001'))!.call.brand).not.toBe('Acme');
    const good = await source.importMetadata({
      fileName: 'meta.csv',
      mapping,
      csv: 'Call,Brand,Outcome\r\ncall-000001,"Acme, Inc.",SALE\r\n',
    });
    expect(good).toMatchObject({ applied: true, rows: 1, errors: [] });
    const detail = (await source.call('call-000001'))!;
    expect(detail.call.brand).toBe('Acme, Inc.');
    expect(detail.call.disposition.code).toBe('SALE');
    const missing = await source.importMetadata({ fileName: 'x.csv', mapping, csv: 'Id,Brand\n' });
    expect(missing.errors[0]!.message).toMatch(/No column "Call"/);
  });

  it('publishes a new form version without changing scores already given', async () => {
    const source = createEmbeddedSource({ seed: 16, calls: 200 });
    const [form] = await source.evaluationForms();
    const { version: _v, ...draft } = form!;
    const saved = await source.saveEvaluationForm({ ...draft, name: 'Call quality v2' });
    expect(saved.version).toBe(2);
    const forms = await source.evaluationForms();
    expect(forms.map((f) => [f.version, f.active])).toEqual([
      [2, true],
      [1, false],
    ]);
    // Publishing never changes scores already given: stored calls keep version 1's scores.
    const row = (await source.calls({ filters: { status: 'analysed' }, limit: 1 })).items[0]!;
    const ai = (await source.call(row.id))!.evaluations[0]!;
    expect(ai.formVersion).toBe(1);
    expect(row.qaScore).toBe(
      (await source.calls({ filters: { callId: row.id } })).items[0]!.qaScore,
    );
    // A review submitted now uses the published version.
    const review = await source.submitEvaluation({
      callId: row.id,
      evaluator: 'Rita Reviewer',
      source: 'human',
      answers: ai.answers,
    });
    expect(review.evaluation.formVersion).toBe(2);
  });
});

describe('inactive form versions', { timeout: 60_000 }, () => {
  it('are kept but not used by the AI', async () => {
    const source = createEmbeddedSource({ seed: 17, calls: 150 });
    const [form] = await source.evaluationForms();
    const { version: _v, ...draft } = form!;
    const saved = await source.saveEvaluationForm({ ...draft, name: 'Draft form', active: false });
    expect(saved.version).toBe(2);
    const row = (await source.calls({ filters: { status: 'analysed' }, limit: 1 })).items[0]!;
    expect((await source.call(row.id))!.evaluations[0]!.formVersion).toBe(1);
  });
});
