/**
 * Ingest: the deployment's own calls into the corpus. Each record is read and redacted by the
 * domain's normaliseCall (nothing here sees a card number in clear), its metadata mapped onto
 * the corpus's dictionaries (agents, vendors, teams, sites, queues... created the first time
 * they are named), then analysed by the same code as every generated call (generate.ts's
 * AnalysisStore: src/domain's analysis, the rules, the metrics module), and the cross-call results
 * (repeats, transfers, churn, fake calls, leads) recomputed. Every record is checked before any
 * is written: a bad one is reported by field and changes nothing, and never stops a good one.
 */
import type { Agent, TranscriptSegment, Vendor } from '../../generated/data.types.ts';
import { normaliseCall, type IngestedCall } from '../../domain/ingest/index.ts';
import { PLACEHOLDER, REDACTION_KINDS } from '../../domain/redaction/index.ts';
import { corpusEndMs, todayUtc } from '../corpus/anchor.ts';
import { recomputeAcrossCalls } from '../corpus/across-calls.ts';
import { DISPOSITIONS } from '../../domain/dispositions/index.ts';
import {
  callId,
  customerId,
  customerIndex,
  callIndex,
  type Corpus,
  type IngestedCalls,
} from '../corpus/corpus.ts';
import { AnalysisStore, allocateColumns, setCallFailures } from '../corpus/generate.ts';
import { ingestState, updateOrder } from '../corpus/ingested.ts';
import { SCENARIOS, type TranscriptOutcome } from '../corpus/scenarios.ts';
import { openingIvrEndMs } from '../analysis/formats/parsed.ts';
import { turnSentimentScore } from '../analysis/turn-sentiment.ts';
import { BLOOM_WORDS } from '../text/word-bloom.ts';
import {
  DataSourceError,
  type CallDeletion,
  type CallDeletionResult,
  type IngestCallsRequest,
  type IngestOutcome,
  type IngestReport,
  type IngestRecord,
} from '../source.ts';

/** The topic a call gets from its disposition's group (the demo's topics, one per group). */
const TOPIC_OF_GROUP: Record<string, string> = {
  'Billing Dispute': 'Billing dispute',
  Cancellation: 'Cancellation',
  'Retention Offer': 'Cancellation',
  'Churn Prediction': 'Cancellation',
  'Technical Support': 'Technical issue',
  Sale: 'New sale',
  Complaint: 'Billing dispute',
  'Information Request': 'Account information',
  'Fake Call': 'No conversation',
};

/** The words a call is filed under when its metadata does not name one. */
const NOT_GIVEN = { queue: 'No queue', brand: 'No brand', product: 'No product' } as const;

/** Dictionaries kept in one-byte columns: at most 256 values each. */
const BYTE_DICTIONARY = 256;

/** A new vendor's targets and rate card until the deployment edits them (the demo's defaults). */
function newVendor(id: string, name: string, site: string): Vendor {
  return {
    id,
    name,
    sites: [site],
    sla: { ahtMs: 360_000, qaScore: 0.8, complianceRate: 0.9, fcr: 0.72 },
    rateCard: { currency: 'USD', perHandledMinute: 0.6, perCall: 0.25 },
  };
}

class Rejection extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A call ready to be written: the record, its outcome and where it goes. */
interface Planned {
  index: number;
  sent: IngestRecord['metadata'];
  call: IngestedCall;
  disposition: number;
  outcome: TranscriptOutcome;
}

