/** Leads, evaluations and usage records. */
import type { Lead, UsageRecord } from '../../generated/data.types.ts';
import { REVIEW_STATUSES, scoringForm, callId, callIndex, type Corpus } from '../corpus/corpus.ts';
import { asList } from '../filters.ts';
import { utcDay } from '../period.ts';
import {
  type CallFilters,
  type EvaluationQuery,
  type EvaluationRow,
  type LeadDetail,
  type LeadQuery,
  type Page,
  type UsageQuery,
  type UsageResult,
} from '../source.ts';
import { addFigures, emptyFigures, vendorDailyBudget } from './usage-figures.ts';
import { leadEvidence } from './lead-evidence.ts';
import { currentLeads } from './lead-owners.ts';
import { callRow } from './rows.ts';
import { selectCalls } from './select.ts';
import { clone, page } from './page.ts';

/** What the leads list's text filter looks in. */
export function leadText(lead: Lead): string[] {
  return [lead.name, lead.campaign, ...lead.signals];
}

export function leads(corpus: Corpus, query: LeadQuery): Page<Lead> {
  const { offset, limit } = page(query);
  const temperature = asList(query.temperature);
  const stage = asList(query.stage);
  const owner = asList(query.ownerAgentId);
  const text = query.text?.trim().toLowerCase();
  let list = currentLeads(corpus).filter(
    (l) =>
      (!temperature || temperature.includes(l.temperature)) &&
      (!stage || stage.includes(l.stage)) &&
      (!owner || owner.includes(l.ownerAgentId)) &&
      (!text || leadText(l).some((s) => s.toLowerCase().includes(text))),
  );
  const sort = query.sort ?? { field: 'score', direction: 'desc' };
  const sign = sort.direction === 'asc' ? 1 : -1;
  list = [...list].sort(
    (a, b) =>
      (sort.field === 'score'
        ? a.score - b.score
        : String(a[sort.field]).localeCompare(String(b[sort.field]))) * sign ||
      a.id.localeCompare(b.id),
  );
  return { total: list.length, offset, limit, items: clone(list.slice(offset, offset + limit)) };
}

export function lead(corpus: Corpus, id: string): LeadDetail | null {
  const lead = currentLeads(corpus).find((l) => l.id === id);
  if (!lead) return null;
  return {
    lead: clone(lead),
    calls: lead.callIds.map((cid) => callRow(corpus, callIndex(cid, corpus.n))),
    evidence: leadEvidence(corpus, lead),
  };
}

/** An evaluation row's call and whether it is the call's review (else the AI's evaluation). */
export interface EvaluationPick {
  readonly i: number;
  readonly human: boolean;
}

export function evaluations(corpus: Corpus, query: EvaluationQuery): Page<EvaluationRow> {
  const { offset, limit } = page(query);
  const c = corpus.cols;
  const sources = asList(query.source);
  const statuses = asList(query.status);
  const rows: EvaluationPick[] = [];
  for (const i of selectCalls(corpus, { ...(query.filters ?? {}), status: 'analysed' })) {
    if ((!sources || sources.includes('ai')) && (!statuses || statuses.includes('submitted')))
      rows.push({ i, human: false });
    const review = c.reviewSource[i]!;
    if (review) {
      const source = review === 2 ? 'calibration' : 'human';
      if (
        (!sources || sources.includes(source)) &&
        (!statuses || statuses.includes(REVIEW_STATUSES[c.reviewStatus[i]!]!))
      )
        rows.push({ i, human: true });
    }
  }
  const sort = query.sort ?? { field: 'startedAt', direction: 'desc' };
  const sign = sort.direction === 'asc' ? 1 : -1;
  const scoreOf = (r: EvaluationPick) => (r.human ? c.reviewScore[r.i]! : c.aiQaScore[r.i]!);
  const agents = corpus.cast.agents;
  rows.sort((a, b) => {
    if (sort.field === 'score') return (scoreOf(a) - scoreOf(b)) * sign || b.i - a.i;
    if (sort.field === 'agentName')
      return (
        agents[c.agent[a.i]!]!.name.localeCompare(agents[c.agent[b.i]!]!.name) * sign || b.i - a.i
      );
    return (a.i - b.i) * sign || Number(a.human) - Number(b.human);
  });
  const items = rows.slice(offset, offset + limit).map((pick) => evaluationRow(corpus, pick));
  return { total: rows.length, offset, limit, items };
}

/** One row of the evaluations list. */
export function evaluationRow(corpus: Corpus, { i, human }: EvaluationPick): EvaluationRow {
  const c = corpus.cols;
  const agents = corpus.cast.agents;
  const form = scoringForm(corpus);
  const score = human ? c.reviewScore[i]! : c.aiQaScore[i]!;
  const id = callId(i);
  return {
    id: `eval-${id}-${human ? 'human' : 'ai'}`,
    callId: id,
    startedAt: new Date(c.startMs[i]!).toISOString(),
    agentId: agents[c.agent[i]!]!.id,
    agentName: agents[c.agent[i]!]!.name,
    vendorName: corpus.cast.vendors[c.vendor[i]!]!.name,
    formId: form.id,
    formVersion: form.version,
    source: human ? (c.reviewSource[i] === 2 ? 'calibration' : 'human') : 'ai',
    status: human ? REVIEW_STATUSES[c.reviewStatus[i]!]! : 'submitted',
    score: Number.isNaN(score) ? null : Math.round(score * 1000) / 1000,
    autoFailed: (c.qaAutoFailed[i]! & (human ? 2 : 1)) !== 0,
  };
}

/** The calls a usage query covers: its period, of its vendors. */
export function usageFilters(query: UsageQuery): CallFilters {
  return {
    from: query.from,
    to: query.to,
    ...(query.vendorId !== undefined ? { vendorId: query.vendorId } : {}),
  };
}

/** A day's record of one vendor (by its index in the cast), with no call yet. */
export function usageRecord(corpus: Corpus, day: string, vendor: number): UsageRecord {
  const vendors = corpus.cast.vendors;
  const cap = corpus.settings.costControl.monthlyCap;
  return {
    day,
    vendorId: vendors[vendor]!.id,
    ...emptyFigures(),
    budget: vendorDailyBudget(cap, day, vendors.length),
  };
}

export function usage(corpus: Corpus, query: UsageQuery): UsageResult {
  const c = corpus.cols;
  const byKey = new Map<string, UsageRecord>();
  for (const i of selectCalls(corpus, usageFilters(query))) {
    const day = utcDay(c.startMs[i]!);
    const key = `${day}|${c.vendor[i]}`;
    let r = byKey.get(key);
    if (!r) byKey.set(key, (r = usageRecord(corpus, day, c.vendor[i]!)));
    const minutes = c.durationMs[i]! / 60_000;
    r.calls += 1;
    r.audioMinutes += minutes;
    // 64 kbit/s mono audio: 0.48 MB per minute.
    r.storageGb += (minutes * 0.48) / 1024;
    if (c.status[i] === 0) {
      r.analysedCalls += 1;
      r.asrMinutes += minutes;
      r.cost += c.cost[i]!;
    }
  }
  return usageResult(corpus, [...byKey.values()]);
}

/** The records by day and vendor, and their totals. */
export function usageResult(corpus: Corpus, records: UsageRecord[]): UsageResult {
  records.sort((a, b) => a.day.localeCompare(b.day) || a.vendorId.localeCompare(b.vendorId));
  const totals = emptyFigures();
  for (const r of records) addFigures(totals, r);
  return { records, totals, currency: corpus.settings.costControl.rates.currency };
}
