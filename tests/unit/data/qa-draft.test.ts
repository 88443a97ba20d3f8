import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_STATUSES } from '../../../src/data/corpus/corpus.ts';
import { SMALL_CORPUS_BUDGET_MS, smallSource } from './shared-corpus.ts';

// The corpus is generated once, in its own budget, not in the first test's.
beforeAll(() => void smallSource(), SMALL_CORPUS_BUDGET_MS);

describe('QA score of a call with a human review', { timeout: SMALL_CORPUS_BUDGET_MS }, () => {
  it('a review in draft leaves the AI score; a submitted one replaces it', () => {
    const { cols, n } = smallSource().corpus;
    let drafts = 0;
    let submitted = 0;
    for (let i = 0; i < n; i++) {
      if (cols.status[i] !== 0 || !cols.reviewSource[i]) continue;
      const status = REVIEW_STATUSES[cols.reviewStatus[i]!];
      const expected = status === 'draft' ? cols.aiQaScore[i]! : cols.reviewScore[i]!;
      expect(Object.is(cols.qaScore[i], expected), `call ${i} (${status})`).toBe(true);
      if (status === 'draft') drafts++;
      else submitted++;
    }
    // The corpus has both kinds, so the test compares something either way.
    expect(drafts).toBeGreaterThan(0);
    expect(submitted).toBeGreaterThan(0);
  });
});
