/**
 * The KPIs the comparison matrix compares, and for each the test that decides whether a group's
 * difference from the baseline is larger than chance: rates are counts of calls out of analysed
 * calls (two-proportion z-test), averages come with their spread (Welch's t-test). Counts of
 * calls are shown but not tested: a count is not a sample estimate.
 */
import type { CallKpis, KpiKey, SpreadMetric, SpreadResult } from '../../../data/index.ts';
import {
  summariseMoments,
  twoProportionTest,
  welchTest,
  type DifferenceTest,
} from '../../../metrics/index.ts';

export interface GroupData {
  kpis: CallKpis;
  spread: SpreadResult;
}

export type ComparedKpi =
  | { metric: KpiKey; kind: 'count' }
  | { metric: KpiKey; kind: 'rate'; count: (k: CallKpis) => number }
  | { metric: KpiKey & SpreadMetric; kind: 'mean' };

export const COMPARED_KPIS: readonly ComparedKpi[] = [
  { metric: 'analysedCalls', kind: 'count' },
  { metric: 'ahtMs', kind: 'mean' },
  { metric: 'customerSentiment', kind: 'mean' },
  { metric: 'qaScore', kind: 'mean' },
  { metric: 'complianceRate', kind: 'rate', count: (k) => k.analysedCalls - k.nonCompliantCalls },
  { metric: 'fcr', kind: 'rate', count: (k) => k.analysedCalls - k.followedByRepeatCalls },
  { metric: 'escalationRate', kind: 'rate', count: (k) => k.escalatedCalls },
  { metric: 'churnRiskRate', kind: 'rate', count: (k) => k.churnRiskCalls },
  { metric: 'fakeCallRate', kind: 'rate', count: (k) => k.fakeCalls },
  // The KPIs carry the resolved share, not the count: the count is the share of the analysed calls.
  {
    metric: 'resolvedRate',
    kind: 'rate',
    count: (k) => Math.round((k.resolvedRate ?? 0) * k.analysedCalls),
  },
  { metric: 'costPerAnalysedCall', kind: 'mean' },
];

/** Group B against the baseline A for one KPI; null when not tested or not testable. */
export function compareKpi(kpi: ComparedKpi, a: GroupData, b: GroupData): DifferenceTest | null {
  switch (kpi.kind) {
    case 'count':
      return null;
    case 'rate':
      return twoProportionTest(
        { count: kpi.count(a.kpis), n: a.kpis.analysedCalls },
        { count: kpi.count(b.kpis), n: b.kpis.analysedCalls },
      );
    case 'mean':
      return welchTest(
        summariseMoments(a.spread[kpi.metric]),
        summariseMoments(b.spread[kpi.metric]),
      );
  }
}
