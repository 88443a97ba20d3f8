import { describe, expect, it } from 'vitest';
import {
  interruptionMarkers,
  quartileBand,
  quartiles,
  slaStatus,
} from '../../../src/metrics/index.ts';

describe('quartile bands', () => {
  it('interpolates quartiles and ignores missing values', () => {
    expect(quartiles([4, 1, 3, 2, null, 5])).toEqual({ q1: 2, median: 3, q3: 4 });
    expect(quartiles([null])).toBeNull();
  });
  it('band 1 is the best quarter in the direction that is better', () => {
    const q = { q1: 2, median: 3, q3: 4 };
    expect([5, 3.5, 2.5, 1].map((v) => quartileBand(v, q, 'higher'))).toEqual([1, 2, 3, 4]);
    expect([5, 3.5, 2.5, 1].map((v) => quartileBand(v, q, 'lower'))).toEqual([4, 3, 2, 1]);
    expect(quartileBand(null, q, 'higher')).toBeNull();
  });
});

describe('SLA status', () => {
  it('green meets the target, amber misses by under 5 %, red by more', () => {
    expect(slaStatus(0.9, 0.9, 'higher')).toBe('green');
    expect(slaStatus(0.88, 0.9, 'higher')).toBe('amber'); // 0.02 < 0.045
    expect(slaStatus(0.8, 0.9, 'higher')).toBe('red');
    expect(slaStatus(300_000, 330_000, 'lower')).toBe('green');
    expect(slaStatus(340_000, 330_000, 'lower')).toBe('amber'); // 10 s < 16.5 s
    expect(slaStatus(360_000, 330_000, 'lower')).toBe('red');
    expect(slaStatus(null, 1, 'higher')).toBeNull();
  });
});

describe('interruption markers', () => {
  it('place each interruption on the timeline', () => {
    expect(
      interruptionMarkers([
        { speaker: 'AGENT', beginMs: 0, endMs: 5000, sentimentScore: 0 },
        { speaker: 'CUSTOMER', beginMs: 4000, endMs: 8000, sentimentScore: 0 },
        { speaker: 'AGENT', beginMs: 7500, endMs: 9000, sentimentScore: 0 },
      ]),
    ).toEqual([
      { atMs: 4000, overlapMs: 1000, by: 'CUSTOMER', segment: 1 },
      { atMs: 7500, overlapMs: 500, by: 'AGENT', segment: 2 },
    ]);
  });
});
