/**
 * The data source's query and result types shared by every domain (filters, pages, periods, call
 * rows, rules, ingest, ...): a leaf that imports only the generated entity types and the metrics'
 * types, so the domain type files (customer-insight.ts, quality-types.ts, ...) and the interface
 * in source.ts build on it without importing each other in a circle.
 */
import type {
  Agent,
  Call,
  ChurnReason,
  ChurnRiskLevel,
  CostControlSettings,
  Customer,
  Direction,
  Disposition,
  Evaluation,
  EvaluationForm,
  Evidence,
  FakeCallReason,
  Lead,
  MetadataImport,
  Rule,
  RuleResult,
  Severity,
  SmartSettings,
  TranscriptSegment,
  UsageRecord,
  Vendor,
} from '../generated/data.types.ts';
import type { CallKpis, KpiKey, SentimentBand } from '../metrics/index.ts';

export type { CallKpis, KpiKey, SentimentBand };

/** A filter value: one value or any of several. */
export type OneOrMany<T> = T | readonly T[];

export type CallStatus = Call['status'];
export type DispositionGroup = Disposition['group'];

/**
 * Which calls a query covers. Every field narrows (AND); a list inside a field widens (OR).
 * Fields about the analysis (compliant, sentiment, churnRisk, ...) only match analysed calls.
 */
export interface CallFilters {
  /**
   * Start of the period, inclusive: ISO timestamp or YYYY-MM-DD (UTC midnight).
   * @format date
   */
  from?: string;
  /**
   * End of the period, exclusive: ISO timestamp or YYYY-MM-DD (UTC midnight).
   * @format date
   */
  to?: string;
  vendorId?: OneOrMany<string>;
  /** Agent team name (Agent.team). */
  team?: OneOrMany<string>;
  /** Agent site (Agent.site). */
  site?: OneOrMany<string>;
  queue?: OneOrMany<string>;
  brand?: OneOrMany<string>;
  product?: OneOrMany<string>;
  language?: OneOrMany<string>;
  agentId?: OneOrMany<string>;
  customerId?: OneOrMany<string>;
  /** Disposition code. */
  disposition?: OneOrMany<string>;
  /** Disposition group, as in the VOC screen's ?disposition=. */
  dispositionGroup?: OneOrMany<DispositionGroup>;
  direction?: Direction;
  status?: OneOrMany<CallStatus>;
  /** false = calls with a failed critical compliance rule. */
  compliant?: boolean;
  /** Calls where one of these compliance rules failed. */
  failedRuleId?: OneOrMany<string>;
  /** Band of the customer's overall sentiment (see metrics sentimentBand). */
  sentiment?: OneOrMany<SentimentBand>;
  churnRisk?: OneOrMany<ChurnRiskLevel>;
  /** true = flagged as fake (score at or above the smart-settings threshold). */
  fakeCall?: boolean;
  /** true = the customer called again within the repeat window (not first-contact resolved). */
  followedByRepeat?: boolean;
  /** true = the call itself is a repeat of an earlier call. */
  repeatCall?: boolean;
  /** true = the call has a customer sentiment score (metrics sentimentScored). */
  sentimentScored?: boolean;
  /** true = its repeat window reaches the end of the data and no repeat came yet (see metrics). */
  repeatPending?: boolean;
  escalated?: boolean;
  resolved?: boolean;
  /** true = has a QA evaluation. */
  evaluated?: boolean;
  /** Category rule id hit by the call. */
  category?: OneOrMany<string>;
  /** Topic (the call's main topic). */
  topic?: OneOrMany<string>;
  /** @minimum 0 */
  minDurationMs?: number;
  /** @minimum 0 */
  maxDurationMs?: number;
  callId?: OneOrMany<string>;
  /**
   * Fake-call score band 0..9 ([k/10, (k+1)/10); a score of 1 is in band 9), analysed calls.
   * @integer @minimum 0 @maximum 9
   */
  fakeScoreBand?: OneOrMany<number>;
  /** Calls showing any of these fake-call signals (the metrics module's fakeCallAssessment). */
  fakeSignal?: OneOrMany<FakeCallReason['signal']>;
  /** Calls showing any of these churn signals (the metrics module's churnRisk reasons). */
  churnSignal?: OneOrMany<ChurnReason['signal']>;
}

/** Things calls can be grouped by. The row key is the value to put in the matching filter (see filterFor). */
export type Dimension =
  | 'vendor'
  | 'agent'
  | 'team'
  | 'site'
  | 'queue'
  | 'brand'
  | 'product'
  | 'language'
  | 'direction'
  | 'disposition'
  | 'dispositionGroup'
  | 'category'
  | 'topic'
  | 'churnRisk'
  | 'sentiment'
  | 'status';

