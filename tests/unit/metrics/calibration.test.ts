import { describe, expect, it } from 'vitest';
import { scoreSpread } from '../../../src/metrics/index.ts';

describe('calibration spread (how far reviewers of one call are apart)', () => {
  it('is the population standard deviation and the range of the scores, N/A left out', () => {
    // 80, 90 and 70 (one reviewer scored N/A): mean 80, deviations 0, 10, -10.
    const spread = scoreSpread([80, 90, null, 70]);
    expect(spread.mean).toBe(80);
    expect(spread.stdDev).toBeCloseTo(Math.sqrt(200 / 3), 10);
    expect(spread.range).toBe(20);
  });

  it('is zero for reviewers who agree, and unknown when nobody scored', () => {
    expect(scoreSpread([75, 75])).toEqual({ mean: 75, stdDev: 0, range: 0 });
    expect(scoreSpread([null, null])).toEqual({ mean: null, stdDev: null, range: null });
    expect(scoreSpread([])).toEqual({ mean: null, stdDev: null, range: null });
  });
});
