/**
 * Churn insight: the churn signals behind the selection's risk (counted with the metrics
 * module's churnRisk on each call's stored signals, so a reason means exactly what the score
 * counted), quotes where customers said it, what followed high-risk calls per vendor and agent,
 * and the customers ranked by rolling risk.
 */
import type { ChurnRiskLevel } from '../../../generated/data.types.ts';
import type {
  AtRiskCustomer,
  AtRiskCustomerQuery,
  AtRiskCustomers,
  ChurnFollowUpRow,
  ChurnInsightQuery,
  ChurnInsights,
  ChurnSignal,
  VocQuote,
} from '../../customer-insight.ts';
import { DISPOSITIONS } from '../../../domain/dispositions/index.ts';
import { customerName } from '../../corpus/catalog.ts';
import { CHURN_LEVELS, SIGNAL_BITS, callId, customerId, type Corpus } from '../../corpus/corpus.ts';
import { analyseCall, rebuildTranscript } from '../../corpus/generate.ts';
import { asList } from '../../filters.ts';
import type { CallFilters } from '../../source.ts';
import { CHURN_SIGNALS as SIGNALS, churnSignalsOf } from '../insight-filters.ts';
import { page } from '../page.ts';
import { customerSegment } from '../rows.ts';
import { selectCalls } from '../select.ts';
import { followUpOutcome, type FollowUpOutcome } from './rules.ts';
import { quoteOf } from './quotes.ts';

const DAY_MS = 86_400_000;
export function churnInsights(corpus: Corpus, query: ChurnInsightQuery): ChurnInsights {
  const filters = query.filters ?? {};
  const perReason = query.quotesPerReason ?? 3;
  const c = corpus.cols;
  const indices = selectCalls(corpus, { ...filters, status: 'analysed' });
  const counts = new Map(SIGNALS.map((s) => [s, 0]));
  const examples = new Map<ChurnSignal, number[]>(SIGNALS.map((s) => [s, []]));
  // Newest first, so the examples are the latest calls showing each signal.
  for (let k = indices.length - 1; k >= 0; k--) {
    const i = indices[k]!;
    for (const s of churnSignalsOf(corpus, i)) {
      counts.set(s, counts.get(s)! + 1);
      const list = examples.get(s)!;
      if (list.length < perReason * 3) list.push(i);
    }
  }
  const high = CHURN_LEVELS.indexOf('high');
  const highRisk: HighRiskCall[] = [];
  for (const i of indices) {
    if (c.churnLevel[i] !== high) continue;
    highRisk.push({ i, next: c.followedByRepeat[i] === 1 ? nextCall(corpus, i) : -1 });
  }
  return churnInsightsResult(corpus, query, {
    analysed: indices.length,
    calls: SIGNALS.map((s) => counts.get(s)!),
    examples: SIGNALS.map((s) => examples.get(s)!),
    highRisk,
  });
}

/** A high-risk call of the selection and the customer's next call after it (-1: none). */
export interface HighRiskCall {
  i: number;
  /** nextCall's answer when the call was followed by a repeat, else -1. */
  next: number;
}

/** What churn insight reads from the analysed calls of the selection. */
export interface ChurnCounts {
  analysed: number;
  /** Calls showing each signal (CHURN_SIGNALS order). */
  calls: number[];
  /** Per signal, its newest calls (newest first, up to 3 per quote asked). */
  examples: number[][];
  /** The high-risk calls, oldest first. */
  highRisk: readonly HighRiskCall[];
}

/** The answer from the counts: quotes from the examples, follow-ups from the high-risk calls. */
export function churnInsightsResult(
  corpus: Corpus,
  query: ChurnInsightQuery,
  counts: ChurnCounts,
): ChurnInsights {
  const perReason = query.quotesPerReason ?? 3;
  return {
    analysedCalls: counts.analysed,
    reasons: SIGNALS.map((signal, k) => ({
      signal,
      calls: counts.calls[k]!,
      quotes: quotesFor(corpus, signal, counts.examples[k]!, perReason),
    })),
    followUp: followUps(corpus, counts.highRisk, query.filters ?? {}),
  };
}