export type SortDirection = 'asc' | 'desc';

export interface Page<T> {
  /** Rows matching the query in total (not just this page). */
  total: number;
  offset: number;
  limit: number;
  items: T[];
}

export interface PageRequest {
  /**
   * Default 0.
   * @integer @minimum 0 @maximum 1000000000
   */
  offset?: number;
  /**
   * Default 50, at most 500.
   * @integer @minimum 0 @maximum 500
   */
  limit?: number;
}

export interface DateRange {
  /** Inclusive ISO timestamp. */
  from: string;
  /** Exclusive ISO timestamp. */
  to: string;
}

// ---------------------------------------------------------------- info and catalog

export interface CorpusInfo {
  /** 'embedded' for the synthetic corpus, 'http' for a backend. */
  kind: 'embedded' | 'http';
  /** Seed of the synthetic corpus (embedded only). */
  seed?: number;
  calls: number;
  /** First and last moment with data: the default period of a screen ends at `to`. */
  range: DateRange;
  /** Time it took to generate or load, in ms. */
  loadMs: number;
  /** Where writes are kept (demo source: the browser) and stored values that were dropped. */
  storage?: StorageState;
}

export interface Catalog {
  vendors: Vendor[];
  agents: Agent[];
  teams: string[];
  sites: string[];
  queues: string[];
  brands: string[];
  products: string[];
  languages: string[];
  dispositions: Disposition[];
  /** Active category rules (id + name), for category filters and charts. */
  categories: { id: string; name: string }[];
  topics: string[];
}

// ---------------------------------------------------------------- KPIs, aggregations, series

export interface KpiQuery {
  /** Must contain from and to: the previous period is the same length just before. */
  filters: CallFilters & { from: string; to: string };
}

export interface KpiSummary {
  period: DateRange;
  previousPeriod: DateRange;
  current: CallKpis;
  previous: CallKpis;
  /**
   * For each KPI, the call filters of the list behind its tile: the list's total equals the
   * tile's count (calls, nonCompliantCalls, churnRiskCalls, ...).
   */
  drillDown: Record<KpiKey, CallFilters>;
}

export interface AggregateQuery {
  filters: CallFilters;
  by: Dimension;
  /** Default: calls descending. */
  sort?: { key: KpiKey | 'label'; direction: SortDirection };
  /**
   * Top N rows after sorting; total is unaffected.
   * @integer @minimum 0 @maximum 500
   */
  limit?: number;
}

export interface AggregateRow {
  /** Value of the dimension (an id for vendor/agent/category, else the value itself). */
  key: string;
  label: string;
  metrics: CallKpis;
  /** The filters of this row's calls: `filters` of the query plus this key. */
  filters: CallFilters;
}

export interface AggregateResult {
  by: Dimension;
  rows: AggregateRow[];
  /** The whole selection (same filters, all calls). */
  total: CallKpis;
  /**
   * True when every call of the selection is in exactly one row (vendor, agent, team, queue, ...):
   * then total.calls = sum of rows' calls (before limit). False for category (a call can hit
   * several) and for analysis dimensions (topic, churnRisk, sentiment: analysed calls only).
   */
  partition: boolean;
}

export type TimeBucket = 'day' | 'week';

export interface TimeSeriesQuery {
  filters: CallFilters & { from: string; to: string };
  bucket: TimeBucket;
}

export interface TimeSeriesPoint {
  /** Start of the bucket (UTC midnight; weeks start on Monday). */
  start: string;
  /** Exclusive end of the bucket. */
  end: string;
  metrics: CallKpis;
}

export interface TimeSeriesResult {
  bucket: TimeBucket;
  /** Every bucket of the period, empty ones included. */
  points: TimeSeriesPoint[];
}

// ---------------------------------------------------------------- call lists and detail

/** A flat row of the call list; every field is sortable. */
export interface CallRow {
  id: string;
  startedAt: string;
  direction: Direction;
  durationMs: number;
  /** talk + hold + after-call work. */
  handleTimeMs: number;
  agentId: string;
  agentName: string;
  team: string;
  vendorId: string;
  vendorName: string;
  customerId: string;
  customerName: string;
  queue: string;
  brand: string;
  product: string;
  language: string;
  dispositionCode: string;
  dispositionLabel: string;
  dispositionGroup: DispositionGroup;
  status: CallStatus;
  /** Analysis fields are null when the call is not analysed. */
  customerSentiment: number | null;
  sentimentTrend: number | null;
  topic: string | null;
  resolved: boolean | null;
  summary: string | null;
  compliant: boolean | null;
  complianceScore: number | null;
  qaScore: number | null;
  churnRisk: ChurnRiskLevel | null;
  fakeCallScore: number | null;
  fakeCall: boolean | null;
  escalated: boolean | null;
  followedByRepeat: boolean | null;
  repeatCall: boolean | null;
  silenceShare: number | null;
  interruptions: number | null;
}

