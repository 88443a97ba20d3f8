/**
 * Volumes for the ROI calculator from the organisation's calls: the last 90 days of data,
 * scaled to a year. The savings assume every vendor could do as well as the best vendor on
 * handle time, repeat calls and compliance (a benchmark the centre already reaches somewhere),
 * and that the evaluations analysts score by hand today are the QA time the product frees (it
 * scores every call itself).
 * Each value comes with the sentence that says how it was computed.
 */
import {
  gapToBestGroup,
  perYear,
  type RoiScenario,
  type RoiScenarioField,
} from '../../../metrics/index.ts';
import type { AggregateResult as VendorAggregate, CallFilters } from '../../../data/index.ts';
import { formatClock, formatCount, formatMoney, formatShare } from '../../../ui/format.ts';
import { callListHref } from '../../../ui/links.ts';

export const DATA_DAYS = 90;

export interface DataFacts {
  /** Calls by vendor over the period. */
  vendors: VendorAggregate;
  /** Evaluations analysts scored by hand (human and calibration) in the period. */
  manualEvaluations: number;
  agents: number;
  days: number;
  currency: string;
  /** The period's filters, for the drill-down links. */
  filters: CallFilters;
}

export interface DataDefaults {
  values: Partial<RoiScenario>;
  how: Partial<Record<RoiScenarioField, string>>;
  /** The calls behind a figure, as a call-list address. */
  drill: Partial<Record<RoiScenarioField, string>>;
}

export function dataDefaults(facts: DataFacts): DataDefaults {
  const { vendors, days } = facts;
  const total = vendors.total;
  const n = total.analysedCalls;
  const rows = vendors.rows.map((r) => ({ label: r.label, m: r.metrics }));
  const year = (count: number) => Math.round(perYear(count, days));

  const aht = gapToBestGroup(
    rows.map((r) => ({ value: r.m.ahtMs, weight: r.m.analysedCalls })),
    'lower',
  );
  const repeats = gapToBestGroup(
    rows.map((r) => ({ value: r.m.repeatRate, weight: r.m.analysedCalls })),
    'lower',
  );
  const nonCompliant = gapToBestGroup(
    rows.map((r) => ({
      value: r.m.complianceRate === null ? null : 1 - r.m.complianceRate,
      weight: r.m.analysedCalls,
    })),
    'lower',
  );
  const ahtSeconds = n > 0 ? Math.round(aht.saving / n / 1000) : 0;
  const period = `the last ${days} days`;
  const analysed = { ...facts.filters, status: 'analysed' as const };
  return {
    drill: {
      handledCallsPerYear: callListHref(analysed),
      avoidedRepeatCallsPerYear: callListHref({ ...analysed, followedByRepeat: true }),
      avoidedNonCompliantCallsPerYear: callListHref({ ...analysed, compliant: false }),
    },
    values: {
      agents: facts.agents,
      analysisCostPerYear: Math.round(perYear(total.totalCost, days)),
      handledCallsPerYear: year(n),
      ahtReductionSeconds: ahtSeconds,
      avoidedRepeatCallsPerYear: year(repeats.saving),
      automatedEvaluationsPerYear: year(facts.manualEvaluations),
      avoidedNonCompliantCallsPerYear: year(nonCompliant.saving),
    },
    how: {
      agents: `${formatCount(facts.agents)} agents in your organisation.`,
      analysisCostPerYear: `${formatMoney(total.totalCost, facts.currency)} of analysis in ${period} × 365 / ${days}.`,
      handledCallsPerYear: `${formatCount(n)} analysed calls in ${period} × 365 / ${days}.`,
      ahtReductionSeconds:
        aht.best === null
          ? 'No handle time in the data.'
          : `If every vendor handled calls as fast as the fastest (AHT ${formatClock(aht.best)}): ${formatCount(Math.round(aht.saving / 1000))} s saved over ${formatCount(n)} calls.`,
      avoidedRepeatCallsPerYear:
        repeats.best === null
          ? 'No repeat calls in the data.'
          : `If every vendor’s repeat rate were the best vendor’s (${formatShare(repeats.best)}): ${formatCount(Math.round(repeats.saving))} fewer repeats in ${period}, × 365 / ${days}.`,
      automatedEvaluationsPerYear: `${formatCount(facts.manualEvaluations)} evaluations scored by hand in ${period} × 365 / ${days}: the product scores every call, so this analyst time is freed.`,
      avoidedNonCompliantCallsPerYear:
        nonCompliant.best === null
          ? 'No compliance results in the data.'
          : `If every vendor’s non-compliant share were the best vendor’s (${formatShare(nonCompliant.best)}): ${formatCount(Math.round(nonCompliant.saving))} fewer in ${period}, × 365 / ${days}.`,
    },
  };
}
