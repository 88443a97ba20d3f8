import { describe, expect, it } from 'vitest';
import { comparedPeriods } from './compared-periods.ts';

describe('comparedPeriods', () => {
  const period = { from: '2026-03-02', to: '2026-04-01' }; // 30 days
  it('takes period B from the address', () => {
    const b = { from: '2026-01-01', to: '2026-01-15' };
    expect(comparedPeriods(period, b, '2026-01-01T08:00:00Z')).toEqual({
      a: period,
      b,
      split: false,
    });
  });

  it('compares with the 30 days before when there is data then', () => {
    expect(comparedPeriods(period, {}, '2026-01-01T08:00:00Z')).toEqual({
      a: period,
      b: { from: '2026-01-31T00:00:00.000Z', to: '2026-03-02T00:00:00.000Z' },
      split: false,
    });
  });

  it('splits the period in halves when the period before has no data', () => {
    expect(comparedPeriods(period, {}, '2026-02-20T08:00:00Z')).toEqual({
      a: { from: '2026-03-17', to: '2026-04-01' },
      b: { from: '2026-03-02', to: '2026-03-17' },
      split: true,
    });
  });
});