export type CallSortField = keyof CallRow;

export interface CallListQuery extends PageRequest {
  filters: CallFilters;
  /** Default startedAt descending. */
  sort?: { field: CallSortField; direction: SortDirection };
}

export interface CallDetail {
  call: Call;
  agent: Agent;
  vendor: Vendor;
  customer: Customer;
  disposition: Disposition;
  transcript: TranscriptSegment[];
  /** Results of every applicable active rule, compliance first (failed first), then categories hit. */
  ruleResults: RuleResult[];
  evaluations: Evaluation[];
}

export interface ComplianceFailure {
  ruleId: string;
  ruleName: string;
  severity: Severity;
  /** First place in the transcript that decided the failure (null when the rule failed by absence). */
  evidence: Evidence | null;
}

/** A call with its failed compliance rules: the rows of /performance/agents?compliant=false. */
export interface ComplianceFailureRow {
  callId: string;
  startedAt: string;
  agentId: string;
  agentName: string;
  vendorId: string;
  vendorName: string;
  compliant: boolean;
  complianceScore: number | null;
  /** Failed rules, most severe first. */
  failures: ComplianceFailure[];
}

export interface ComplianceFailureQuery extends PageRequest {
  /** Typically { ..., compliant: false }. Only calls with at least one failed rule are listed. */
  filters: CallFilters;
  /** Only failures of at least this severity (default minor = all). */
  minSeverity?: Severity;
  sort?: {
    field: 'startedAt' | 'agentName' | 'vendorName' | 'complianceScore';
    direction: SortDirection;
  };
}

// ---------------------------------------------------------------- transcript search

export interface TranscriptSearchQuery extends PageRequest {
  /**
   * Keyword expression: words, "exact phrases", AND (also implicit), OR, NOT, NEAR/n (or NEAR = 10
   * words), parentheses, and a speaker prefix AGENT: / CUSTOMER: / IVR: on a word, phrase or group.
   * Case-insensitive. Example: CUSTOMER:"cancel my account" AND NOT AGENT:(discount OR offer)
   */
  expression: string;
  filters?: CallFilters;
  /**
   * Snippets per call, default 3.
   * @integer @minimum 0 @maximum 50
   */
  snippetsPerCall?: number;
}

export interface SearchSnippet {
  segment: number;
  speaker: TranscriptSegment['speaker'];
  beginMs: number;
  endMs: number;
  text: string;
  /** Highlighted hit ranges in text: [start, end) character offsets. */
  highlights: { start: number; end: number }[];
}

export interface SearchHit {
  callId: string;
  startedAt: string;
  agentId: string;
  agentName: string;
  vendorId: string;
  vendorName: string;
  customerSentiment: number | null;
  /** Relevance: number of term occurrences that matched. Results are sorted by it, then newest. */
  score: number;
  snippets: SearchSnippet[];
}

export interface FacetCount {
  key: string;
  label: string;
  count: number;
}

export interface SearchResult {
  expression: string;
  /** Calls matching (all pages). */
  total: number;
  /** Calls whose transcripts were searched (after filters). */
  searched: number;
  offset: number;
  limit: number;
  hits: SearchHit[];
  facets: { agent: FacetCount[]; vendor: FacetCount[]; day: FacetCount[]; sentiment: FacetCount[] };
  tookMs: number;
}

// ---------------------------------------------------------------- rules, forms, settings (writes)

/** A rule to save: id absent = new rule; version is assigned by the source. */
export type RuleDraft = Omit<Rule, 'id' | 'version'> & {
  id?: string;
  /** The version the edit started from: a rule stored since at another version rejects with `conflict`. */
  baseVersion?: number;
  /** Undo of a delete: re-create the deleted rule `id` (its history continues). */
  restoreDeleted?: boolean;
};

export interface RulePreviewQuery {
  rule: RuleDraft;
  filters?: CallFilters;
  /**
   * Calls to evaluate at most, newest first (default 2,000).
   * @integer @minimum 0
   */
  sampleSize?: number;
  /**
   * Example hits to return (default 20).
   * @integer @minimum 0 @maximum 500
   */
  examples?: number;
}

export interface RulePreview {
  evaluatedCalls: number;
  /** Calls in scope of the rule. */
  applicableCalls: number;
  /** Calls where the condition was true (violations for a compliance rule). */
  hits: number;
  examples: { callId: string; startedAt: string; agentName: string; evidence: Evidence[] }[];
  /** Every hit call (newest first): `calls({ filters: { callId: hitCallIds } }).total === hits`. */
  hitCallIds: string[];
}

