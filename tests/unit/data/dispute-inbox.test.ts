/**
 * The inbox names a dispute's real actor at its real time (issue 38.5): the dispute step of the
 * evaluation's history, not the call's agent a day after the call; an old call's fresh dispute
 * is listed among the newest.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callId } from '../../../src/data/corpus/corpus.ts';
import {
  createEmbeddedSource,
  writingAt,
  type EmbeddedSource,
} from '../../../src/data/engine/index.ts';
import { SMALL_CORPUS_BUDGET_MS } from './shared-corpus.ts';

describe('a dispute in the inbox', { timeout: SMALL_CORPUS_BUDGET_MS }, () => {
  let source: EmbeddedSource;
  beforeAll(() => {
    source = createEmbeddedSource({ seed: 7, calls: 2500 });
  }, SMALL_CORPUS_BUDGET_MS);

  it('names who disputed and when, and comes first even for the oldest call', async () => {
    const { cols, n } = source.corpus;
    let i = 0;
    while (i < n && cols.status[i] !== 0) i++;
    const id = callId(i);
    const ai = (await source.call(id))!.evaluations.find((e) => e.source === 'ai')!;
    const submitted = await source.submitEvaluation({
      callId: id,
      evaluator: 'Rita Reviewer',
      source: 'human',
      answers: ai.answers,
    });
    // A moment after the data's end, as a dispute made today is.
    const at = new Date(source.corpus.toMs + 3_600_000).toISOString();
    await writingAt(source.corpus, at, () =>
      source.updateEvaluation({
        id: submitted.evaluation.id,
        action: 'dispute',
        by: 'Someone Disputing',
        note: 'The greeting was there',
      }),
    );
    const inbox = await source.inbox();
    const disputes = inbox.filter((item) => item.kind === 'dispute');
    expect(disputes[0]).toMatchObject({
      id: `dispute:${id}`,
      title: `Someone Disputing disputes the evaluation of ${id}`,
      at,
    });
    // Generated disputes are dated within the data, never after its end.
    for (const item of disputes.slice(1))
      expect(Date.parse(item.at)).toBeLessThanOrEqual(source.corpus.toMs);
  });
});
