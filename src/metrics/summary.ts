/**
 * The KPI bundle every screen shows, computed from sums over calls. The engine adds each call's
 * values into KpiTotals (one pass, columnar) and `summariseKpis` turns the sums into the
 * ratios below using the metric functions of this module, so a number means the same on every
 * screen and the totals of a group equal the sum over its sub-groups.
 */
import { averageHandleTimeMs } from './aht.ts';
import { talkRatio, talkShare } from './talk.ts';
import { silenceShare } from './silence.ts';
import { interruptionsPerCall } from './interruptions.ts';
import { firstContactResolution } from './repeat.ts';
import { sentimentScored } from './sentiment.ts';
import { rate, safeDivide } from './ratio.ts';
import { costPerAnalysedCall } from './cost.ts';

export interface CallKpis {
  /** Calls in the selection, whatever their status. */
  calls: number;
  analysedCalls: number;
  /** Calls left out of the analysis by cost control (sampling or duration limits). */
  excludedCalls: number;
  ahtMs: number | null;
  talkRatio: number | null;
  agentTalkShare: number | null;
  customerTalkShare: number | null;
  silenceShare: number | null;
  interruptionsPerCall: number | null;
  agentSentiment: number | null;
  customerSentiment: number | null;
  sentimentTrend: number | null;
  negativeCalls: number;
  /** Analysed calls with a customer sentiment score (the ones customerSentiment averages). */
  sentimentScoredCalls: number;
  fcr: number | null;
  repeatRate: number | null;
  followedByRepeatCalls: number;
  repeatCalls: number;
  /** Analysed calls whose repeat window is still open: left out of FCR and repeat %. */
  repeatPendingCalls: number;
  complianceScore: number | null;
  complianceRate: number | null;
  nonCompliantCalls: number;
  qaScore: number | null;
  evaluatedCalls: number;
  escalationRate: number | null;
  escalatedCalls: number;
  churnRiskCalls: number;
  churnRiskRate: number | null;
  fakeCalls: number;
  fakeCallRate: number | null;
  resolvedRate: number | null;
  totalCost: number;
  costPerAnalysedCall: number | null;
}

export type KpiKey = keyof CallKpis;

/** Sums over calls. Only analysed calls add to anything but `calls`. */
export interface KpiTotals {
  calls: number;
  analysed: number;
  excluded: number;
  handleMs: number;
  durationMs: number;
  agentTalkMs: number;
  customerTalkMs: number;
  silenceMs: number;
  interruptions: number;
  agentSentimentSum: number;
  agentSentimentN: number;
  customerSentimentSum: number;
  customerSentimentN: number;
  trendSum: number;
  trendN: number;
  negative: number;
  followedByRepeat: number;
  repeatCalls: number;
  repeatPending: number;
  complianceScoreSum: number;
  complianceScoreN: number;
  nonCompliant: number;
  qaSum: number;
  qaN: number;
  escalated: number;
  churnHigh: number;
  fake: number;
  resolved: number;
  cost: number;
}

export const KPI_TOTAL_FIELDS = [
  'calls',
  'analysed',
  'excluded',
  'handleMs',
  'durationMs',
  'agentTalkMs',
  'customerTalkMs',
  'silenceMs',
  'interruptions',
  'agentSentimentSum',
  'agentSentimentN',
  'customerSentimentSum',
  'customerSentimentN',
  'trendSum',
  'trendN',
  'negative',
  'followedByRepeat',
  'repeatCalls',
  'repeatPending',
  'complianceScoreSum',
  'complianceScoreN',
  'nonCompliant',
  'qaSum',
  'qaN',
  'escalated',
  'churnHigh',
  'fake',
  'resolved',
  'cost',
] as const satisfies readonly (keyof KpiTotals)[];

export function emptyKpiTotals(): KpiTotals {
  const totals = {} as KpiTotals;
  for (const field of KPI_TOTAL_FIELDS) totals[field] = 0;
  return totals;
}

/** One analysed call's contribution, as the metric definitions see it. */
export interface CallKpiInput {
  analysed: boolean;
  /** Left out by cost control (never analysed). */
  excluded?: boolean;
  handleTimeMs: number;
  durationMs: number;
  agentTalkMs: number;
  customerTalkMs: number;
  silenceMs: number;
  interruptions: number;
  agentSentiment: number | null;
  customerSentiment: number | null;
  sentimentTrend: number | null;
  negative: boolean;
  followedByRepeat: boolean;
  repeatCall: boolean;
  /** The repeat window reaches the end of the data and no repeat came yet. */
  repeatPending: boolean;
  complianceScore: number | null;
  compliant: boolean;
  qaScore: number | null;
  escalated: boolean;
  churnHigh: boolean;
  fake: boolean;
  resolved: boolean;
  cost: number;
}