export function ingestCalls(
  corpus: Corpus,
  request: IngestCallsRequest,
  ingestedAt = new Date().toISOString(),
): IngestReport {
  const calls = Array.isArray(request?.calls) ? request.calls : [];
  if (calls.length === 0)
    throw new DataSourceError('invalid-query', 'The request has no calls', [
      'calls: must hold at least one call',
    ]);
  followClock(corpus, ingestedAt);
  const state = ingestState(corpus);
  const results: IngestOutcome[] = [];
  const planned: Planned[] = [];
  const seen = new Map<string, number>();
  let appended = 0;
  calls.forEach((record, index) => {
    const reject = (field: string, reason: string) =>
      results.push({ index, status: 'rejected', field, reason });
    if (!record || typeof record !== 'object' || !record.metadata || !record.transcript) {
      reject('record', 'must have metadata and a transcript');
      return;
    }
    const read = normaliseCall(record);
    if (!read.ok) {
      // Every problem is reported; the first names the record's field in the summary.
      const [first, ...more] = read.errors;
      reject(
        first!.field,
        [first!.message, ...more.map((e) => `${e.field} ${e.message}`)].join('; '),
      );
      return;
    }
    const call = read.call;
    try {
      checkCall(corpus, call);
      if (seen.has(call.externalId))
        throw new Rejection('id', `repeats record ${seen.get(call.externalId)} of this request`);
      seen.set(call.externalId, index);
      const disposition = dispositionOf(call);
      const existing = state.byExternalId.get(call.externalId);
      const target = existing ?? corpus.n + appended++;
      planned.push({
        index: target,
        sent: record.metadata,
        call,
        disposition,
        outcome: outcomeOf(corpus, call, disposition),
      });
      results.push({
        index,
        status: 'accepted',
        callId: callId(target),
        externalId: call.externalId,
        replaced: existing !== undefined,
        redactions: call.redactions.length,
      });
    } catch (error) {
      if (!(error instanceof Rejection)) throw error;
      reject(error.field, error.message);
    }
  });
  if (planned.length > 0) write(corpus, state, planned, appended, ingestedAt);
  const accepted = results.filter((r) => r.status === 'accepted').length;
  return { accepted, rejected: results.length - accepted, results };
}

/**
 * A deployment's period ends on the day of its latest ingest (the write's own moment, so a
 * restart's replay moves it the same way): the same period length, later. Without this a server
 * started on Monday refused every Tuesday call as "still to come" until restarted.
 */
function followClock(corpus: Corpus, at: string): void {
  const day = todayUtc(Date.parse(at));
  if (!corpus.followsClock || day <= corpus.day) return;
  const span = corpus.toMs - corpus.fromMs;
  corpus.day = day;
  corpus.toMs = corpusEndMs(day);
  corpus.fromMs = corpus.toMs - span;
}

/** What the metadata must say beyond its shape (normaliseCall checked that). */
function checkCall(corpus: Corpus, call: IngestedCall): void {
  const start = Date.parse(call.startedAt);
  if (start >= corpus.toMs)
    throw new Rejection(
      'startedAt',
      `${call.startedAt} is after the deployment's last day (${corpus.day}): a call still to come`,
    );
  if (call.transcript.length === 0) throw new Rejection('transcript', 'has no turns');
}

function dispositionOf(call: IngestedCall): number {
  if (call.disposition === undefined) {
    // Without one, a call where the customer never spoke is no genuine contact; any other is
    // information given (the contract's open, unresolved-free default).
    const spoke = call.transcript.some((s) => s.speaker === 'CUSTOMER');
    return DISPOSITIONS.findIndex((d) => d.code === (spoke ? 'INFO' : 'NO-CONTACT'));
  }
  const wanted = call.disposition.toLowerCase();
  const k = DISPOSITIONS.findIndex(
    (d) => d.code.toLowerCase() === wanted || d.label.toLowerCase() === wanted,
  );
  if (k < 0)
    throw new Rejection(
      'disposition',
      `“${call.disposition}” is not a disposition code (${DISPOSITIONS.map((d) => d.code).join(', ')})`,
    );
  return k;
}

/** The transcript outcome the corpus keeps for the call (what rebuildTranscript returns). */
function outcomeOf(corpus: Corpus, call: IngestedCall, disposition: number): TranscriptOutcome {
  const d = DISPOSITIONS[disposition]!;
  const topic = TOPIC_OF_GROUP[d.group] ?? 'Account information';
  return {
    segments: withPlaceholderMarks(call.transcript),
    durationMs: Math.max(call.durationMs, 1),
    ivrMs: call.ivrMs,
    resolved: d.resolved,
    dispositionCode: d.code,
    topic: corpus.topics.includes(topic) ? topic : corpus.topics[0]!,
    summary: `${topic}: ${d.label.toLowerCase()}`,
  };
}

/**
 * Marks every placeholder in the text as redacted, so a transcript masked before it came (or
 * re-read from the stored, masked form) shows its redactions like one masked here.
 */
