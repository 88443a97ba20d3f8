import { describe, expect, it } from 'vitest';
import { formatClock, formatMetric, formatSentiment, metricChange } from './format.ts';

describe('formatMetric', () => {
  it('reads each unit the way the tiles show it', () => {
    expect(formatMetric('analysedCalls', 12345)).toBe('12,345');
    expect(formatMetric('qaScore', 0.8754)).toBe('87.5%');
    expect(formatMetric('ahtMs', 402_000)).toBe('6:42');
    expect(formatMetric('customerSentiment', -1.26)).toBe('−1.3');
    expect(formatMetric('talkRatio', 1.5)).toBe('1.50 : 1');
    expect(formatMetric('costPerAnalysedCall', 0.0357, 'USD')).toBe('$0.036');
  });

  it('shows an absent value as a dash, not as zero', () => {
    expect(formatMetric('ahtMs', null)).toBe('–');
    expect(formatMetric('qaScore', Number.NaN)).toBe('–');
  });
});

describe('formatClock and formatSentiment', () => {
  it('formats hours only when needed', () => {
    expect(formatClock(59_400)).toBe('0:59');
    expect(formatClock(3_725_000)).toBe('1:02:05');
  });

  it('signs sentiment and never shows minus zero', () => {
    expect(formatSentiment(0.04)).toBe('0.0');
    expect(formatSentiment(-0.04)).toBe('0.0');
    expect(formatSentiment(2)).toBe('+2.0');
  });
});

describe('metricChange', () => {
  it('gives shares in percentage points, good when the metric should rise', () => {
    expect(metricChange('qaScore', 0.85, 0.8)).toMatchObject({
      text: '+5.0 pp',
      direction: 'up',
      good: true,
    });
  });

  it('marks a rise of a lower-is-better metric as bad', () => {
    const change = metricChange('ahtMs', 190_000, 180_000);
    expect(change).toMatchObject({ text: '+0:10', direction: 'up', good: false });
    expect(change?.spoken).toBe('up 10 seconds on the previous period');
  });

  it('gives counts as a relative change and leaves neutral metrics uncoloured', () => {
    expect(metricChange('analysedCalls', 110, 100)).toMatchObject({ text: '+10.0%', good: null });
    expect(metricChange('analysedCalls', 5, 0)).toMatchObject({ text: 'new' });
  });

  it('has no change without both values', () => {
    expect(metricChange('qaScore', null, 0.8)).toBeNull();
    expect(metricChange('qaScore', 0.8, undefined)).toBeNull();
  });

  it('calls an unchanged value flat', () => {
    expect(metricChange('complianceRate', 0.9, 0.9)).toMatchObject({
      direction: 'flat',
      good: null,
    });
  });
});
