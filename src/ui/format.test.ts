import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatCompact,
  formatCount,
  formatDateTime,
  formatDay,
  formatMetric,
  formatSentiment,
  formatShortDay,
  metricChange,
} from './format.ts';

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

describe('counts, axis labels and days read as Intl writes them (without Intl on the way)', () => {
  // Edges: halves, the rounding that carries into the next magnitude, floats whose binary value
  // is below their decimal one (1.15), negatives and minus zero, the fallbacks to Intl.
  const values = [
    0,
    -0,
    0.04,
    0.05,
    0.15,
    0.5,
    1.15,
    1.5,
    2.5,
    -2.5,
    -0.4,
    -0.5,
    12.34,
    123.45,
    999,
    999.94,
    999.95,
    1000,
    1050,
    1150,
    1249,
    1250,
    9999,
    99_949,
    99_950,
    999_949,
    999_950,
    1e6,
    1_234_567,
    1_234_567.5,
    1e9,
    1.25e12,
    999_950_000_000_000,
    1e15,
    2.5e18,
    1e21,
    1e-7,
    3.3e-10,
    -1234,
    Number.MAX_SAFE_INTEGER,
    NaN,
    Infinity,
    -Infinity,
  ];
  const rng = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const random = rng(7);
  for (let i = 0; i < 2000; i++) {
    const magnitude = 10 ** Math.floor(random() * 16);
    values.push(Math.round(random() * magnitude * 100) / (random() < 0.5 ? 100 : 1));
  }

  it('formats counts like en-US Intl with no decimals', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const v of values) expect([v, formatCount(v)]).toEqual([v, intl.format(v)]);
  });

  it('formats axis labels like en-US compact Intl with one decimal at most', () => {
    const intl = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
    for (const v of values) expect([v, formatCompact(v)]).toEqual([v, intl.format(v)]);
  });

  it('formats UTC days like en-GB Intl, every month and hour', () => {
    const intl = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
        ...options,
      });
    const day = intl({ year: 'numeric' });
    const short = intl({});
    const time = intl({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const stamps = [
      '0999-12-31T23:59:00Z',
      '0000-06-01',
      '-000005-01-01',
      '+010000-01-01',
      '2026-03-14',
    ];
    for (let i = 0; i < 400; i++)
      stamps.push(new Date(Date.UTC(2026, 0, 1) + i * 22.7 * 3_600_000).toISOString());
    for (const iso of stamps) {
      expect([iso, formatDay(iso)]).toEqual([iso, day.format(new Date(iso))]);
      expect([iso, formatShortDay(iso)]).toEqual([iso, short.format(new Date(iso))]);
      expect([iso, formatDateTime(iso)]).toEqual([iso, time.format(new Date(iso))]);
    }
    expect(() => formatDay('not a date')).toThrow(RangeError);
  });
});
