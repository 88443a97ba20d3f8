/**
 * The typed data source every screen reads through. One interface, three ways to serve it:
 * the embedded engine in a Web Worker (default), the same engine in-process (tests, bench),
 * and HTTP with a bearer token (HttpSource, contract in ./README.md). Every method is async,
 * takes and returns plain JSON (structured-clone and JSON safe), and never returns more
 * than one page of rows. The query and result types live in ./query-types.ts and the domain
 * type files beside it; this file holds the interface, split by domain, and re-exports them.
 */
import type {
  AnalyticsSettings,
  Customer,
  EvaluationForm,
  Lead,
  MetadataImport,
  Rule,
} from '../generated/data.types.ts';
import type { CallOptions } from './call-options.ts';
import type * as Repeats from './repeat-queries.ts';
import type { UsageCostQuery, UsageCostResult } from './usage-cost-queries.ts';
import type {
  QaSectionBreakdown,
  QaSectionQuery,
  RuleBreakdown,
  RuleBreakdownQuery,
} from './scorecard.ts';
import type {
  CalendarEntry,
  InboxItem,
  InboxReadRequest,
  LeadAssignment,
  SettingsPreview,
  SettingsPreviewQuery,
  UserPreferences,
} from './workflow-types.ts';
import type { ScheduleDeletion, ScheduleDraft, ScheduledEntry } from './schedule-types.ts';
import type {
  AtRiskCustomerQuery,
  AtRiskCustomers,
  ChurnInsightQuery,
  ChurnInsights,
  FakeCallInsightQuery,
  FakeCallInsights,
  TopicTrendQuery,
  TopicTrends,
  VocQuery,
  VocResult,
} from './customer-insight.ts';
import type { SpreadQuery, SpreadResult } from './spread.ts';
import type {
  SavedSearch,
  SavedSearchDeletion,
  SavedSearchDraft,
  SavedSearchQuery,
} from './saved-searches.ts';
import type {
  Calibration,
  EvaluationDraft,
  EvaluationUpdate,
  ReviewQueue,
  ReviewQueueQuery,
  ReviewRecord,
  RuleJob,
  RuleStats,
  RuleStatsQuery,
  RuleVersion,
} from './quality-types.ts';
import type {
  Page,
  CorpusInfo,
  Catalog,
  KpiQuery,
  KpiSummary,
  AggregateQuery,
  AggregateResult,
  TimeSeriesQuery,
  TimeSeriesResult,
  CallRow,
  CallListQuery,
  CallDetail,
  ComplianceFailureRow,
  ComplianceFailureQuery,
  TranscriptSearchQuery,
  SearchResult,
  RuleDraft,
  RulePreviewQuery,
  RulePreview,
  SaveRuleResult,
  EvaluationFormDraft,
  EvaluationRow,
  EvaluationQuery,
  SettingsPatch,
  LeadQuery,
  LeadDetail,
  UsageQuery,
  UsageResult,
  MetadataImportRequest,
  IngestCallsRequest,
  IngestReport,
  CallDeletion,
  CallDeletionResult,
} from './query-types.ts';

export type * from './workflow-types.ts';
export type * from './schedule-types.ts';
export type * from './customer-insight.ts';
export type * from './saved-searches.ts';
export type * from './quality-types.ts';
export type * from './query-types.ts';
export { DataSourceError, type DataSourceErrorCode } from './source-error.ts';

// ---------------------------------------------------------------- the interface, by domain