function withPlaceholderMarks(segments: TranscriptSegment[]): TranscriptSegment[] {
  const kinds = new Map(REDACTION_KINDS.map((k) => [PLACEHOLDER[k], k]));
  return segments.map((s) => {
    const marks = [...s.redactions];
    for (const m of s.text.matchAll(/\[(card|cvv|expiry|ssn|email|phone)\]/g)) {
      const kind = kinds.get(m[0])!;
      const contract =
        kind === 'email'
          ? 'email'
          : kind === 'phone'
            ? 'phone'
            : kind === 'ssn'
              ? 'ssn'
              : 'card-number';
      if (!marks.some((r) => r.start === m.index))
        marks.push({ start: m.index, end: m.index + m[0].length, kind: contract as never });
    }
    marks.sort((a, b) => a.start - b.start);
    return { ...s, redactions: marks };
  });
}

/** Applies the checked calls: grow the columns, fill them, analyse, recompute across calls. */
function write(
  corpus: Corpus,
  state: IngestedCalls,
  planned: Planned[],
  appended: number,
  ingestedAt: string,
): void {
  // Everything that can refuse (a full dictionary) is resolved before the first column changes.
  const names = planned.map((p) => entityIndices(corpus, state, p.call));
  if (appended > 0) grow(corpus, corpus.n + appended);
  const { cols } = corpus;
  for (const [k, p] of planned.entries()) {
    const i = p.index;
    const e = names[k]!;
    state.byExternalId.set(p.call.externalId, i);
    state.calls.set(i, {
      externalId: p.call.externalId,
      ingestedAt,
      transcript: p.outcome,
      metadata: p.call.metadata,
      sent: p.sent,
    });
    cols.startMs[i] = Date.parse(p.call.startedAt);
    cols.durationMs[i] = p.outcome.durationMs;
    cols.ivrMs[i] = p.outcome.ivrMs;
    cols.holdMs[i] = 0;
    cols.acwMs[i] = 0;
    cols.agent[i] = e.agent;
    cols.vendor[i] = e.vendor;
    cols.team[i] = corpus.cast.agentTeam[e.agent]!;
    cols.site[i] = corpus.cast.agentSite[e.agent]!;
    cols.customer[i] = e.customer;
    cols.direction[i] = p.call.direction === 'outbound' ? 1 : 0;
    cols.queue[i] = e.queue;
    cols.brand[i] = e.brand;
    cols.product[i] = e.product;
    cols.language[i] = e.language;
    cols.disposition[i] = p.disposition;
    cols.dispositionByAi[i] = p.call.disposition === undefined ? 1 : 0;
    cols.status[i] = 0;
    // Unknown for a file without word confidences: the column's neutral value.
    cols.asrConfidence[i] = NaN;
    cols.topic[i] = corpus.topics.indexOf(p.outcome.topic);
    cols.summary[i] = e.summary;
    cols.resolved[i] = p.outcome.resolved ? 1 : 0;
    const store = new AnalysisStore(corpus, i, i + 1);
    store.add(i, p.outcome);
    setCallFailures(corpus, i, store.finish());
    // Sales calls feed leads: an ingested call is one when its analysis heard purchase talk.
    cols.scenario[i] = SCENARIOS.indexOf(
      cols.signals[i]! & 4 || DISPOSITIONS[p.disposition]!.group === 'Sale'
        ? 'sales-lead'
        : 'information-request',
    );
  }
  corpus.fromMs = Math.min(corpus.fromMs, ...planned.map((p) => dayStart(p.call.startedAt)));
  updateOrder(corpus);
  recomputeAcrossCalls(corpus);
}

function dayStart(iso: string): number {
  const ms = Date.parse(iso);
  return ms - (ms % 86_400_000);
}

/** Adds `word` to a one-byte dictionary (once) and returns its index. */
function wordIndex(list: string[], word: string, field: string): number {
  let k = list.indexOf(word);
  if (k >= 0) return k;
  if (list.length >= BYTE_DICTIONARY)
    throw new DataSourceError(
      'invalid-query',
      `The deployment has ${BYTE_DICTIONARY} ${field} values already`,
      [`${field}: no more than ${BYTE_DICTIONARY} different values`],
    );
  k = list.push(word) - 1;
  return k;
}

