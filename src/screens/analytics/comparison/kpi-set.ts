/**
 * The KPIs the comparison matrix compares, and for each the test that decides whether a group's
 * difference from the baseline is larger than chance: rates are counts of calls out of analysed
 * calls (two-proportion z-test), averages come with their spread (Welch's t-test, or a seeded
 * bootstrap when a group's per-call values are skewed). Counts of calls are shown but not
 * tested: a count is not a sample estimate. A group's tests are then corrected together
 * (Holm–Bonferroni), since the whole KPI set is tested at once.
 */
import type { CallKpis, KpiKey, SpreadMetric, SpreadResult } from '../../../data/index.ts';
import {
  SIGNIFICANCE_LEVEL,
  SKEWED_AT,
  bootstrapMeanDifference,
  holmAdjust,
  skewness,
  summariseMoments,
  twoProportionTest,
  welchTest,
  type DifferenceTest,
} from '../../../metrics/index.ts';

/** Per-call values each group sends for the bootstrap (an even spread when it has more). */
export const BOOTSTRAP_VALUES = 4000;

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
    case 'mean': {
      const [x, y] = [a.spread[kpi.metric], b.spread[kpi.metric]];
      if (isSkewed(x.values) || isSkewed(y.values))
        return bootstrapMeanDifference(
          { values: x.values!, n: x.n },
          { values: y.values!, n: y.n },
        );
      return welchTest(summariseMoments(x), summariseMoments(y));
    }
  }
}

function isSkewed(values: readonly number[] | undefined): boolean {
  const g = values ? skewness(values) : null;
  return g !== null && Math.abs(g) >= SKEWED_AT;
}

/** A test with its Holm–Bonferroni adjusted p; `significant` is decided on the adjusted p. */
export interface CorrectedTest extends DifferenceTest {
  adjustedP: number;
}

/** Group B against the baseline A on every KPI of the set, corrected together (Holm). */
export function compareGroup(
  kpis: readonly ComparedKpi[],
  a: GroupData,
  b: GroupData,
): (CorrectedTest | null)[] {
  const tests = kpis.map((k) => compareKpi(k, a, b));
  const adjusted = holmAdjust(tests.map((t) => t?.p ?? null));
  return tests.map((t, k) =>
    t ? { ...t, adjustedP: adjusted[k]!, significant: adjusted[k]! < SIGNIFICANCE_LEVEL } : null,
  );
}
