/**
 * An evaluation can be saved as a draft and continued (issue 38.9): a draft may leave questions
 * unanswered, leaves the call's QA score the AI's and asks nothing of the agent; the next save
 * or submit continues it (same id, history kept), a demo-generated draft too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_STATUSES, callId } from '../../../src/data/corpus/corpus.ts';
import { createEmbeddedSource, type EmbeddedSource } from '../../../src/data/engine/index.ts';
import { SMALL_CORPUS_BUDGET_MS } from './shared-corpus.ts';

describe('evaluation drafts', { timeout: SMALL_CORPUS_BUDGET_MS }, () => {
  let source: EmbeddedSource;
  beforeAll(() => {
    source = createEmbeddedSource({ seed: 7, calls: 2500 });
  }, SMALL_CORPUS_BUDGET_MS);

  /** An analysed call nobody reviewed, and its AI answers. */
  async function unreviewed() {
    const queue = await source.reviewQueue({ sampling: 'random', filters: {}, limit: 1 });
    const id = queue.page.items[0]!.callId;
    const detail = (await source.call(id))!;
    const ai = detail.evaluations.find((e) => e.source === 'ai')!;
    return { id, ai };
  }

  const qaOf = async (id: string) =>
    (await source.calls({ filters: { callId: id } })).items[0]!.qaScore;

  it('saves half an evaluation as a draft, then submits it as the same review', async () => {
    const { id, ai } = await unreviewed();
    const aiScore = await qaOf(id);
    const half = ai.answers.slice(0, 1);
    // A submit needs every question answered; a draft does not.
    await expect(
      source.submitEvaluation({ callId: id, evaluator: 'Rita', source: 'human', answers: half }),
    ).rejects.toMatchObject({ code: 'invalid-query' });
    const draft = await source.submitEvaluation({
      callId: id,
      evaluator: 'Rita',
      source: 'human',
      answers: half,
      draft: true,
    });
    expect(draft.evaluation.status).toBe('draft');
    expect(draft.history.map((h) => h.action)).toEqual(['draft']);
    expect(await qaOf(id)).toBe(aiScore);
    // Not the agent's to answer yet.
    await expect(
      source.updateEvaluation({ id: draft.evaluation.id, action: 'acknowledge', by: 'Agent' }),
    ).rejects.toMatchObject({ code: 'invalid-query' });

    const submitted = await source.submitEvaluation({
      callId: id,
      evaluator: 'Rita',
      source: 'human',
      answers: ai.answers,
    });
    expect(submitted.evaluation.id).toBe(draft.evaluation.id);
    expect(submitted.evaluation.status).toBe('submitted');
    expect(submitted.history.map((h) => h.action)).toEqual(['draft', 'submit']);
    const calibration = await source.calibration(id);
    expect(calibration.reviews.map((r) => r.evaluation.id)).toEqual([draft.evaluation.id]);
    expect(await qaOf(id)).toBeCloseTo(submitted.evaluation.score!, 3);
  });

  it('a generated draft says it was saved, not submitted, and can be continued', async () => {
    const { cols, n } = source.corpus;
    const draftCode = REVIEW_STATUSES.indexOf('draft');
    let i = n - 1;
    while (
      i >= 0 &&
      !(cols.status[i] === 0 && cols.reviewSource[i] === 1 && cols.reviewStatus[i] === draftCode)
    )
      i--;
    expect(i).toBeGreaterThanOrEqual(0);
    const id = callId(i);
    const before = await source.calibration(id);
    const generated = before.reviews.at(-1)!;
    expect(generated.evaluation.status).toBe('draft');
    expect(generated.history.map((h) => h.action)).toEqual(['draft']);

    const submitted = await source.submitEvaluation({
      callId: id,
      evaluator: 'Avery Quinn',
      source: 'human',
      answers: before.ai!.answers,
    });
    expect(submitted.evaluation.id).toBe(generated.evaluation.id);
    expect(submitted.history.map((h) => [h.by, h.action])).toEqual([
      [generated.evaluation.evaluator, 'draft'],
      ['Avery Quinn', 'submit'],
    ]);
    expect((await source.calibration(id)).reviews).toHaveLength(1);
  });
});