function entityIndices(corpus: Corpus, state: IngestedCalls, call: IngestedCall) {
  const vendor = vendorIndex(corpus, call.vendor, call.metadata.site);
  return {
    vendor,
    agent: agentIndex(corpus, call, vendor),
    customer: customerIndexOf(corpus, state, call.customer),
    queue: wordIndex(corpus.queues, call.queue ?? NOT_GIVEN.queue, 'queue'),
    brand: wordIndex(corpus.brands, call.metadata.brand ?? NOT_GIVEN.brand, 'brand'),
    product: wordIndex(corpus.products, call.metadata.product ?? NOT_GIVEN.product, 'product'),
    language: wordIndex(corpus.languages, call.language, 'language'),
    summary: wordIndex(corpus.summaries, summaryOf(call), 'summary'),
  };
}

function summaryOf(call: IngestedCall): string {
  const d = DISPOSITIONS[dispositionOf(call)]!;
  return `${TOPIC_OF_GROUP[d.group] ?? 'Account information'}: ${d.label.toLowerCase()}`;
}

function vendorIndex(corpus: Corpus, name: string, site: string | undefined): number {
  const { cast } = corpus;
  const found = cast.vendors.findIndex((v) => v.id === name || v.name === name);
  if (found >= 0) return found;
  if (cast.vendors.length >= BYTE_DICTIONARY)
    throw new DataSourceError('invalid-query', 'The deployment has 256 vendors already');
  const id = `vendor-${String(cast.vendors.length + 1).padStart(2, '0')}`;
  cast.vendors.push(newVendor(id, name, site ?? name));
  cast.vendorQuality = appendTo(cast.vendorQuality, 1);
  return cast.vendors.length - 1;
}

function agentIndex(corpus: Corpus, call: IngestedCall, vendor: number): number {
  const { cast } = corpus;
  const name = call.agent;
  const found = cast.agents.findIndex((a) => a.id === name || a.name === name);
  if (found >= 0) return found;
  const v = cast.vendors[vendor]!;
  const team = wordIndex(cast.teams, call.metadata.team ?? `${v.name} team`, 'team');
  const siteName = call.metadata.site ?? v.sites[0];
  const site = wordIndex(cast.sites, siteName, 'site');
  const agent: Agent = {
    id: `agent-${String(cast.agents.length + 1).padStart(3, '0')}`,
    name,
    team: cast.teams[team]!,
    vendorId: v.id,
    site: siteName,
    supervisor: call.metadata.supervisor ?? '',
    hiredOn: call.startedAt.slice(0, 10),
    languages: [call.language],
  };
  cast.agents.push(agent);
  cast.agentSkill = appendTo(cast.agentSkill, 1);
  cast.agentVendor = appendTo(cast.agentVendor, vendor);
  cast.agentTeam = appendTo(cast.agentTeam, team);
  cast.agentSite = appendTo(cast.agentSite, site);
  return cast.agents.length - 1;
}

function customerIndexOf(corpus: Corpus, state: IngestedCalls, key: string): number {
  const known = state.customers.get(key);
  if (known !== undefined) return known;
  // The product's own customer id names a customer the corpus already has.
  const own = customerIndex(key, corpus.customerCount);
  if (own >= 0) return own;
  const index = corpus.customerCount++;
  state.customers.set(key, index);
  state.customerNames.set(index, key);
  return index;
}

function appendTo<T extends Float32Array | Uint8Array>(array: T, value: number): T {
  const grown = new (array.constructor as new (n: number) => T)(array.length + 1);
  grown.set(array);
  grown[array.length] = value;
  return grown;
}

/** Makes room for calls up to `n` (columns are fixed-size typed arrays). */
function grow(corpus: Corpus, n: number): void {
  const fresh = allocateColumns(n - corpus.n);
  const cols = corpus.cols as unknown as Record<string, Float64Array>;
  const more = fresh as unknown as Record<string, Float64Array>;
  for (const key of Object.keys(cols)) {
    const old = cols[key]!;
    const grown = new (old.constructor as new (n: number) => Float64Array)(
      old.length + more[key]!.length,
    );
    grown.set(old);
    grown.set(more[key]!, old.length);
    cols[key] = grown;
  }
  const f = corpus.failures;
  const offsets = new Int32Array(n + 1);
  offsets.set(f.offsets);
  offsets.fill(f.offsets[corpus.n]!, corpus.n + 1);
  f.offsets = offsets;
  corpus.n = n;
  if (corpus.cols.wordBloom.length !== n * BLOOM_WORDS) throw new Error('word bloom not grown');
}

