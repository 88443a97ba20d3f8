/**
 * What repeats cost and what the first call looked like: the repeat calls priced by each
 * vendor's rate card, and the repeat rate by the first call's resolution and end sentiment.
 * Counts come from the corpus' repeat flags and KPIs from the shared accumulator, so every
 * figure equals the dashboard's for the same filters.
 */
import { handleTimeMs, handlingCost, sentimentBand } from '../../metrics/index.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { filterFor } from '../filters.ts';
import type {
  RepeatCostQuery,
  RepeatCostResult,
  RepeatFactorQuery,
  RepeatFactorResult,
  RepeatFactorRow,
} from '../repeat-queries.ts';
import type { CallFilters } from '../source.ts';
import { FIELD_COUNT, addCall, kpisAt } from './accumulate.ts';
import { selectCalls } from './select.ts';

export function repeatCost(corpus: Corpus, query: RepeatCostQuery): RepeatCostResult {
  const c = corpus.cols;
  const vendors = corpus.cast.vendors;
  const filters: CallFilters = { ...(query.filters ?? {}), repeatCall: true };
  const calls = new Float64Array(vendors.length);
  const handleMs = new Float64Array(vendors.length);
  for (const i of selectCalls(corpus, filters)) {
    const v = c.vendor[i]!;
    calls[v]! += 1;
    handleMs[v]! += handleTimeMs({
      durationMs: c.durationMs[i]!,
      ivrMs: c.ivrMs[i]!,
      holdMs: c.holdMs[i]!,
      acwMs: c.acwMs[i]!,
    });
  }
  return repeatCostResult(corpus, filters, calls, handleMs);
}

/**
 * The cost rows from each vendor's repeat calls and their handle time (index: vendor code),
 * priced by its rate card (the API server sums them in SQL, then here).
 */
export function repeatCostResult(
  corpus: Corpus,
  filters: CallFilters,
  calls: Float64Array,
  handleMs: Float64Array,
): RepeatCostResult {
  const vendors = corpus.cast.vendors;
  const rows = vendors
    .map((vendor, v) => ({
      vendorId: vendor.id,
      vendorName: vendor.name,
      repeatCalls: calls[v]!,
      handleMinutes: handleMs[v]! / 60_000,
      cost: handlingCost(calls[v]!, handleMs[v]!, vendor.rateCard),
      rateCard: { ...vendor.rateCard },
      filters: filterFor('vendor', vendor.id, filters),
    }))
    .filter((row) => row.repeatCalls > 0)
    .sort((a, b) => b.cost - a.cost || a.vendorName.localeCompare(b.vendorName));
  const total = { repeatCalls: 0, handleMinutes: 0, cost: 0, filters };
  for (const row of rows) {
    total.repeatCalls += row.repeatCalls;
    total.handleMinutes += row.handleMinutes;
    total.cost += row.cost;
  }
  return { rows, total, currency: vendors[0]?.rateCard.currency ?? 'USD' };
}

const RESOLUTION = [
  { key: 'resolved', label: 'Resolved on the call', resolved: true },
  { key: 'unresolved', label: 'Not resolved', resolved: false },
] as const;
const END_BANDS = [
  { key: 'negative', label: 'Negative at the end' },
  { key: 'neutral', label: 'Neutral at the end' },
  { key: 'positive', label: 'Positive at the end' },
] as const;

export function repeatFactors(corpus: Corpus, query: RepeatFactorQuery): RepeatFactorResult {
  const c = corpus.cols;
  const base = query.filters ?? {};
  // Groups: 0-1 resolution, 2-4 end-sentiment band, 5 every call of the selection.
  const acc = new Float64Array(REPEAT_FACTOR_BLOCKS * FIELD_COUNT);
  for (const i of selectCalls(corpus, base)) {
    addCall(acc, 5 * FIELD_COUNT, corpus, i);
    if (c.status[i] !== 0) continue;
    addCall(acc, (c.resolved[i] === 1 ? 0 : 1) * FIELD_COUNT, corpus, i);
    const end = c.customerEndSentiment[i]!;
    if (Number.isNaN(end)) continue;
    const band = END_BANDS.findIndex((b) => b.key === sentimentBand(end));
    addCall(acc, (2 + band) * FIELD_COUNT, corpus, i);
  }
  return repeatFactorResult(base, acc);
}

/** Accumulator blocks of repeatFactors: resolution (0-1), end band (2-4), the selection (5). */
export const REPEAT_FACTOR_BLOCKS = 6;
/** The end-sentiment bands in block order (from block 2). */
export const END_BAND_KEYS = END_BANDS.map((b) => b.key);

/** The rows from the KPI sums of each block (the API server sums them in SQL, then here). */
export function repeatFactorResult(base: CallFilters, acc: Float64Array): RepeatFactorResult {
  const keep = (row: RepeatFactorRow) => row.metrics.calls > 0;
  return {
    resolution: RESOLUTION.map((r, g) => ({
      key: r.key,
      label: r.label,
      metrics: kpisAt(acc, g),
      filters: { ...base, resolved: r.resolved },
    })).filter(keep),
    // No call filter narrows to the end of a call's sentiment, so these rows do not drill.
    endSentiment: END_BANDS.map((b, k) => ({
      key: b.key,
      label: b.label,
      metrics: kpisAt(acc, 2 + k),
      filters: null,
    })).filter(keep),
    total: kpisAt(acc, 5),
  };
}
