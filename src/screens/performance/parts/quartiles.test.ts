import { describe, expect, it } from 'vitest';
import { quartileBands } from './quartiles.ts';

describe('quartileBands', () => {
  it('puts the best quarter in band 1 for higher-is-better metrics', () => {
    expect(quartileBands([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2], 'higher')).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4,
    ]);
  });

  it('puts the lowest values in band 1 for lower-is-better metrics', () => {
    expect(quartileBands([400, 100, 300, 200], 'lower')).toEqual([4, 1, 3, 2]);
  });

  it('leaves agents without a value out of the ranking', () => {
    expect(quartileBands([null, 5, 1, null], 'higher')).toEqual([null, 1, 3, null]);
  });

  it('keeps ties in one band', () => {
    expect(quartileBands([1, 1, 1, 1, 0], 'higher')).toEqual([1, 1, 1, 1, 4]);
  });
});
