/**
 * The in-memory corpus: calls as columns (typed arrays indexed by call, sorted by start time)
 * plus the small entity tables. Transcripts are not stored: `rebuildTranscript` regenerates a
 * call's transcript from (seed, call index) and the call's stored attributes.
 */
import type { AnalyticsSettings, EvaluationForm, Lead, Rule } from '../../generated/data.types.ts';
import type { CorpusCast } from './catalog.ts';
import type { TranscriptOutcome } from './scenarios.ts';

export interface CallColumns {
  startMs: Float64Array;
  durationMs: Int32Array;
  ivrMs: Int32Array;
  holdMs: Int32Array;
  acwMs: Int32Array;
  agent: Uint16Array;
  vendor: Uint8Array;
  team: Uint8Array;
  site: Uint8Array;
  customer: Int32Array;
  /** 0 inbound, 1 outbound. */
  direction: Uint8Array;
  queue: Uint8Array;
  brand: Uint8Array;
  product: Uint8Array;
  language: Uint8Array;
  disposition: Uint8Array;
  /** 1 when the disposition was set by the AI. */
  dispositionByAi: Uint8Array;
  /** 0 analysed, 1 queued, 2 transcribing, 3 failed, 4 excluded by cost control (STATUSES). */
  status: Uint8Array;
  scenario: Uint8Array;
  asrConfidence: Float32Array;
  /** Index into corpus.topics. */
  topic: Uint8Array;
  /** Index into corpus.summaries. */
  summary: Uint8Array;
  resolved: Uint8Array;
  // ---- analysis (meaningful for analysed calls only)
  agentTalkMs: Int32Array;
  customerTalkMs: Int32Array;
  silenceMs: Int32Array;
  interruptions: Uint16Array;
  agentInterruptions: Uint16Array;
  turns: Uint16Array;
  agentTurns: Uint16Array;
  /** NaN when the party did not speak. */
  agentSentiment: Float32Array;
  customerSentiment: Float32Array;
  customerEndSentiment: Float32Array;
  sentimentTrend: Float32Array;
  /** Bit k = corpus.categoryRuleIds[k] hit. */
  categories: Uint32Array;
  /** NaN when no compliance rule applied. */
  complianceScore: Float32Array;
  compliant: Uint8Array;
  /** Bits: 1 supervisor request, 2 legal threat, 4 transfer. */
  escalation: Uint8Array;
  /** Bits: 1 cancellation intent, 2 competitor mention, 4 purchase talk, 8 voicemail. */
  signals: Uint8Array;
  aiQaScore: Float32Array;
  /** Latest evaluation's score (human if any, else AI); NaN when none. */
  qaScore: Float32Array;
  /** 0 none, 1 human, 2 calibration. */
  reviewSource: Uint8Array;
  reviewStatus: Uint8Array;
  reviewScore: Float32Array;
  /** Bits: 1 the AI evaluation chose an auto-fail answer, 2 the review did. */
  qaAutoFailed: Uint8Array;
  cost: Float32Array;
  // ---- across calls
  followedByRepeat: Uint8Array;
  repeatCall: Uint8Array;
  /** 1 when the repeat window reaches the end of the data and no repeat came (see metrics). */
  repeatPending: Uint8Array;
  contactsIn30Days: Uint16Array;
  sameDayDials: Uint16Array;
  churnScore: Float32Array;
  /** 0 low, 1 medium, 2 high. */
  churnLevel: Uint8Array;
  fakeScore: Float32Array;
  fake: Uint8Array;
  lead: Int32Array;
  /** BLOOM_WORDS words per call: a Bloom filter of the words of its transcript (analysed calls). */
  wordBloom: Uint32Array;
}

/** Failed compliance rules per call, compressed sparse rows: call i owns [offsets[i], offsets[i+1]). */
export interface FailureTable {
  offsets: Int32Array;
  rule: Uint16Array;
  /** -1 when the rule failed by absence (no evidence). */
  segment: Int32Array;
  beginMs: Int32Array;
}

export interface Corpus {
  seed: number;
  n: number;
  /** The last day with calls (UTC, YYYY-MM-DD): the anchor the period ends on. */
  day: string;
  /** First and last (exclusive) moment of the period, epoch ms. */
  fromMs: number;
  toMs: number;
  loadMs: number;
  cast: CorpusCast;
  customerCount: number;
  queues: string[];
  brands: string[];
  products: string[];
  languages: string[];
  topics: string[];
  summaries: string[];
  rules: Rule[];
  forms: EvaluationForm[];
  settings: AnalyticsSettings;
  /** Active category rule ids by bit. */
  categoryRuleIds: string[];
  cols: CallColumns;
  failures: FailureTable;
  leads: Lead[];
  /**
   * Set by the engine when people have submitted reviews: writes call i's stored review into
   * its review columns and returns true, or returns false to keep the synthetic one.
   */
  applyStoredReview?: (i: number) => boolean;
  /**
   * The last day moves with the clock (a deployment's own calls, no pinned day): a call sent on
   * a later day than `day` makes that day the last, instead of being refused as still to come.
   */
  followsClock?: boolean;
  /** Calls the deployment sent (ingest), after the generated ones; absent when none ever were. */
  ingested?: IngestedCalls;
  /** The form version history was scored with (see scoringForm). */
  scoredWith?: { id: string; version: number };
}

