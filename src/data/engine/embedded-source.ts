/**
 * The embedded engine: CallDataSource over the synthetic corpus, in-process. The worker wraps
 * it; unit tests and the benchmark call it directly. Each group of methods lives in its own
 * module (analytics, call lists, search, records, writes); this class only routes to them.
 */
import type {
  AnalyticsSettings,
  Customer,
  EvaluationForm,
  MetadataImport,
  Rule,
} from '../../generated/data.types.ts';
import type { CallKpis } from '../../metrics/index.ts';
import { recomputeAcrossCalls } from '../corpus/across-calls.ts';
import { DISPOSITIONS } from '../../domain/dispositions/index.ts';
import { callIndex, customerIndex, type Corpus } from '../corpus/corpus.ts';
import { generateCorpus, type GenerateOptions } from '../corpus/generate.ts';
import type {
  AggregateQuery,
  CallDataSource,
  CallListQuery,
  Catalog,
  ComplianceFailureQuery,
  CorpusInfo,
  EvaluationFormDraft,
  EvaluationQuery,
  KpiQuery,
  LeadQuery,
  MetadataImportRequest,
  EvaluationDraft,
  EvaluationUpdate,
  ReviewQueueQuery,
  RuleDraft,
  RulePreviewQuery,
  RuleStatsQuery,
  SettingsPatch,
  TimeSeriesQuery,
  TranscriptSearchQuery,
  UsageQuery,
  SettingsPreviewQuery,
  LeadAssignment,
  InboxReadRequest,
  UserPreferences,
  IngestCallsRequest,
  CallDeletion,
} from '../source.ts';
import type { QaSectionQuery, RuleBreakdownQuery } from '../scorecard.ts';
import type {
  AtRiskCustomerQuery,
  ChurnInsightQuery,
  FakeCallInsightQuery,
  TopicTrendQuery,
  VocQuery,
} from '../customer-insight.ts';
import { kpisOf } from './accumulate.ts';
import { deleteCalls, ingestCalls } from './ingest.ts';
import { isLiveCall } from '../corpus/ingested.ts';
import { writeTime } from './write-clock.ts';
import { atRiskCustomers, churnInsights } from './customer-insight/churn.ts';
import { fakeCallInsights } from './customer-insight/fake-calls.ts';
import { topicTrends } from './customer-insight/trends.ts';
import { voiceOfCustomer } from './customer-insight/voice-of-customer.ts';
import { aggregate, kpis, timeSeries } from './analytics.ts';
import { calls, complianceFailures } from './call-lists.ts';
import { callDetail } from './detail.ts';
import { assignLeads } from './lead-owners.ts';
import { importMetadata, metadataImports, undoMetadataImport } from './metadata-import.ts';
import { inbox, markInboxRead, preferences, savePreferences, type ForUser } from './personal.ts';
import { calendarWithScheduled, deleteSchedule, saveSchedule, schedules } from './schedules.ts';
import type { ScheduleDeletion, ScheduleDraft } from '../schedule-types.ts';
import { deleteSavedSearch, saveSearch, savedSearches } from './saved-searches.ts';
import type { SavedSearchDeletion, SavedSearchDraft, SavedSearchQuery } from '../saved-searches.ts';
import { previewSettings } from './settings-preview.ts';
import { clone } from './page.ts';
import { evaluations, lead, leads, usage } from './records.ts';
import { repeatCost, repeatFactors } from './repeat-analysis.ts';
import { repeatChains } from './repeat-chains.ts';
import { usageCost } from './usage-cost.ts';
import type { RepeatChainQuery, RepeatCostQuery, RepeatFactorQuery } from '../repeat-queries.ts';
import type { UsageCostQuery } from '../usage-cost-queries.ts';
import { customerEntity } from './rows.ts';
import { wordsInUse } from './columns.ts';
import { complianceByRule, qaBySection } from './scorecard.ts';
import { search, searchUntilStopped } from './search.ts';
import { selectCalls } from './select.ts';
import { spread } from './spread.ts';
import type { SpreadQuery } from '../spread.ts';
import { deleteRule, saveEvaluationForm, saveRule, saveSettings } from './writes.ts';
import { previewRule } from './rule-preview.ts';
import type { CallOptions } from '../call-options.ts';
import { RuleJobs } from './rule-job.ts';
import { ruleStats } from './rule-stats.ts';
import { ruleVersions } from './rule-history.ts';
import {
  calibration,
  reviewQueue,
  submitEvaluation,
  updateEvaluation,
  withStoredReviews,
} from './reviews.ts';

