import { describe, expect, it } from 'vitest';
import { parseAlerts } from './parts/alert-shares.ts';
import { guessMapping, mappingProblems } from './metadata-upload/mapping.ts';
import { rangeProblem } from './parts/fields.tsx';
import { monthProgress, thisMonth } from './parts/this-month.ts';
import { fieldErrorsOf } from './parts/use-settings-editor.ts';

describe('settings form helpers', () => {
  it('puts each source problem at its field within the group', () => {
    expect(
      fieldErrorsOf(
        [
          'smart.repeatWindowDays: must be a whole number from 1 to 90',
          'costControl.sampling[0].value: no queue "X"',
          'no path here',
        ],
        'costControl',
      ),
    ).toEqual({
      'smart.repeatWindowDays': 'must be a whole number from 1 to 90',
      'sampling[0].value': 'no queue "X"',
    });
  });

  it('checks ranges and whole numbers in the page', () => {
    expect(rangeProblem(NaN, 0, 5)).toBe('Enter a number');
    expect(rangeProblem(2.5, 0, 5)).toBe('Enter a whole number');
    expect(rangeProblem(2.5, 0, 5, false)).toBeUndefined();
    expect(rangeProblem(6, 0, 5)).toBe('Enter a value from 0 to 5');
  });

  it('reads alert percentages', () => {
    expect(parseAlerts('80, 100%; 50')).toEqual({ shares: [0.5, 0.8, 1] });
    expect(parseAlerts('80, lots').problem).toMatch(/percentages/);
    expect(parseAlerts('0').problem).toBeDefined();
  });

  it('takes this month of the data and projects it', () => {
    const info = {
      kind: 'embedded' as const,
      calls: 1,
      loadMs: 0,
      range: { from: '2026-01-01T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' },
    };
    const month = thisMonth(info);
    expect(month).toEqual({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' });
    expect(monthProgress(month)).toEqual({ elapsedDays: 10, monthDays: 31 });
  });
});

describe('metadata column mapping', () => {
  it('guesses columns from common header names, each column once', () => {
    expect(guessMapping(['Call ID', 'Queue Name', 'Brand', 'Wrap-up code', 'Notes'])).toEqual({
      callId: 'Call ID',
      queue: 'Queue Name',
      brand: 'Brand',
      disposition: 'Wrap-up code',
    });
  });

  it('says what is wrong at each field', () => {
    const header = ['id', 'brand'];
    expect(mappingProblems({ callId: '' }, header).callId).toMatch(/call id/);
    expect(mappingProblems({ callId: 'id' }, header).queue).toMatch(/at least one field/);
    expect(mappingProblems({ callId: 'id', brand: 'id' }, header).brand).toMatch(/already fills/);
    expect(mappingProblems({ callId: 'id', brand: 'brand' }, header)).toEqual({});
  });
});
