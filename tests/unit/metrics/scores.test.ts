import { describe, expect, it } from 'vitest';
import type { EvaluationForm } from '../../../src/generated/data.types.ts';
import {
  QaAnswerError,
  complianceOutcome,
  escalationRate,
  escalationReasons,
  qaScore,
} from '../../../src/metrics/index.ts';

describe('compliance score', () => {
  it('is passed weight over applicable weight; a failed critical rule makes the call non-compliant', () => {
    const r = complianceOutcome([
      { applicable: true, passed: true, points: 3, severity: 'critical' },
      { applicable: true, passed: false, points: 1, severity: 'minor' },
      { applicable: false, passed: false, points: 5, severity: 'critical' }, // out of scope: ignored
    ]);
    expect(r).toEqual({ score: 0.75, compliant: true, failedCritical: 0 });
    const critical = complianceOutcome([
      { applicable: true, passed: false, points: 1, severity: 'critical' },
      { applicable: true, passed: true, points: 9, severity: 'major' },
    ]);
    expect(critical).toEqual({ score: 0.9, compliant: false, failedCritical: 1 });
  });
  it('has no score when no rule applies', () => {
    expect(complianceOutcome([]).score).toBeNull();
    expect(complianceOutcome([]).compliant).toBe(true);
  });
});

const form: EvaluationForm = {
  id: 'f',
  name: 'Form',
  version: 1,
  active: true,
  sections: [
    {
      id: 's1',
      title: 'One',
      weight: 1,
      questions: [
        {
          id: 'q1',
          text: 'Greeting',
          type: 'yes-no',
          naAllowed: false,
          options: [
            { id: 'yes', label: 'Yes', points: 2 },
            { id: 'no', label: 'No', points: 0 },
          ],
        },
        {
          id: 'q2',
          text: 'Verify',
          type: 'yes-no',
          naAllowed: true,
          options: [
            { id: 'yes', label: 'Yes', points: 2 },
            { id: 'no', label: 'No', points: 0 },
          ],
        },
      ],
    },
    {
      id: 's2',
      title: 'Two',
      weight: 2,
      questions: [
        { id: 'q3', text: 'Listening', type: 'numeric', maxPoints: 4, naAllowed: false },
        {
          id: 'q4',
          text: 'Language',
          type: 'single-select',
          naAllowed: false,
          options: [
            { id: 'ok', label: 'Professional', points: 1 },
            { id: 'rude', label: 'Abusive', points: 0, autoFail: true },
          ],
        },
        { id: 'q5', text: 'Notes', type: 'text', naAllowed: true },
      ],
    },
  ],
};

describe('QA score', () => {
  it('is weighted points over weighted potential, N/A leaving the potential', () => {
    const r = qaScore(form, [
      { questionId: 'q1', na: false, optionId: 'yes' }, // 2 of 2
      { questionId: 'q2', na: true }, // out
      { questionId: 'q3', na: false, value: 3 }, // 3 of 4, x2 = 6 of 8
      { questionId: 'q4', na: false, optionId: 'ok' }, // 1 of 1, x2 = 2 of 2
    ]);
    expect(r).toEqual({ points: 10, potential: 12, score: 10 / 12, autoFailed: false });
  });
  it('an auto-fail answer makes it 0', () => {
    const r = qaScore(form, [
      { questionId: 'q1', na: false, optionId: 'yes' },
      { questionId: 'q4', na: false, optionId: 'rude' },
    ]);
    expect(r.score).toBe(0);
    expect(r.autoFailed).toBe(true);
  });
  it('unanswered questions earn 0 of their potential; numbers are clamped', () => {
    const r = qaScore(form, [{ questionId: 'q3', na: false, value: 99 }]);
    expect(r.points).toBe(8);
    expect(r.potential).toBe(2 + 2 + 8 + 2);
  });
  it('rejects N/A where it is not allowed and unknown options', () => {
    expect(() => qaScore(form, [{ questionId: 'q1', na: true }])).toThrow(QaAnswerError);
    expect(() => qaScore(form, [{ questionId: 'q1', na: false, optionId: 'maybe' }])).toThrow(
      /no option maybe/,
    );
  });
});

describe('escalation', () => {
  it('lists supervisor request, legal threat and transfer; the rate is per call', () => {
    expect(
      escalationReasons({ supervisorRequest: true, legalThreat: false, transfer: true }),
    ).toEqual(['supervisor-request', 'transfer']);
    expect(escalationRate(2, 8)).toBe(0.25);
  });
});