/** Adds one call to the totals (the reference path; the engine does the same on columns). */
export function addCallToTotals(totals: KpiTotals, call: CallKpiInput): void {
  totals.calls += 1;
  if (call.excluded) totals.excluded += 1;
  if (!call.analysed) return;
  totals.analysed += 1;
  totals.handleMs += call.handleTimeMs;
  totals.durationMs += call.durationMs;
  totals.agentTalkMs += call.agentTalkMs;
  totals.customerTalkMs += call.customerTalkMs;
  totals.silenceMs += call.silenceMs;
  totals.interruptions += call.interruptions;
  if (call.agentSentiment !== null) {
    totals.agentSentimentSum += call.agentSentiment;
    totals.agentSentimentN += 1;
  }
  if (sentimentScored(call.customerSentiment)) {
    totals.customerSentimentSum += call.customerSentiment;
    totals.customerSentimentN += 1;
  }
  if (call.sentimentTrend !== null) {
    totals.trendSum += call.sentimentTrend;
    totals.trendN += 1;
  }
  if (call.negative) totals.negative += 1;
  if (call.followedByRepeat) totals.followedByRepeat += 1;
  if (call.repeatCall) totals.repeatCalls += 1;
  if (call.repeatPending) totals.repeatPending += 1;
  if (call.complianceScore !== null) {
    totals.complianceScoreSum += call.complianceScore;
    totals.complianceScoreN += 1;
  }
  if (!call.compliant) totals.nonCompliant += 1;
  if (call.qaScore !== null) {
    totals.qaSum += call.qaScore;
    totals.qaN += 1;
  }
  if (call.escalated) totals.escalated += 1;
  if (call.churnHigh) totals.churnHigh += 1;
  if (call.fake) totals.fake += 1;
  if (call.resolved) totals.resolved += 1;
  totals.cost += call.cost;
}

export function summariseKpis(t: KpiTotals): CallKpis {
  const n = t.analysed;
  // FCR is a share of the calls whose repeat is decided: pending calls are left out.
  const decided = n - t.repeatPending;
  const fcr = firstContactResolution(decided - t.followedByRepeat, decided);
  return {
    calls: t.calls,
    analysedCalls: n,
    excludedCalls: t.excluded,
    ahtMs: averageHandleTimeMs(t.handleMs, n),
    talkRatio: talkRatio(t.agentTalkMs, t.customerTalkMs),
    agentTalkShare: talkShare(t.agentTalkMs, t.durationMs),
    customerTalkShare: talkShare(t.customerTalkMs, t.durationMs),
    silenceShare: silenceShare(t.silenceMs, t.durationMs),
    interruptionsPerCall: interruptionsPerCall(t.interruptions, n),
    agentSentiment: safeDivide(t.agentSentimentSum, t.agentSentimentN),
    customerSentiment: safeDivide(t.customerSentimentSum, t.customerSentimentN),
    sentimentTrend: safeDivide(t.trendSum, t.trendN),
    negativeCalls: t.negative,
    sentimentScoredCalls: t.customerSentimentN,
    fcr,
    repeatRate: fcr === null ? null : 1 - fcr,
    followedByRepeatCalls: t.followedByRepeat,
    repeatCalls: t.repeatCalls,
    repeatPendingCalls: t.repeatPending,
    complianceScore: safeDivide(t.complianceScoreSum, t.complianceScoreN),
    complianceRate: rate(n - t.nonCompliant, n),
    nonCompliantCalls: t.nonCompliant,
    qaScore: safeDivide(t.qaSum, t.qaN),
    evaluatedCalls: t.qaN,
    escalationRate: rate(t.escalated, n),
    escalatedCalls: t.escalated,
    churnRiskCalls: t.churnHigh,
    churnRiskRate: rate(t.churnHigh, n),
    fakeCalls: t.fake,
    fakeCallRate: rate(t.fake, n),
    resolvedRate: rate(t.resolved, n),
    totalCost: t.cost,
    costPerAnalysedCall: costPerAnalysedCall(t.cost, n),
  };
}
