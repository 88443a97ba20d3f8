import { describe, expect, it } from 'vitest';
import { closestName, didYouMean, editDistance } from '../../../scripts/manifest/suggest.ts';

describe('closest name', () => {
  it('computes Levenshtein distance, ignoring case', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('Title', 'title')).toBe(0);
    expect(editDistance('titel', 'title')).toBe(2);
  });

  it('suggests a plausible misspelling and nothing for unrelated names', () => {
    expect(closestName('agnets', ['dashboard', 'agents', 'vendors'])).toBe('agents');
    expect(closestName('compliance-rule-list', ['compliance-rules', 'compliance-rules-list'])).toBe(
      'compliance-rules-list',
    );
    expect(closestName('zzzz', ['dashboard', 'agents'])).toBeUndefined();
    expect(closestName('agents', ['agents'])).toBeUndefined();
  });

  it('breaks ties by candidate order, so messages are stable', () => {
    expect(closestName('ab', ['ax', 'ay'])).toBe('ax');
  });

  it('formats the hint', () => {
    expect(didYouMean('vocc', ['voc'])).toBe(' (did you mean "voc"?)');
    expect(didYouMean('vocc', [])).toBe('');
  });
});