/** Calls, their metrics and transcripts: the dashboards, lists, the call page and search. */
export interface CallsAndMetricsSource {
  info(): Promise<CorpusInfo>;
  catalog(): Promise<Catalog>;
  kpis(query: KpiQuery): Promise<KpiSummary>;
  aggregate(query: AggregateQuery): Promise<AggregateResult>;
  timeSeries(query: TimeSeriesQuery): Promise<TimeSeriesResult>;
  /** Sums and sums of squares of averaged per-call values, for tests of differences (./spread.ts). */
  spread(query: SpreadQuery): Promise<SpreadResult>;
  calls(query: CallListQuery): Promise<Page<CallRow>>;
  /** Null when there is no such call. */
  call(id: string): Promise<CallDetail | null>;
  complianceFailures(query: ComplianceFailureQuery): Promise<Page<ComplianceFailureRow>>;
  /** Stops between chunks of calls when `options.signal` aborts (the API server's engine path). */
  search(query: TranscriptSearchQuery, options?: CallOptions): Promise<SearchResult>;
  customer(id: string): Promise<Customer | null>;
  usage(query: UsageQuery): Promise<UsageResult>;
  /** Usage per day and vendor against the monthly cap, with the month's projection and alerts. */
  usageCost(query: UsageCostQuery): Promise<UsageCostResult>;
  /** The repeat calls of a selection priced by each vendor's rate card. */
  repeatCost(query: Repeats.RepeatCostQuery): Promise<Repeats.RepeatCostResult>;
  /** Repeat rate by the first call's resolution and end-of-call sentiment. */
  repeatFactors(query: Repeats.RepeatFactorQuery): Promise<Repeats.RepeatFactorResult>;
  /** Customers' repeat chains (call 1 -> 2 -> 3) whose first call matches the filters. */
  repeatChains(query: Repeats.RepeatChainQuery): Promise<Repeats.RepeatChainPage>;
}

/** Customer insight (./customer-insight.ts) and sales leads. */
export interface InsightSource {
  /** Customer insight (./customer-insight.ts): quotes and rising phrases of a selection. */
  voiceOfCustomer(query: VocQuery): Promise<VocResult>;
  fakeCallInsights(query: FakeCallInsightQuery): Promise<FakeCallInsights>;
  churnInsights(query: ChurnInsightQuery): Promise<ChurnInsights>;
  atRiskCustomers(query: AtRiskCustomerQuery): Promise<AtRiskCustomers>;
  topicTrends(query: TopicTrendQuery): Promise<TopicTrends>;
  leads(query: LeadQuery): Promise<Page<Lead>>;
  lead(id: string): Promise<LeadDetail | null>;
  /** Gives the leads to one owner; returns the updated leads. */
  assignLeads(request: LeadAssignment): Promise<Lead[]>;
}

/** Rules, evaluation forms, evaluations and reviews (./quality-types.ts, ./scorecard.ts). */
export interface RulesAndQualitySource {
  rules(): Promise<Rule[]>;
  /** `options.signal` stops it: the worker stops computing between chunks (call-options.ts). */
  previewRule(query: RulePreviewQuery, options?: CallOptions): Promise<RulePreview>;
  /** Validates, bumps the version and re-evaluates the history with the new rule set. */
  saveRule(rule: RuleDraft): Promise<SaveRuleResult>;
  deleteRule(id: string): Promise<void>;
  /** Hit and failure rate of every rule over a period. */
  ruleStats(query: RuleStatsQuery): Promise<RuleStats[]>;
  /** Every saved version of a rule, newest first (empty when there is no such rule). */
  ruleVersions(id: string): Promise<RuleVersion[]>;
  /** Saves like saveRule but re-runs history as a job: follow it with ruleJob, stop it with cancelRuleJob. */
  startRuleSave(rule: RuleDraft): Promise<RuleJob>;
  ruleJob(id: string): Promise<RuleJob | null>;
  /** Stops a running re-run and undoes its save (the previous version is back). */
  cancelRuleJob(id: string): Promise<RuleJob>;
  /** Compliance per rule over a selection: calls in scope, failed calls, drill-down filters. */
  complianceByRule(query: RuleBreakdownQuery): Promise<RuleBreakdown>;
  /** Every version of every form, newest version first per form. */
  evaluationForms(): Promise<EvaluationForm[]>;
  saveEvaluationForm(form: EvaluationFormDraft): Promise<EvaluationForm>;
  evaluations(query: EvaluationQuery): Promise<Page<EvaluationRow>>;
  /** QA per evaluation-form section over the newest evaluated calls of a selection. */
  qaBySection(query: QaSectionQuery): Promise<QaSectionBreakdown>;
  /** Calls to review, sampled by a stated rule. */
  reviewQueue(query: ReviewQueueQuery): Promise<ReviewQueue>;
  /** Scores the answers with the active form and stores a person's evaluation. */
  submitEvaluation(draft: EvaluationDraft): Promise<ReviewRecord>;
  /** Agent acknowledges or disputes, a supervisor resolves. */
  updateEvaluation(update: EvaluationUpdate): Promise<ReviewRecord>;
  /** Every review of one call with the spread of their scores. */
  calibration(callId: string): Promise<Calibration>;
}

