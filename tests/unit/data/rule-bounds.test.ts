/**
 * What the store itself refuses (the API server runs the same engine): points and form numbers
 * beyond their bounds, a second rule of the same name, and no false problem for a phrase
 * condition's `negate` when the phrase is incomplete.
 */
import { describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import type { EvaluationFormDraft, RuleDraft } from '../../../src/data/source.ts';
import { ruleDraftProblems } from '../../../src/data/rules/draft-problems.ts';

const rule = (name: string, points = 2): RuleDraft => ({
  name,
  kind: 'compliance',
  active: true,
  scope: {},
  severity: 'major',
  points,
  condition: { phrase: { terms: ['thank you'], speaker: 'AGENT' }, negate: true },
});

describe('bounds and unique names, in the store', { timeout: 60_000 }, () => {
  it('refuses points above 100 and a name another rule has, whatever its case and spaces', async () => {
    const source = createEmbeddedSource({ calls: 200, seed: 7 });
    await expect(source.saveRule(rule('Thanks', 999_999_999))).rejects.toMatchObject({
      code: 'invalid-query',
      details: ['points: must be at most 100'],
    });
    const saved = (await source.saveRule(rule('Says thanks'))).rule;
    await expect(source.saveRule(rule('  says   THANKS '))).rejects.toMatchObject({
      code: 'invalid-query',
      details: ['name: another rule is already called “Says thanks”'],
    });
    // The rule keeps its own name on a new version.
    const next = await source.saveRule({ ...rule('Says thanks', 3), id: saved.id, baseVersion: 1 });
    expect(next.rule).toMatchObject({ name: 'Says thanks', version: 2, points: 3 });
    expect((await source.rules()).filter((r) => r.name === 'Says thanks')).toHaveLength(1);
  });

  it('refuses form weights and points beyond their bounds', async () => {
    const source = createEmbeddedSource({ calls: 200, seed: 7 });
    const [form] = await source.evaluationForms();
    const section = form!.sections[0]!;
    const question = section.questions.find((q) => q.options && q.options.length > 0)!;
    const { version: _v, ...stored } = form!;
    const draft: EvaluationFormDraft = {
      ...stored,
      baseVersion: form!.version,
      sections: [
        {
          ...section,
          weight: 1000,
          questions: [
            {
              ...question,
              options: question.options!.map((o, k) => (k === 0 ? { ...o, points: 1e9 } : o)),
            },
          ],
        },
      ],
    };
    await expect(source.saveEvaluationForm(draft)).rejects.toMatchObject({
      code: 'invalid-query',
      details: [
        'sections[0].weight: must be at most 10',
        'sections[0].questions[0].options[0].points: must be from 0 to 100',
      ],
    });
  });

  it('names only the real problems of an incomplete negated phrase', () => {
    const draft = { ...rule(''), condition: { phrase: { terms: [''] as [string] }, negate: true } };
    expect(ruleDraftProblems(draft)).toEqual([
      'name: must not be empty',
      'condition.phrase.terms[0]: must not be empty',
      'condition.phrase.terms[0]: must not be blank',
    ]);
  });
});
