import { describeIgnored } from '../../../runtime/index.ts';
import { describe, expect, it } from 'vitest';
import type { AggregateResult } from '../../../data/index.ts';
import { dataDefaults } from './data-defaults.ts';
import { exampleScenario, scenarioFromAddress } from './fields.ts';

describe('ROI inputs in the address', () => {
  it('takes valid values over the defaults and names each ignored parameter', () => {
    const r = scenarioFromAddress(
      { labour: '31.5', agents: '1,200', penalty: 'lots', ahtSaving: '-3', calls: '9e99' },
      exampleScenario(),
    );
    expect(r.scenario.labourCostPerHour).toBe(31.5);
    expect(r.scenario.agents).toBe(1200);
    expect(r.scenario.penaltyPerNonCompliantCall).toBe(
      exampleScenario().penaltyPerNonCompliantCall,
    );
    expect([...r.fromAddress].sort()).toEqual(['agents', 'labourCostPerHour']);
    expect(r.problems.map(describeIgnored)).toEqual([
      'penalty: “lots” was ignored (not a number of 0 or more; the default is used).',
      'calls: “9e99” was ignored (not a number of 0 or more; the default is used).',
      'ahtSaving: “-3” was ignored (not a number of 0 or more; the default is used).',
    ]);
    const tooMany = scenarioFromAddress({ qaHours: '1000' }, exampleScenario());
    expect(tooMany.problems.map(describeIgnored)).toEqual([
      'qaHours: “1000” was ignored (more than 100; the default is used).',
    ]);
  });
});

const row = (
  label: string,
  analysedCalls: number,
  ahtMs: number,
  repeatRate: number,
  complianceRate: number,
) =>
  ({
    key: label,
    label,
    filters: {},
    metrics: { analysedCalls, ahtMs, repeatRate, complianceRate },
  }) as unknown as AggregateResult['rows'][number];

describe('volumes from the data', () => {
  it('scales the period to a year and benchmarks every vendor against the best', () => {
    // A: 100 calls at 300 s, 10% repeats, 95% compliant; B: 50 calls at 360 s, 20%, 85%.
    // AHT gap 50 x 60 s = 3,000 s over 150 calls = 20 s per call.
    // Repeats avoided 50 x 0.1 = 5 in 73 days -> 25 a year; non-compliant 50 x 0.1 = 5 -> 25.
    const d = dataDefaults({
      vendors: {
        by: 'vendor',
        partition: true,
        rows: [row('A', 100, 300_000, 0.1, 0.95), row('B', 50, 360_000, 0.2, 0.85)],
        total: { analysedCalls: 150, totalCost: 146 } as AggregateResult['total'],
      },
      manualEvaluations: 30,
      agents: 12,
      days: 73,
      currency: 'USD',
      filters: { from: '2026-01-01', to: '2026-03-15' },
    });
    expect(d.values).toEqual({
      agents: 12,
      analysisCostPerYear: 730,
      handledCallsPerYear: 750,
      ahtReductionSeconds: 20,
      avoidedRepeatCallsPerYear: 25,
      automatedEvaluationsPerYear: 150,
      avoidedNonCompliantCallsPerYear: 25,
    });
    expect(d.how.ahtReductionSeconds).toContain('fastest (AHT 5:00)');
    expect(d.drill.avoidedRepeatCallsPerYear).toContain('followedByRepeat=true');
  });
});
