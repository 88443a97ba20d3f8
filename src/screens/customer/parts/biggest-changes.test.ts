import { describe, expect, it } from 'vitest';
import { biggestChanges } from './biggest-changes.ts';

describe('biggestChanges', () => {
  it('ranks bucket-to-bucket moves of the share of calls, biggest first', () => {
    const analysed = [100, 100, 50];
    const series = [
      // 10% -> 20% (+10 pp) -> 20% (10 of 50)
      { key: 'billing', label: 'Billing', calls: [10, 20, 10] },
      // 30% -> 27% (-3 pp) -> 10% (5 of 50: -17 pp)
      { key: 'tech', label: 'Tech', calls: [30, 27, 5] },
      // tiny: 1% -> 4%, under 5 calls on both sides
      { key: 'rare', label: 'Rare', calls: [1, 4, 2] },
    ];
    const changes = biggestChanges(series, analysed, 3);
    expect(changes.map((c) => [c.key, c.bucket])).toEqual([
      ['tech', 2],
      ['billing', 1],
      ['tech', 1],
    ]);
    expect(changes[0]).toMatchObject({ share: 0.1, previousShare: 0.27, calls: 5 });
  });

  it('skips buckets without analysed calls', () => {
    expect(biggestChanges([{ key: 'a', label: 'A', calls: [0, 10] }], [0, 100], 5)).toEqual([]);
  });
});