export class EmbeddedSource implements CallDataSource {
  /** Called when a rule re-run job ends (the persisted source saves then). */
  onRuleJobSettled: () => void | Promise<void> = () => {};
  private readonly jobs: RuleJobs;

  constructor(readonly corpus: Corpus) {
    this.jobs = new RuleJobs(corpus, () => this.onRuleJobSettled());
  }

  /** A rule re-run is going on (writes wait; stored state is not reloaded under it). */
  get rerunning(): boolean {
    return this.jobs.busy;
  }

  async info(): Promise<CorpusInfo> {
    const c = this.corpus;
    return {
      kind: 'embedded',
      seed: c.seed,
      // Deleted calls keep their index but are no calls any more.
      calls: c.ingested ? c.ingested.order.length : c.n,
      range: { from: new Date(c.fromMs).toISOString(), to: new Date(c.toMs).toISOString() },
      loadMs: c.loadMs,
    };
  }

  async catalog(): Promise<Catalog> {
    const c = this.corpus;
    const names = new Map(c.rules.map((r) => [r.id, r.name]));
    return clone({
      vendors: c.cast.vendors,
      agents: c.cast.agents,
      teams: c.cast.teams,
      sites: c.cast.sites,
      // The values calls have now: an undone import's new values leave the lists (issue 38.4).
      queues: wordsInUse(c, 'queue'),
      brands: wordsInUse(c, 'brand'),
      products: wordsInUse(c, 'product'),
      languages: wordsInUse(c, 'language'),
      dispositions: DISPOSITIONS,
      categories: c.categoryRuleIds.map((id) => ({ id, name: names.get(id) ?? id })),
      topics: c.topics,
    });
  }

  async kpis(query: KpiQuery) {
    return kpis(this.corpus, query);
  }

  async aggregate(query: AggregateQuery) {
    return aggregate(this.corpus, query);
  }

  async timeSeries(query: TimeSeriesQuery) {
    return timeSeries(this.corpus, query);
  }

  async spread(query: SpreadQuery) {
    return spread(this.corpus, query);
  }

  async calls(query: CallListQuery) {
    return calls(this.corpus, query);
  }

  async call(id: string) {
    const i = callIndex(String(id), this.corpus.n);
    return !isLiveCall(this.corpus, i)
      ? null
      : withStoredReviews(this.corpus, i, callDetail(this.corpus, i));
  }

  async complianceFailures(query: ComplianceFailureQuery) {
    return complianceFailures(this.corpus, query);
  }

  async search(query: TranscriptSearchQuery, options?: CallOptions) {
    return options?.signal
      ? searchUntilStopped(this.corpus, query, options.signal)
      : search(this.corpus, query);
  }

  async customer(id: string): Promise<Customer | null> {
    return customerEntity(this.corpus, customerIndex(String(id), this.corpus.customerCount));
  }

  async leads(query: LeadQuery) {
    return leads(this.corpus, query);
  }

  async lead(id: string) {
    return lead(this.corpus, id);
  }

  async evaluations(query: EvaluationQuery) {
    return evaluations(this.corpus, query);
  }

  async usage(query: UsageQuery) {
    return usage(this.corpus, query);
  }

  async usageCost(query: UsageCostQuery) {
    return usageCost(this.corpus, query);
  }

  async repeatCost(query: RepeatCostQuery) {
    return repeatCost(this.corpus, query);
  }

  async repeatFactors(query: RepeatFactorQuery) {
    return repeatFactors(this.corpus, query);
  }

  async repeatChains(query: RepeatChainQuery) {
    return repeatChains(this.corpus, query);
  }

  async rules(): Promise<Rule[]> {
    return clone(this.corpus.rules);
  }

  async previewRule(query: RulePreviewQuery, options?: CallOptions) {
    return previewRule(this.corpus, query, options?.signal);
  }

  async saveRule(draft: RuleDraft) {
    this.jobs.assertIdle();
    return saveRule(this.corpus, draft);
  }

  async deleteRule(id: string) {
    this.jobs.assertIdle();
    return deleteRule(this.corpus, id);
  }

  async evaluationForms(): Promise<EvaluationForm[]> {
    return clone(
      [...this.corpus.forms].sort((a, b) => a.id.localeCompare(b.id) || b.version - a.version),
    );
  }

  async saveEvaluationForm(draft: EvaluationFormDraft) {
    this.jobs.assertIdle();
    return saveEvaluationForm(this.corpus, draft);
  }

  async settings(): Promise<AnalyticsSettings> {
    return clone(this.corpus.settings);
  }