export interface SaveRuleResult {
  rule: Rule;
  /** Calls re-evaluated with the saved rule ("re-run on history"). */
  reevaluatedCalls: number;
}

export type EvaluationFormDraft = Omit<EvaluationForm, 'version'> & {
  /** The latest version the edit started from: a newer stored version rejects with `conflict`. */
  baseVersion?: number;
};

export interface EvaluationRow {
  id: string;
  callId: string;
  startedAt: string;
  agentId: string;
  agentName: string;
  vendorName: string;
  formId: string;
  formVersion: number;
  source: Evaluation['source'];
  status: Evaluation['status'];
  score: number | null;
  autoFailed: boolean;
}

export interface EvaluationQuery extends PageRequest {
  filters: CallFilters;
  source?: OneOrMany<Evaluation['source']>;
  status?: OneOrMany<Evaluation['status']>;
  sort?: { field: 'startedAt' | 'score' | 'agentName'; direction: SortDirection };
}

/** @minProperties 1 */
export interface SettingsPatch {
  smart?: Partial<SmartSettings>;
  costControl?: Partial<CostControlSettings>;
}

export interface LeadQuery extends PageRequest {
  temperature?: OneOrMany<Lead['temperature']>;
  stage?: OneOrMany<Lead['stage']>;
  ownerAgentId?: OneOrMany<string>;
  /** Case-insensitive text in name, campaign or signals. */
  text?: string;
  sort?: { field: 'score' | 'name' | 'stage'; direction: SortDirection };
}

export interface LeadDetail {
  lead: Lead;
  calls: CallRow[];
  /** Where each buying signal was heard, oldest call first. */
  evidence: LeadSignalEvidence[];
}

export interface UsageQuery {
  /** @format date */
  from: string;
  /** @format date */
  to: string;
  vendorId?: OneOrMany<string>;
}

export interface UsageResult {
  /** One record per day and vendor, days ascending. */
  records: UsageRecord[];
  totals: Omit<UsageRecord, 'day' | 'vendorId'>;
  currency: string;
}

export interface MetadataImportRequest {
  fileName: string;
  /** The CSV text, header row first. */
  csv: string;
  mapping: MetadataImport['mapping'];
  /** Validate only, apply nothing. */
  dryRun?: boolean;
  /** Field separator; guessed from the first lines when absent. */
  delimiter?: ',' | ';' | '\t' | '|';
}

/** One call as a deployment sends it: its metadata and its transcript file (ingest). */
export interface IngestRecord {
  /**
   * id (the deployment's own, re-sending replaces), startedAt (ISO 8601 with a zone), direction
   * (inbound or outbound), agent, vendor, customer (id or phone); optional queue, disposition
   * (a disposition code), language, team, site, brand, product and any other metadata column.
   */
  metadata: Record<string, string | number | boolean | null>;
  /**
   * The transcript file as text: Amazon Transcribe or Call Analytics JSON, Google Speech-to-Text
   * JSON, Azure Speech JSON, WebVTT, SRT or the product's own JSON; the name's extension helps
   * tell them apart.
   */
  transcript: { fileName: string; text: string };
}

export interface IngestCallsRequest {
  /**
   * @minItems 1
   * @maxItems 5000
   */
  calls: IngestRecord[];
}

/** What became of one record of an ingest request, by its place in the request. */
export type IngestOutcome =
  | {
      index: number;
      status: 'accepted';
      /** The call's id in this product (call pages, filters). */
      callId: string;
      externalId: string;
      /** True when the external id was ingested before and this record replaced that call. */
      replaced: boolean;
      /** Card numbers and other personal data masked in the stored transcript. */
      redactions: number;
    }
  | { index: number; status: 'rejected'; field: string; reason: string };

export interface IngestReport {
  accepted: number;
  rejected: number;
  /** One outcome per record, in request order. */
  results: IngestOutcome[];
}

/** One call (by the product's or the deployment's id), or every call of one customer. */
export interface CallDeletion {
  /** The product's call id (call-000123). */
  callId?: string;
  /** The deployment's own id of the call. */
  externalId?: string;
  /** Every call of this customer: the product's id (cust-000123) or the deployment's. */
  customerId?: string;
}

export interface CallDeletionResult {
  /** The product's ids of the calls deleted. */
  deleted: string[];
}

/** Where a lead's buying signal was heard. */
export interface LeadSignalEvidence {
  signal: string;
  callId: string;
  evidence: Evidence;
}

/** What the browser keeps of the writes (demo source) and what it could not use. */
export interface StorageState {
  /** Writes survive a reload. */
  persistent: boolean;
  /** One sentence per stored value that was unreadable and dropped. */
  notices: string[];
}
