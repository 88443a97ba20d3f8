import { describe, expect, it } from 'vitest';
import {
  partySentiment,
  sentimentBand,
  sentimentTrend,
  type TimedSegment,
} from '../../../src/metrics/index.ts';

// Conversation from 0 to 40 s: quarters are 0-10, 10-20, 20-30, 30-40 s.
const turns: TimedSegment[] = [
  { speaker: 'CUSTOMER', beginMs: 0, endMs: 4000, sentimentScore: -4 }, // mid 2 s: Q1
  { speaker: 'CUSTOMER', beginMs: 4000, endMs: 8000, sentimentScore: -2 }, // mid 6 s: Q1
  { speaker: 'AGENT', beginMs: 8000, endMs: 18000, sentimentScore: 2 }, // mid 13 s: Q2
  { speaker: 'CUSTOMER', beginMs: 32000, endMs: 40000, sentimentScore: 3 }, // mid 36 s: Q4
];

describe('sentiment per party and trend', () => {
  it('weights turns by length and places them by midpoint', () => {
    const c = partySentiment(turns, 'CUSTOMER', { beginMs: 0, endMs: 40000 });
    // overall: (-4*4 + -2*4 + 3*8) / 16 = 0
    expect(c.overall).toBeCloseTo(0);
    expect(c.quarters).toEqual([-3, null, null, 3]);
    expect(sentimentTrend(c.quarters)).toBe(6);
  });
  it('is null for a party that did not speak', () => {
    const ivrOnly = partySentiment(
      [{ speaker: 'IVR', beginMs: 0, endMs: 1000, sentimentScore: 1 }],
      'AGENT',
      { beginMs: 0, endMs: 1000 },
    );
    expect(ivrOnly.overall).toBeNull();
    expect(sentimentTrend(ivrOnly.quarters)).toBeNull();
  });
  it('the trend needs both the first and the last quarter', () => {
    expect(sentimentTrend([1, 2, 3, null])).toBeNull();
  });
  it('bands at -1 and +1', () => {
    expect([
      sentimentBand(-1),
      sentimentBand(-0.99),
      sentimentBand(0.99),
      sentimentBand(1),
    ]).toEqual(['negative', 'neutral', 'neutral', 'positive']);
  });
});