/**
 * Deletes one call or every call of a customer: its row leaves every selection, its transcript
 * and failures go, its derived columns are cleared, and the cross-call results are recomputed.
 */
export function deleteCalls(corpus: Corpus, request: CallDeletion): CallDeletionResult {
  const state = ingestState(corpus);
  const targets = deletionTargets(corpus, state, request);
  if (targets.length === 0) return { deleted: [] };
  if (state.deletedCustomer < 0) state.deletedCustomer = corpus.customerCount++;
  const { cols } = corpus;
  for (const i of targets) {
    state.deleted.add(i);
    const record = state.calls.get(i);
    if (record) state.byExternalId.delete(record.externalId);
    state.calls.delete(i);
    // Failed status: no analysis, no re-run, no review reads it; the sentinel customer keeps it
    // out of every real customer's repeat chain.
    cols.status[i] = 3;
    cols.customer[i] = state.deletedCustomer;
    cols.wordBloom.fill(0, i * BLOOM_WORDS, (i + 1) * BLOOM_WORDS);
    setCallFailures(corpus, i, null);
  }
  updateOrder(corpus);
  recomputeAcrossCalls(corpus);
  return { deleted: targets.map(callId) };
}

function deletionTargets(corpus: Corpus, state: IngestedCalls, request: CallDeletion): number[] {
  const live = (i: number) => i >= 0 && !state.deleted.has(i);
  const named = [request?.callId, request?.externalId, request?.customerId].filter(
    (v) => v !== undefined,
  );
  if (named.length !== 1)
    throw new DataSourceError('invalid-query', 'Say which calls to delete', [
      'callId, externalId or customerId: exactly one is needed',
    ]);
  if (request.callId !== undefined) {
    const i = callIndex(String(request.callId), corpus.n);
    return live(i) ? [i] : [];
  }
  if (request.externalId !== undefined) {
    const i = state.byExternalId.get(String(request.externalId)) ?? -1;
    return live(i) ? [i] : [];
  }
  {
    const key = String(request.customerId);
    const customer = state.customers.get(key) ?? customerIndex(key, corpus.customerCount);
    if (customer < 0 || customer === state.deletedCustomer) return [];
    const out: number[] = [];
    for (let i = 0; i < corpus.n; i++)
      if (corpus.cols.customer[i] === customer && live(i)) out.push(i);
    return out;
  }
}

/** The product's customer id for a deployment's customer key (for tests and the CLI). */
export function customerIdOf(corpus: Corpus, key: string): string | null {
  const i = corpus.ingested?.customers.get(key);
  return i === undefined ? null : customerId(i);
}

/**
 * Ingested call i as a record to ingest again: its metadata as sent and its transcript as
 * stored (redacted) in the product's own JSON. What the API's write log and the browser's saved
 * state keep, so the original transcript is never written anywhere.
 */
export function storedRecord(corpus: Corpus, i: number): IngestRecord {
  const stored = corpus.ingested!.calls.get(i)!;
  // What re-reading the turns would not give back is kept: a file's own sentiment scores (not
  // re-scored from the words), a stated length (not cut at the last turn) and IVR end, so the
  // replay is analysed to the same figures. Only that: a call sent in this very form stores as
  // sent, so its retry is recognised as one (service.ts) and keeps its audio.
  const { segments: turns, durationMs, ivrMs } = stored.transcript;
  const segments = turns.map((s) => ({
    speaker: s.speaker,
    text: s.text,
    beginMs: s.beginMs,
    endMs: s.endMs,
    ...(s.sentimentScore !== turnSentimentScore(s.text) && { sentimentScore: s.sentimentScore }),
  }));
  const lastEndMs = Math.max(0, ...turns.map((s) => s.endMs));
  const timings = {
    ...(durationMs !== lastEndMs && { durationMs }),
    ...(ivrMs !== openingIvrEndMs(turns) && { ivrMs }),
  };
  return {
    metadata: stored.sent,
    transcript: {
      fileName: `${stored.externalId}.json`,
      text: JSON.stringify({ ...timings, segments }),
    },
  };
}

/** Every live ingested call as a record, in index order (re-ingesting them gives the same calls). */
export function storedRecords(corpus: Corpus): IngestRecord[] {
  const calls = corpus.ingested?.calls;
  if (!calls) return [];
  return [...calls.keys()].sort((a, b) => a - b).map((i) => storedRecord(corpus, i));
}