/** Where the customer said it: the evidence of the signal in each example call, distinct texts. */
function quotesFor(
  corpus: Corpus,
  signal: ChurnSignal,
  calls: number[],
  limit: number,
): VocQuote[] {
  const out: VocQuote[] = [];
  const texts = new Set<string>();
  for (const i of calls) {
    if (out.length >= limit) break;
    const transcript = rebuildTranscript(corpus, i);
    const a = analyseCall(corpus, i, transcript);
    const evidence =
      signal === 'cancellation-intent'
        ? a.signals.cancellationIntent
        : signal === 'competitor-mention'
          ? a.signals.competitorMention
          : signal === 'unresolved-negative-end'
            ? [...a.endEvidence].sort(
                (x, y) =>
                  transcript.segments[x.segment]!.sentimentScore -
                  transcript.segments[y.segment]!.sentimentScore,
              )
            : // Repeated contact is a count of calls; the customer's first turn says why they called.
              transcript.segments
                .filter((s) => s.speaker === 'CUSTOMER')
                .slice(0, 1)
                .map((s) => ({ segment: s.index }));
    const first = evidence[0];
    if (!first) continue;
    const segment = transcript.segments[first.segment]!;
    if (texts.has(segment.text)) continue;
    texts.add(segment.text);
    out.push(quoteOf(corpus, i, segment));
  }
  return out;
}

/** The customer's next call after call i (a transfer within minutes is the same contact), or -1. */
function nextCall(corpus: Corpus, i: number): number {
  const c = corpus.cols;
  const { repeatWindowDays, transferWindowMinutes } = corpus.settings.smart;
  const end = c.startMs[i]! + c.durationMs[i]! + c.holdMs[i]!;
  const earliest = end + transferWindowMinutes * 60_000;
  const latest = end + repeatWindowDays * DAY_MS;
  for (let j = i + 1; j < corpus.n && c.startMs[j]! <= latest; j++) {
    if (c.customer[j] === c.customer[i] && c.startMs[j]! >= earliest) return j;
  }
  return -1;
}

function outcomeOf(corpus: Corpus, j: number): FollowUpOutcome {
  const c = corpus.cols;
  return followUpOutcome({
    analysed: c.status[j] === 0,
    dispositionGroup: DISPOSITIONS[c.disposition[j]!]!.group,
    cancellationIntent: (c.signals[j]! & SIGNAL_BITS.cancellationIntent) !== 0,
    resolved: c.resolved[j] === 1,
    churnLevel: CHURN_LEVELS[c.churnLevel[j]!]!,
  });
}

function followUps(corpus: Corpus, highRisk: readonly HighRiskCall[], filters: CallFilters) {
  const c = corpus.cols;
  const base: CallFilters = { ...filters, status: 'analysed', churnRisk: 'high' };
  const row = (key: string, label: string, rowFilters: CallFilters): ChurnFollowUpRow => ({
    key,
    label,
    highRiskCalls: 0,
    contactedAgain: 0,
    saved: 0,
    churned: 0,
    open: 0,
    filters: rowFilters,
  });
  const vendors = new Map<number, ChurnFollowUpRow>();
  const agents = new Map<number, ChurnFollowUpRow>();
  const total = row('total', 'All', base);
  for (const { i, next: j } of highRisk) {
    const v = c.vendor[i]!;
    const a = c.agent[i]!;
    const vendor = corpus.cast.vendors[v]!;
    const agent = corpus.cast.agents[a]!;
    if (!vendors.has(v))
      vendors.set(v, row(vendor.id, vendor.name, { ...base, vendorId: vendor.id }));
    if (!agents.has(a)) agents.set(a, row(agent.id, agent.name, { ...base, agentId: agent.id }));
    const rows = [total, vendors.get(v)!, agents.get(a)!];
    const again = c.followedByRepeat[i] === 1;
    const outcome = j >= 0 ? outcomeOf(corpus, j) : null;
    for (const r of rows) {
      r.highRiskCalls += 1;
      if (!again) continue;
      r.contactedAgain += 1;
      r[outcome ?? 'open'] += 1;
    }
  }
  const ranked = (m: Map<number, ChurnFollowUpRow>) =>
    [...m.values()].sort(
      (x, y) => y.highRiskCalls - x.highRiskCalls || x.label.localeCompare(y.label),
    );
  return { vendors: ranked(vendors), agents: ranked(agents), total };
}

