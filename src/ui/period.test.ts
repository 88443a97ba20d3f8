import { describe, expect, it } from 'vitest';
import { periodLabel, presetOf, previousLabel, resolvePeriod, timeBucket } from './period.ts';

const info = { range: { from: '2026-01-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' } };

describe('resolvePeriod', () => {
  it('defaults to the last 30 days of data, not of the clock', () => {
    expect(resolvePeriod({}, info)).toEqual({ from: '2026-03-02', to: '2026-04-01' });
  });

  it('keeps a full period and completes a half one', () => {
    expect(resolvePeriod({ from: '2026-02-01', to: '2026-02-08' }, info)).toEqual({
      from: '2026-02-01',
      to: '2026-02-08',
    });
    expect(resolvePeriod({ from: '2026-03-20' }, info)).toEqual({
      from: '2026-03-20',
      to: '2026-04-01',
    });
    expect(resolvePeriod({ to: '2026-02-01' }, info)).toEqual({
      from: '2026-01-02',
      to: '2026-02-01',
    });
  });
});

describe('period words', () => {
  it('recognises presets and names the period with inclusive days', () => {
    expect(presetOf({ from: '2026-03-25', to: '2026-04-01' }, info)).toBe(7);
    expect(presetOf({ from: '2026-03-01', to: '2026-04-01' }, info)).toBeNull();
    expect(periodLabel({ from: '2026-03-01', to: '2026-04-01' })).toBe('1 Mar 2026 – 31 Mar 2026');
    expect(periodLabel({ from: '2026-03-01', to: '2026-03-02' })).toBe('1 Mar 2026');
    expect(previousLabel({ from: '2026-03-01', to: '2026-03-31' })).toBe('previous 30 days');
  });
});

describe('timeBucket', () => {
  it('draws up to 45 days per day and longer periods per week, for every screen', () => {
    expect(timeBucket({ from: '2026-03-02', to: '2026-04-01' })).toBe('day');
    expect(timeBucket({ from: '2026-02-15', to: '2026-04-01' })).toBe('day');
    expect(timeBucket({ from: '2026-02-14', to: '2026-04-01' })).toBe('week');
    expect(timeBucket(resolvePeriod({}, info, 90))).toBe('week');
  });
});
