import { describe, expect, it } from 'vitest';
import {
  addCallToTotals,
  callAnalysisCost,
  costPerAnalysedCall,
  emptyKpiTotals,
  metricDefinitions,
  returnOnInvestment,
  summariseKpis,
  type CallKpiInput,
} from '../../../src/metrics/index.ts';

describe('cost per analysed call and ROI', () => {
  it('prices speech-to-text and storage per minute and analysis per call', () => {
    const cost = callAnalysisCost(90_000, {
      speechToTextPerMinute: 0.02,
      analysisPerCall: 0.01,
      storagePerMinute: 0.002,
    });
    expect(cost.speechToText).toBeCloseTo(0.03);
    expect(cost.storage).toBeCloseTo(0.003);
    expect(cost.total).toBeCloseTo(0.043);
    expect(costPerAnalysedCall(43, 1000)).toBeCloseTo(0.043);
  });
  it('ROI = (yearly gains - yearly cost) / yearly cost', () => {
    const r = returnOnInvestment({
      yearlyCost: 10_000,
      handleHoursSaved: 500,
      labourCostPerHour: 20, // 10,000
      avoidedRepeatCalls: 2_000,
      costPerCall: 4, // 8,000
      qaHoursSaved: 100,
      qaCostPerHour: 30, // 3,000
      penaltiesAvoided: 4_000,
    });
    expect(r.gains.total).toBe(25_000);
    expect(r.roi).toBe(1.5);
    expect(r.paybackMonths).toBeCloseTo(4.8);
    expect(
      returnOnInvestment({
        ...{
          yearlyCost: 0,
          handleHoursSaved: 0,
          labourCostPerHour: 0,
          avoidedRepeatCalls: 0,
          costPerCall: 0,
          qaHoursSaved: 0,
          qaCostPerHour: 0,
          penaltiesAvoided: 0,
        },
      }).roi,
    ).toBeNull();
  });
});

const call = (over: Partial<CallKpiInput>): CallKpiInput => ({
  analysed: true,
  handleTimeMs: 100_000,
  durationMs: 80_000,
  agentTalkMs: 40_000,
  customerTalkMs: 20_000,
  silenceMs: 8_000,
  interruptions: 1,
  agentSentiment: 1,
  customerSentiment: -1,
  sentimentTrend: 2,
  negative: true,
  followedByRepeat: false,
  repeatCall: false,
  repeatPending: false,
  complianceScore: 1,
  compliant: true,
  qaScore: 0.8,
  escalated: false,
  churnHigh: false,
  fake: false,
  resolved: true,
  cost: 0.05,
  ...over,
});

describe('KPI summary of a selection', () => {
  it('turns sums into the defined ratios; unanalysed calls only count as calls', () => {
    const t = emptyKpiTotals();
    addCallToTotals(t, call({}));
    addCallToTotals(
      t,
      call({
        handleTimeMs: 300_000,
        followedByRepeat: true,
        compliant: false,
        complianceScore: 0.5,
        qaScore: null,
        customerSentiment: 1,
        negative: false,
      }),
    );
    addCallToTotals(t, call({ analysed: false }));
    const k = summariseKpis(t);
    expect(k.calls).toBe(3);
    expect(k.analysedCalls).toBe(2);
    expect(k.ahtMs).toBe(200_000);
    expect(k.talkRatio).toBe(2);
    expect(k.silenceShare).toBe(0.1);
    expect(k.interruptionsPerCall).toBe(1);
    expect(k.customerSentiment).toBe(0);
    expect(k.negativeCalls).toBe(1);
    expect(k.fcr).toBe(0.5);
    expect(k.repeatRate).toBe(0.5);
    expect(k.complianceScore).toBe(0.75);
    expect(k.complianceRate).toBe(0.5);
    expect(k.nonCompliantCalls).toBe(1);
    expect(k.qaScore).toBe(0.8);
    expect(k.evaluatedCalls).toBe(1);
    expect(k.costPerAnalysedCall).toBeCloseTo(0.05);
  });
  it('an empty selection has nulls, not NaN', () => {
    const k = summariseKpis(emptyKpiTotals());
    expect(k.ahtMs).toBeNull();
    expect(k.fcr).toBeNull();
    expect(Object.values(k).some((v) => typeof v === 'number' && Number.isNaN(v))).toBe(false);
  });
  it('every KPI has a definition for its hover help', () => {
    const k = summariseKpis(emptyKpiTotals());
    for (const key of Object.keys(k)) {
      expect(metricDefinitions[key as keyof typeof k].definition.length).toBeGreaterThan(20);
    }
  });
});
