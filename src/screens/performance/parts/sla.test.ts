import { describe, expect, it } from 'vitest';
import { slaStatus } from './sla.ts';

describe('slaStatus', () => {
  it('treats AHT as lower-is-better with a 10% amber margin', () => {
    expect(slaStatus('ahtMs', 360_000, 360_000)).toBe('green');
    expect(slaStatus('ahtMs', 300_000, 360_000)).toBe('green');
    expect(slaStatus('ahtMs', 396_000, 360_000)).toBe('amber');
    expect(slaStatus('ahtMs', 396_001, 360_000)).toBe('red');
  });

  it('treats shares as higher-is-better with a 3-point amber margin', () => {
    expect(slaStatus('qaScore', 0.85, 0.85)).toBe('green');
    expect(slaStatus('complianceRate', 0.82, 0.85)).toBe('amber');
    expect(slaStatus('fcr', 0.8199, 0.85)).toBe('red');
  });

  it('has no status without a value', () => {
    expect(slaStatus('fcr', null, 0.8)).toBe('none');
    expect(slaStatus('qaScore', Number.NaN, 0.8)).toBe('none');
  });
});
