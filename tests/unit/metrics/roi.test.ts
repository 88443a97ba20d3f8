import { describe, expect, it } from 'vitest';
import {
  gapToBestGroup,
  perYear,
  roiInputs,
  roiSensitivity,
  scenarioRoi,
  type RoiScenario,
} from '../../../src/metrics/index.ts';

// Worked by hand:
//   cost  = 50 agents x 300 + 5,000                 = 20,000
//   AHT   = 30 s x 120,000 calls / 3,600 = 1,000 h x 25 = 25,000
//   repeats = 2,000 x 4                               =  8,000
//   QA    = 1,000 evaluations x 0.5 h = 500 h x 25    = 12,500
//   penalties = 100 x 45                              =  4,500
//   gains = 50,000; ROI = (50,000 - 20,000) / 20,000 = 1.5; payback = 20,000 / 50,000 x 12 = 4.8
const scenario: RoiScenario = {
  labourCostPerHour: 25,
  costPerCall: 4,
  agents: 50,
  licencePerAgentPerYear: 300,
  analysisCostPerYear: 5_000,
  qaHoursPerEvaluation: 0.5,
  penaltyPerNonCompliantCall: 45,
  handledCallsPerYear: 120_000,
  ahtReductionSeconds: 30,
  avoidedRepeatCallsPerYear: 2_000,
  automatedEvaluationsPerYear: 1_000,
  avoidedNonCompliantCallsPerYear: 100,
};

describe('ROI scenario', () => {
  it('turns the scenario into the formula inputs and prices QA hours at the labour cost', () => {
    const inputs = roiInputs(scenario);
    expect(inputs.yearlyCost).toBe(20_000);
    expect(inputs.handleHoursSaved).toBe(1_000);
    expect(inputs.qaHoursSaved).toBe(500);
    expect(inputs.qaCostPerHour).toBe(25);
    expect(inputs.penaltiesAvoided).toBe(4_500);
  });

  it('ROI = (gains - cost) / cost and payback in months', () => {
    const r = scenarioRoi(scenario);
    expect(r.gains).toEqual({
      handleTime: 25_000,
      repeatCalls: 8_000,
      qa: 12_500,
      penalties: 4_500,
      total: 50_000,
    });
    expect(r.roi).toBe(1.5);
    expect(r.paybackMonths).toBeCloseTo(4.8, 10);
  });

  it('has no ROI without a cost and no payback without gains', () => {
    expect(scenarioRoi({ ...scenario, agents: 0, analysisCostPerYear: 0 }).roi).toBeNull();
    const none = scenarioRoi({
      ...scenario,
      ahtReductionSeconds: 0,
      avoidedRepeatCallsPerYear: 0,
      automatedEvaluationsPerYear: 0,
      avoidedNonCompliantCallsPerYear: 0,
    });
    expect(none.paybackMonths).toBeNull();
    expect(none.roi).toBe(-1);
  });

  it('sensitivity scales one assumption at a time', () => {
    const [aht, licence] = roiSensitivity(
      scenario,
      ['ahtReductionSeconds', 'licencePerAgentPerYear'],
      [0.5, 1, 2],
    );
    // AHT gain 12,500 / 25,000 / 50,000 -> gains 37,500 / 50,000 / 75,000 over cost 20,000.
    expect(aht!.roi).toEqual([0.875, 1.5, 2.75]);
    // Cost 12,500 / 20,000 / 35,000 against gains 50,000.
    expect(licence!.roi[0]).toBe(3);
    expect(licence!.roi[1]).toBe(1.5);
    expect(licence!.roi[2]).toBeCloseTo(15_000 / 35_000, 12);
  });
});

describe('gap to the best group and yearly volumes', () => {
  it('adds what each group would save at the best group’s value', () => {
    // Best AHT 300 s; 100 calls x 60 s + 50 calls x 120 s = 12,000 s.
    const r = gapToBestGroup(
      [
        { value: 300, weight: 200 },
        { value: 360, weight: 100 },
        { value: 420, weight: 50 },
        { value: null, weight: 999 },
      ],
      'lower',
    );
    expect(r).toEqual({ best: 300, saving: 12_000 });
    expect(
      gapToBestGroup(
        [
          { value: 0.8, weight: 10 },
          { value: 0.9, weight: 10 },
        ],
        'higher',
      ).saving,
    ).toBeCloseTo(1, 12);
    expect(gapToBestGroup([], 'lower')).toEqual({ best: null, saving: 0 });
  });

  it('annualises a period’s count', () => {
    expect(perYear(100, 73)).toBe(500);
    expect(perYear(100, 0)).toBe(0);
  });
});
