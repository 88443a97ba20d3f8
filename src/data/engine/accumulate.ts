/**
 * KPI sums straight from the columns: one pass over the selected calls, adding into a flat
 * Float64Array of groups x fields. Mirrors metrics' addCallToTotals exactly (a unit test
 * checks they agree), then metrics' summariseKpis turns sums into KPIs.
 */
import {
  handleTimeMs,
  sentimentBand,
  sentimentScored,
  summariseKpis,
  type CallKpis,
  type KpiTotals,
} from '../../metrics/index.ts';
import { KPI_TOTAL_FIELDS } from '../../metrics/index.ts';
import { EXCLUDED_STATUS, type Corpus } from '../corpus/corpus.ts';

const F = Object.fromEntries(KPI_TOTAL_FIELDS.map((f, k) => [f, k])) as Record<
  (typeof KPI_TOTAL_FIELDS)[number],
  number
>;
export const FIELD_COUNT = KPI_TOTAL_FIELDS.length;

/** Adds call i into acc at group offset base (= group * FIELD_COUNT). */
export function addCall(acc: Float64Array, base: number, corpus: Corpus, i: number): void {
  const c = corpus.cols;
  acc[base + F.calls]! += 1;
  if (c.status[i] !== 0) {
    if (c.status[i] === EXCLUDED_STATUS) acc[base + F.excluded]! += 1;
    return;
  }
  acc[base + F.analysed]! += 1;
  acc[base + F.handleMs]! += handleTimeMs({
    durationMs: c.durationMs[i]!,
    ivrMs: c.ivrMs[i]!,
    holdMs: c.holdMs[i]!,
    acwMs: c.acwMs[i]!,
  });
  acc[base + F.durationMs]! += c.durationMs[i]!;
  acc[base + F.agentTalkMs]! += c.agentTalkMs[i]!;
  acc[base + F.customerTalkMs]! += c.customerTalkMs[i]!;
  acc[base + F.silenceMs]! += c.silenceMs[i]!;
  acc[base + F.interruptions]! += c.interruptions[i]!;
  const as = c.agentSentiment[i]!;
  if (!Number.isNaN(as)) {
    acc[base + F.agentSentimentSum]! += as;
    acc[base + F.agentSentimentN]! += 1;
  }
  const cs = c.customerSentiment[i]!;
  if (sentimentScored(cs)) {
    acc[base + F.customerSentimentSum]! += cs;
    acc[base + F.customerSentimentN]! += 1;
    if (sentimentBand(cs) === 'negative') acc[base + F.negative]! += 1;
  }
  const tr = c.sentimentTrend[i]!;
  if (!Number.isNaN(tr)) {
    acc[base + F.trendSum]! += tr;
    acc[base + F.trendN]! += 1;
  }
  acc[base + F.followedByRepeat]! += c.followedByRepeat[i]!;
  acc[base + F.repeatCalls]! += c.repeatCall[i]!;
  acc[base + F.repeatPending]! += c.repeatPending[i]!;
  const comp = c.complianceScore[i]!;
  if (!Number.isNaN(comp)) {
    acc[base + F.complianceScoreSum]! += comp;
    acc[base + F.complianceScoreN]! += 1;
  }
  if (!c.compliant[i]) acc[base + F.nonCompliant]! += 1;
  const qa = c.qaScore[i]!;
  if (!Number.isNaN(qa)) {
    acc[base + F.qaSum]! += qa;
    acc[base + F.qaN]! += 1;
  }
  if (c.escalation[i]) acc[base + F.escalated]! += 1;
  if (c.churnLevel[i] === 2) acc[base + F.churnHigh]! += 1;
  acc[base + F.fake]! += c.fake[i]!;
  acc[base + F.resolved]! += c.resolved[i]!;
  acc[base + F.cost]! += c.cost[i]!;
}

export function totalsAt(acc: Float64Array, group: number): KpiTotals {
  const totals = {} as KpiTotals;
  const base = group * FIELD_COUNT;
  KPI_TOTAL_FIELDS.forEach((f, k) => (totals[f] = acc[base + k]!));
  return totals;
}

export function kpisAt(acc: Float64Array, group: number): CallKpis {
  return summariseKpis(totalsAt(acc, group));
}

/** KPIs of a set of calls. */
export function kpisOf(corpus: Corpus, indices: Int32Array): CallKpis {
  const acc = new Float64Array(FIELD_COUNT);
  for (let k = 0; k < indices.length; k++) addCall(acc, 0, corpus, indices[k]!);
  return kpisAt(acc, 0);
}