/**
 * Customers of the selection ranked by rolling churn risk: the highest churn score of their
 * analysed calls in the 30 days up to their last call in the selection (the same window the
 * customer record's churn level uses).
 */
export function atRiskCustomers(corpus: Corpus, query: AtRiskCustomerQuery): AtRiskCustomers {
  page(query); // the page asked is checked first
  const c = corpus.cols;
  const indices = selectCalls(corpus, query.filters ?? {});
  const byCustomer = new Map<number, number[]>();
  for (const i of indices) {
    const list = byCustomer.get(c.customer[i]!);
    if (list) list.push(i);
    else byCustomer.set(c.customer[i]!, [i]);
  }
  const risks: CustomerRisk[] = [];
  for (const [customer, calls] of byCustomer) {
    const last = calls[calls.length - 1]!;
    const since = c.startMs[last]! - 30 * DAY_MS;
    let risk = -1;
    for (let k = calls.length - 1; k >= 0 && c.startMs[calls[k]!]! >= since; k--) {
      const i = calls[k]!;
      if (c.status[i] !== 0) continue;
      if (risk < 0 || c.churnScore[i]! > c.churnScore[risk]!) risk = i;
    }
    if (risk >= 0) risks.push({ customer, last, calls: calls.length, risk });
  }
  return atRiskResult(corpus, query, risks);
}

/** A customer of the selection with an analysed call in the 30 days up to their last one. */
export interface CustomerRisk {
  customer: number;
  /** Their last call in the selection. */
  last: number;
  /** Their calls in the selection. */
  calls: number;
  /** The analysed call of those 30 days with the highest churn score (the newest of equals). */
  risk: number;
}

/** The ranked, filtered page from each customer's risk call. */
export function atRiskResult(
  corpus: Corpus,
  query: AtRiskCustomerQuery,
  risks: readonly CustomerRisk[],
): AtRiskCustomers {
  const { offset, limit } = page(query);
  const c = corpus.cols;
  const filters = query.filters ?? {};
  const levels = { low: 0, medium: 0, high: 0 } as Record<ChurnRiskLevel, number>;
  const wantLevels = asList(query.level);
  const wantSegments = asList(query.segment);
  const segments = new Set<string>();
  const rows: AtRiskCustomer[] = [];
  for (const { customer, last, calls, risk } of risks) {
    const level = CHURN_LEVELS[c.churnLevel[risk]!]!;
    levels[level] += 1;
    const segment = customerSegment(customer);
    segments.add(segment);
    if (wantLevels && !wantLevels.includes(level)) continue;
    if (wantSegments && !wantSegments.includes(segment)) continue;
    rows.push({
      customerId: customerId(customer),
      name: customerName(customer),
      segment,
      score: Math.round(c.churnScore[risk]! * 1000) / 1000,
      level,
      reasons: churnSignalsOf(corpus, risk),
      riskCallId: callId(risk),
      lastContactAt: new Date(c.startMs[last]!).toISOString(),
      contactsIn30Days: c.contactsIn30Days[last]!,
      calls,
      filters: { ...filters, customerId: customerId(customer) },
    });
  }
  rows.sort(
    (a, b) =>
      b.score - a.score ||
      b.lastContactAt.localeCompare(a.lastContactAt) ||
      a.customerId.localeCompare(b.customerId),
  );
  return {
    total: rows.length,
    offset,
    limit,
    items: rows.slice(offset, offset + limit),
    levels,
    segments: [...segments].sort(),
  };
}
