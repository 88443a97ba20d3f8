/**
 * Pure helpers over CallFilters shared by screens and engines: the filter of a drill-down, so
 * a list always has exactly the count its tile or row showed.
 */
import type { KpiKey } from '../metrics/index.ts';
import { CALL_COLUMNS, WORD_COLUMNS, type WordColumnName } from './columns.ts';
import type { CallFilters, Dimension, OneOrMany } from './source.ts';

/** Which filter field narrows to one value of a dimension. */
export const DIMENSION_FILTER: Record<Dimension, keyof CallFilters> = {
  ...(Object.fromEntries(WORD_COLUMNS.map((name) => [name, CALL_COLUMNS[name].filter])) as Record<
    WordColumnName,
    keyof CallFilters
  >),
  dispositionGroup: 'dispositionGroup',
  category: 'category',
  sentiment: 'sentiment',
};

/** The filters of one row of an aggregation: the base filters narrowed to `key`. */
export function filterFor(dimension: Dimension, key: string, base: CallFilters = {}): CallFilters {
  return { ...base, [DIMENSION_FILTER[dimension]]: key } as CallFilters;
}

/** A filter value as a list (undefined = no constraint). */
export function asList<T>(value: OneOrMany<T> | undefined): readonly T[] | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? (value as readonly T[]) : [value as T];
}

/**
 * The call list behind each KPI tile. Counts drill into exactly the calls counted; rates drill
 * into the calls of the numerator that needs attention (compliance % -> non-compliant calls);
 * averages drill into the analysed calls they average over.
 */
export function kpiDrillDown(filters: CallFilters): Record<KpiKey, CallFilters> {
  const analysed: CallFilters = { ...filters, status: 'analysed' };
  return {
    calls: { ...filters },
    analysedCalls: analysed,
    excludedCalls: { ...filters, status: 'excluded' },
    ahtMs: analysed,
    talkRatio: analysed,
    agentTalkShare: analysed,
    customerTalkShare: analysed,
    silenceShare: analysed,
    interruptionsPerCall: analysed,
    agentSentiment: analysed,
    // The average is over scored calls: its list is those calls.
    customerSentiment: { ...analysed, sentimentScored: true },
    sentimentScoredCalls: { ...analysed, sentimentScored: true },
    sentimentTrend: analysed,
    negativeCalls: { ...analysed, sentiment: 'negative' },
    fcr: { ...analysed, followedByRepeat: true },
    repeatRate: { ...analysed, followedByRepeat: true },
    followedByRepeatCalls: { ...analysed, followedByRepeat: true },
    repeatCalls: { ...analysed, repeatCall: true },
    repeatPendingCalls: { ...analysed, repeatPending: true },
    complianceScore: analysed,
    complianceRate: { ...analysed, compliant: false },
    nonCompliantCalls: { ...analysed, compliant: false },
    qaScore: { ...analysed, evaluated: true },
    evaluatedCalls: { ...analysed, evaluated: true },
    escalationRate: { ...analysed, escalated: true },
    escalatedCalls: { ...analysed, escalated: true },
    churnRiskCalls: { ...analysed, churnRisk: 'high' },
    churnRiskRate: { ...analysed, churnRisk: 'high' },
    fakeCalls: { ...analysed, fakeCall: true },
    fakeCallRate: { ...analysed, fakeCall: true },
    resolvedRate: { ...analysed, resolved: true },
    totalCost: analysed,
    costPerAnalysedCall: analysed,
  };
}