  async saveSettings(patch: SettingsPatch) {
    this.jobs.assertIdle();
    return saveSettings(this.corpus, patch);
  }

  async importMetadata(request: MetadataImportRequest): Promise<MetadataImport> {
    this.jobs.assertIdle();
    const result = importMetadata(this.corpus, request);
    if (result.applied) recomputeAcrossCalls(this.corpus);
    return result;
  }

  async ingestCalls(request: IngestCallsRequest) {
    this.jobs.assertIdle();
    return ingestCalls(this.corpus, request, writeTime(this.corpus));
  }

  async deleteCalls(request: CallDeletion) {
    this.jobs.assertIdle();
    return deleteCalls(this.corpus, request);
  }

  async complianceByRule(query: RuleBreakdownQuery) {
    return complianceByRule(this.corpus, query);
  }

  async qaBySection(query: QaSectionQuery) {
    return qaBySection(this.corpus, query);
  }

  async previewSettings(query: SettingsPreviewQuery) {
    return previewSettings(this.corpus, query);
  }

  async assignLeads(request: LeadAssignment) {
    return assignLeads(this.corpus, request);
  }

  async metadataImports() {
    return metadataImports(this.corpus);
  }

  async undoMetadataImport(id: string) {
    const result = undoMetadataImport(this.corpus, id);
    recomputeAcrossCalls(this.corpus);
    return result;
  }

  // The personal methods take whose they are (ForUser) from the API server, which sets it from
  // the token (server/acting-user.ts); the browser's demo has one user and passes none.
  async inbox(whose?: ForUser) {
    return inbox(this.corpus, whose?.user);
  }

  async markInboxRead(request: InboxReadRequest & ForUser) {
    return markInboxRead(this.corpus, request, request.user);
  }

  async calendar(whose?: ForUser) {
    return calendarWithScheduled(this.corpus, whose?.user);
  }

  async preferences(whose?: ForUser) {
    return preferences(this.corpus, whose?.user);
  }

  async savePreferences(patch: Partial<UserPreferences> & ForUser) {
    return savePreferences(this.corpus, patch, patch.user);
  }

  async savedSearches(query: SavedSearchQuery) {
    return savedSearches(this.corpus, query);
  }

  async saveSearch(draft: SavedSearchDraft) {
    return saveSearch(this.corpus, draft);
  }

  async deleteSavedSearch(request: SavedSearchDeletion) {
    return deleteSavedSearch(this.corpus, request);
  }

  async voiceOfCustomer(query: VocQuery) {
    return voiceOfCustomer(this.corpus, query);
  }

  async fakeCallInsights(query: FakeCallInsightQuery) {
    return fakeCallInsights(this.corpus, query);
  }

  async churnInsights(query: ChurnInsightQuery) {
    return churnInsights(this.corpus, query);
  }

  async atRiskCustomers(query: AtRiskCustomerQuery) {
    return atRiskCustomers(this.corpus, query);
  }

  async topicTrends(query: TopicTrendQuery) {
    return topicTrends(this.corpus, query);
  }

  async ruleStats(query: RuleStatsQuery) {
    return ruleStats(this.corpus, query);
  }

  async ruleVersions(id: string) {
    return ruleVersions(this.corpus, String(id));
  }

  async startRuleSave(draft: RuleDraft) {
    return this.jobs.start(draft);
  }

  async ruleJob(id: string) {
    return this.jobs.get(String(id));
  }

  async cancelRuleJob(id: string) {
    return this.jobs.cancel(String(id));
  }

  async reviewQueue(query: ReviewQueueQuery) {
    return reviewQueue(this.corpus, query);
  }

  async submitEvaluation(draft: EvaluationDraft) {
    this.jobs.assertIdle();
    return submitEvaluation(this.corpus, draft);
  }

  async updateEvaluation(update: EvaluationUpdate) {
    this.jobs.assertIdle();
    return updateEvaluation(this.corpus, update);
  }

  async calibration(callId: string) {
    return calibration(this.corpus, String(callId));
  }

  async schedules() {
    return schedules(this.corpus);
  }

  async saveSchedule(draft: ScheduleDraft) {
    return saveSchedule(this.corpus, draft);
  }

  async deleteSchedule(request: ScheduleDeletion) {
    deleteSchedule(this.corpus, request);
  }
}

export function createEmbeddedSource(options: GenerateOptions = {}): EmbeddedSource {
  return new EmbeddedSource(generateCorpus(options));
}

/** KPIs of every call of the corpus (for consistency checks). */
export function corpusKpis(corpus: Corpus): CallKpis {
  return kpisOf(corpus, selectCalls(corpus, {}));
}
