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
  it('AHT: green at or under target, amber up to 10% over, red beyond', () => {
    expect(slaStatus('ahtMs', 360_000, 360_000)).toBe('green');
    expect(slaStatus('ahtMs', 300_000, 360_000)).toBe('green');
    expect(slaStatus('ahtMs', 396_000, 360_000)).toBe('amber');
    expect(slaStatus('ahtMs', 396_001, 360_000)).toBe('red');
  });

  it('shares: green at or over target, amber within 3 points under, red beyond', () => {
    expect(slaStatus('qaScore', 0.85, 0.85)).toBe('green');
    expect(slaStatus('complianceRate', 0.82, 0.85)).toBe('amber');
    expect(slaStatus('fcr', 0.8199, 0.85)).toBe('red');
  });

  it('has no status without a value', () => {
    expect(slaStatus('fcr', null, 0.8)).toBeNull();
    expect(slaStatus('qaScore', Number.NaN, 0.8)).toBeNull();
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