/** The deployment's own data and settings: analytics settings, metadata imports, ingested calls, the team calendar's schedules. */
export interface WorkflowSource {
  settings(): Promise<AnalyticsSettings>;
  /** Applies the patch and recomputes what depends on it (silence, repeats, churn, fake calls). */
  saveSettings(patch: SettingsPatch): Promise<AnalyticsSettings>;
  /** KPIs of the same calls with the saved settings and with a patch, without saving it. */
  previewSettings(query: SettingsPreviewQuery): Promise<SettingsPreview>;
  /** Applies every row or none: a file with any error changes nothing. */
  importMetadata(request: MetadataImportRequest): Promise<MetadataImport>;
  /** Every metadata import of this session (applied or refused), newest first. */
  metadataImports(): Promise<MetadataImport[]>;
  /** Puts back the values the import replaced; only the newest import still in effect. */
  undoMetadataImport(id: string): Promise<MetadataImport>;
  /**
   * Adds or replaces (by external id) the deployment's own calls: each record is read, redacted
   * and analysed like every call; a bad record is reported by field and changes nothing.
   */
  ingestCalls(request: IngestCallsRequest): Promise<IngestReport>;
  /** Deletes a call, or every call of a customer, with everything derived from them. */
  deleteCalls(request: CallDeletion): Promise<CallDeletionResult>;
  /** Scheduled calendar entries (./schedule-types.ts), first occurrence first. */
  schedules(): Promise<ScheduledEntry[]>;
  /** Creates or changes one (version-checked); its occurrences join calendar(). */
  saveSchedule(draft: ScheduleDraft): Promise<ScheduledEntry>;
  /** Deletes one (version-checked). */
  deleteSchedule(request: ScheduleDeletion): Promise<void>;
}

/** The signed-in user's own state: inbox, calendar, preferences, saved searches. */
export interface PersonalSource {
  /** Alerts from rules, cost caps and disputes, newest first. */
  inbox(): Promise<InboxItem[]>;
  markInboxRead(request: InboxReadRequest): Promise<InboxItem[]>;
  /** Scheduled evaluations, calibrations and report deliveries, soonest first. */
  calendar(): Promise<CalendarEntry[]>;
  preferences(): Promise<UserPreferences>;
  savePreferences(patch: Partial<UserPreferences>): Promise<UserPreferences>;
  /** The owner's saved keyword searches (./saved-searches.ts), newest change first. */
  savedSearches(query: SavedSearchQuery): Promise<SavedSearch[]>;
  /** Saves the search with the draft's id: a new one, or a rename or change of that one. */
  saveSearch(draft: SavedSearchDraft): Promise<SavedSearch>;
  /** Deletes one saved search; returns the owner's remaining list. */
  deleteSavedSearch(request: SavedSearchDeletion): Promise<SavedSearch[]>;
}

/** Every method a screen can call; the contract (./http/contract.ts) routes each one. */
export interface CallDataSource
  extends
    CallsAndMetricsSource,
    InsightSource,
    RulesAndQualitySource,
    WorkflowSource,
    PersonalSource {}

export type DataSourceMethod = keyof CallDataSource;