/** Ingest state (ingested.ts keeps it): the calls a deployment sent, beside the generated ones. */
export interface IngestedCallRecord {
  /** The deployment's own id: re-sending it replaces this call. */
  externalId: string;
  /** When it was (last) ingested, ISO 8601. */
  ingestedAt: string;
  /** The redacted transcript and what the metadata says of the outcome. */
  transcript: TranscriptOutcome;
  /** Metadata columns beyond the call's own fields, by name. */
  metadata: Record<string, string>;
  /** The metadata as it was sent (to store and replay the call: a restart, a reload). */
  sent: Readonly<Record<string, string | number | boolean | null>>;
}

export interface IngestedCalls {
  /** Calls [0, generated) are generated; later indices were ingested. */
  readonly generated: number;
  byExternalId: Map<string, number>;
  calls: Map<number, IngestedCallRecord>;
  /** Customer ids or phone numbers as the deployment names them -> customer index. */
  customers: Map<string, number>;
  /** Customer index -> the deployment's id or number for it (its display name). */
  customerNames: Map<number, string>;
  /** Deleted calls (data-subject requests): in no selection, no column, no transcript. */
  deleted: Set<number>;
  /** The customer index deleted calls are moved to, so no repeat chain of a real one counts them. */
  deletedCustomer: number;
  /** Live calls' indices in time order, and their start times (for the period's binary search). */
  order: Int32Array;
  orderStart: Float64Array;
}

/** The number of generated calls (the demo corpus's size, which its recordings depend on). */
export function generatedCalls(corpus: Corpus): number {
  return corpus.ingested?.generated ?? corpus.n;
}

/** Index 4, excluded, is set only by cost control (sampling, duration limits): never analysed. */
export const STATUSES = ['analysed', 'queued', 'transcribing', 'failed', 'excluded'] as const;
export const EXCLUDED_STATUS = 4;
export const CHURN_LEVELS = ['low', 'medium', 'high'] as const;
export const REVIEW_STATUSES = [
  'draft',
  'submitted',
  'acknowledged',
  'disputed',
  'resolved',
] as const;

export const SIGNAL_BITS = {
  cancellationIntent: 1,
  competitorMention: 2,
  purchaseTalk: 4,
  voicemail: 8,
} as const;
export const ESCALATION_BITS = { 'supervisor-request': 1, 'legal-threat': 2, transfer: 4 } as const;

export function callId(index: number): string {
  return `call-${String(index + 1).padStart(6, '0')}`;
}

/** The shape of the product's call ids (callId): `call-` and six or more digits. */
const CALL_ID = /^call-(\d{6,})$/;

/**
 * Whether `id` is shaped as the product's call ids, which a deployment's external ids are not
 * taken for (ingest's routes and the audio's read either), and which alone name audio files.
 */
export function isProductCallId(id: string): boolean {
  return CALL_ID.test(id);
}

/** Index of a call id, or -1. */
export function callIndex(id: string, n: number): number {
  const m = CALL_ID.exec(id);
  if (!m) return -1;
  const i = Number(m[1]) - 1;
  return i >= 0 && i < n ? i : -1;
}

export function customerId(index: number): string {
  return `cust-${String(index + 1).padStart(6, '0')}`;
}

export function customerIndex(id: string, count: number): number {
  const m = /^cust-(\d{6,})$/.exec(id);
  if (!m) return -1;
  const i = Number(m[1]) - 1;
  return i >= 0 && i < count ? i : -1;
}

/** The form new evaluations use: the newest active version (forms are kept newest first). */
export function activeForm(corpus: Corpus): EvaluationForm {
  return corpus.forms.find((f) => f.active) ?? corpus.forms[0]!;
}

/**
 * The form version the stored calls were scored with when they were analysed. Publishing a new
 * version never changes scores already given: re-runs keep scoring history with this one, and
 * only new evaluations (by people) use the active form.
 */
export function scoringForm(corpus: Corpus): EvaluationForm {
  const used = corpus.scoredWith;
  return (
    (used && corpus.forms.find((f) => f.id === used.id && f.version === used.version)) ||
    activeForm(corpus)
  );
}
