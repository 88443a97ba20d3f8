/**
 * What the API serves: the stored corpus and its write log, answered by the same engine and
 * metrics code as the browser's worker (src/data/engine), so a number cannot differ between
 * backends. 25 of the contract's 59 reads are compiled to SQL and run in the database whenever
 * its call tables hold the current state: the dashboard's queries (kpis, aggregate, timeSeries,
 * calls), the compliance reads (complianceFailures, complianceByRule), ruleStats, the
 * repeated-calls reads (repeatFactors, repeatCost, repeatChains; query/compiler.ts), search
 * (query/search.ts), the customer insight reads (topicTrends, fakeCallInsights, churnInsights,
 * atRiskCustomers; query/insights.ts), voiceOfCustomer (query/voice.ts), spread
 * (query/spread.ts), usage and usageCost (query/usage.ts), the per-call records (customer,
 * evaluations, qaBySection, reviewQueue; query/records.ts) and the leads (leads, lead;
 * query/leads.ts, over the leads table written with the calls). A read pins the call tables it
 * starts on until it is done (store/live-tables.ts). Their answers are kept until the state changes
 * (src/data/engine/answer-cache.ts); other reads, and those while the tables catch up with a
 * write, go to the engine. Writes are applied, then appended to the write log (the record of
 * truth), one at a time, then, when they changed calls, copied to the database's live call
 * tables (store/live-tables.ts).
 */
import { EmbeddedSource, writingAt, type Corpus } from '../src/data/engine/index.ts';
import {
  prepareCorpus,
  generateSlice,
  completeCorpus,
  CORPUS_GENERATOR,
  SLICES,
  SERVER_MAX_CALLS,
} from '../src/data/corpus/generate.ts';
import { CONTRACT } from '../src/data/http/contract.ts';
import {
  DataSourceError,
  type CallFilters,
  type DataSourceMethod,
  type RuleDraft,
} from '../src/data/source.ts';
import { ForbiddenError, type Caller } from './auth.ts';
import { answersOwnEvaluation } from './evaluated-agent.ts';
import { allowance } from '../src/auth/roles.ts';
import type { Database } from './store/database.ts';
import { loadCorpus, saveCorpus, storedCorpus } from './store/corpus-table.ts';
import { openWriteLog, type AuditEntry, type WriteLog } from './store/write-log.ts';
import { CALLS_UNCHANGED_BY, LiveCallTables } from './store/live-tables.ts';
import { CompiledQueries } from './query/compiler.ts';
import { CompiledSearch } from './query/search.ts';
import { CompiledInsights } from './query/insights.ts';
import { CompiledRecords } from './query/records.ts';
import { CompiledVoice } from './query/voice.ts';
import { CompiledSpread } from './query/spread.ts';
import { CompiledUsage } from './query/usage.ts';
import { CompiledLeads } from './query/leads.ts';
import { AnswerCache } from '../src/data/engine/answer-cache.ts';
import { ensureTranscripts } from './store/transcript-table.ts';
import { ensureCustomerVoice } from './store/voice-table.ts';
import { ensureLeads } from './store/lead-table.ts';
import { filtersInSql } from './query/filters.ts';
import { waitAtMost } from './wait-at-most.ts';
import { changedNothing, deploymentCorpus, loggedRequest } from './ingest-log.ts';

export interface StartProgress {
  /**
   * "generate" the demo corpus, "store" it, "load" it from the database, store its
   * "transcripts" words for search and each call's "voice" of the customer (when missing),
   * "replay" writes.
   */
  stage: 'generate' | 'store' | 'load' | 'transcripts' | 'voice' | 'replay';
  /** 0..1 within the stage. */
  done: number;
}

export interface ServiceOptions {
  /**
   * The demo corpus generated on first start. `day` is the day it ends on (today when absent);
   * once stored, the corpus keeps its day, as a real deployment's data ages.
   */
  readonly corpus: { readonly seed: number; readonly calls: number; readonly day?: string };
  readonly onProgress?: (progress: StartProgress) => void;
  /** false (SA_API_DEMO=off): no demo corpus, the deployment's ingested calls only. */
  readonly demo?: boolean;
  /** false: every read through the engine (the differential test's reference). Default true. */
  readonly compiled?: boolean;
}

/**
 * Reads whose source method takes CallOptions as its last argument (source.ts): the engine
 * stops them between chunks when their signal aborts, instead of finishing work nobody reads.
 */
export const STOPPABLE: ReadonlySet<DataSourceMethod> = new Set<DataSourceMethod>([
  'previewRule',
  'search',
]);

/** What a compiled read answers when the engine is to answer instead. */
const IN_ENGINE = Symbol('in engine');

export class ApiService {
  private queue: Promise<unknown> = Promise.resolve();
  private lastWrite: AuditEntry | null = null;
  /** The newest write that changed the calls (0: none): the state the call tables must hold. */
  private callsSeq = 0;
  /** The dashboard's compiled answers for the current state; dropped at every change. */
  private readonly answers = new AnswerCache();

  private constructor(
    private readonly db: Database,
    private source: EmbeddedSource,
    private readonly log: WriteLog,
    private readonly live: LiveCallTables,
    private readonly options: ServiceOptions,
  ) {
    this.follow(source);
  }

  /** Rule re-runs going on: job id -> the draft, who saved it and when (the version's stamp). */
  private readonly jobs = new Map<string, { draft: RuleDraft; caller: Caller; at: string }>();

  /** Records a re-run that ended as done, as the saveRule it amounts to (see startRuleSave). */
  private follow(source: EmbeddedSource): void {
    source.onRuleJobSettled = async () => {
      for (const [id, { draft, caller, at }] of this.jobs) {
        const job = await source.ruleJob(id);
        if (job?.state === 'running') continue;
        this.jobs.delete(id);
        // A stopped or failed re-run put the engine back: the state is not the running one's.
        this.answers.changed();
        if (job?.state !== 'done') continue;
        // Logged at the save's moment, the one the version was stamped with, not the re-run's end:
        // a restart replays it at that moment, so the version keeps its time.
        const record = this.queue.then(() => this.record('saveRule', [draft], job, caller, at));
        this.queue = record.catch(() => {}).then(() => this.refreshLive());
        await record.catch(() => {});
      }
    };
  }

  static async open(db: Database, options: ServiceOptions): Promise<ApiService> {
    const log = await openWriteLog(db);
    const generated = { now: false };
    const live = await LiveCallTables.open(db);
    const source = await restore(db, log, options, generated);
    const service = new ApiService(db, source, log, live, options);
    service.generatedNow = generated.now;
    service.lastWrite = (await log.page(0, 1)).rows[0] ?? null;
    service.callsSeq = await log.lastSeqExcept(CALLS_UNCHANGED_BY);
    service.queue = service.refreshLive();
    return service;
  }

  /** Resolves when every accepted write is applied and copied to the live call tables. */
  settled(): Promise<void> {
    return this.queue.then(() => {});
  }

  /** Copies the current state to the database's live call tables (a failure leaves them stale). */
  private refreshLive(): Promise<void> {
    return this.live
      .refresh(this.source.corpus, this.callsSeq)
      .catch((error: unknown) =>
        console.error(`live call tables not refreshed: ${(error as Error).message}`),
      );
  }

  /** Which backend answers the dashboard's queries right now (for tests and diagnostics). */
  answeredBy(): 'database' | 'engine' {
    return this.options.compiled !== false && this.compiled() ? 'database' : 'engine';
  }

  /**
   * The compiled queries, when the database's call tables hold the current state, over those
   * tables pinned until `release()` (store/live-tables.ts): a read that a write overtakes keeps
   * reading the copy it started on.
   */
  private compiled(): {
    queries: CompiledQueries;
    search: CompiledSearch;
    insights: CompiledInsights;
    records: CompiledRecords;
    voice: CompiledVoice;
    spread: CompiledSpread;
    usage: CompiledUsage;
    leads: CompiledLeads;
    release: () => void;
  } | null {
    // During a re-run the engine's columns change step by step: every screen reads them there.
    if (this.source.rerunning) return null;
    const pinned = this.live.pin(this.callsSeq);
    if (!pinned) return null;
    const { tables, release } = pinned;
    const corpus = this.source.corpus;
    return {
      queries: new CompiledQueries(this.db, corpus, tables),
      search: new CompiledSearch(this.db, corpus, tables),
      insights: new CompiledInsights(this.db, corpus, tables),
      records: new CompiledRecords(this.db, corpus, tables),
      voice: new CompiledVoice(this.db, corpus, tables),
      spread: new CompiledSpread(this.db, corpus, tables),
      usage: new CompiledUsage(this.db, corpus, tables),
      leads: new CompiledLeads(this.db, corpus, tables),
      release,
    };
  }

  private async read(
    method: DataSourceMethod,
    args: unknown[],
    signal?: AbortSignal,
  ): Promise<unknown> {
    const compiled = this.options.compiled === false ? null : this.compiled();
    try {
      const answer = compiled ? await this.readCompiled(compiled, method, args, signal) : IN_ENGINE;
      if (answer !== IN_ENGINE) return answer;
    } finally {
      compiled?.release();
    }
    const fn = this.source[method] as (...a: unknown[]) => Promise<unknown>;
    return fn.apply(this.source, signal && STOPPABLE.has(method) ? [...args, { signal }] : args);
  }

  /** A read's answer from the database, or IN_ENGINE when the engine answers it. */
  private async readCompiled(
    compiled: NonNullable<ReturnType<ApiService['compiled']>>,
    method: DataSourceMethod,
    args: unknown[],
    signal?: AbortSignal,
  ): Promise<unknown> {
    // Ingested and deleted calls' words are not in the transcript tables: the engine searches.
    const searchInSql = method !== 'search' || !this.source.corpus.ingested;
    if (!searchInSql || !filtersInSql((args[0] as { filters?: CallFilters } | undefined)?.filters))
      return IN_ENGINE;
    const query = args[0] as never;
    const { queries, search, insights, records, voice, spread, usage, leads } = compiled;
    const kept = (read: () => Promise<unknown>) =>
      this.answers.answer(`${method} ${JSON.stringify(query)}`, read);
    if (method === 'kpis') return kept(() => queries.kpis(query));
    if (method === 'aggregate') return kept(() => queries.aggregate(query));
    if (method === 'timeSeries') return kept(() => queries.timeSeries(query));
    if (method === 'complianceByRule') return kept(() => queries.complianceByRule(query));
    if (method === 'repeatFactors') return kept(() => queries.repeatFactors(query));
    if (method === 'repeatCost') return kept(() => queries.repeatCost(query));
    if (method === 'ruleStats') return kept(() => queries.ruleStats(query));
    if (method === 'topicTrends') return kept(() => insights.topicTrends(query));
    if (method === 'fakeCallInsights') return kept(() => insights.fakeCallInsights(query));
    if (method === 'leads') return (await kept(() => leads.leads(query))) ?? IN_ENGINE;
    if (method === 'lead') return kept(() => leads.lead(query));
    // Ingested calls are not in time order by index: the engine walks them in time order.
    if (!this.source.corpus.ingested) {
      if (method === 'customer') return kept(() => records.customer(query));
      if (method === 'qaBySection') return kept(() => records.qaBySection(query));
      if (method === 'reviewQueue') return kept(() => records.reviewQueue(query));
      if (method === 'evaluations')
        return (await kept(() => records.evaluations(query))) ?? IN_ENGINE;
      if (method === 'atRiskCustomers') return kept(() => insights.atRiskCustomers(query));
      if (method === 'repeatChains') return kept(() => queries.repeatChains(query));
      if (method === 'churnInsights')
        return (await kept(() => insights.churnInsights(query))) ?? IN_ENGINE;
      if (method === 'voiceOfCustomer')
        return (await kept(() => voice.voiceOfCustomer(query))) ?? IN_ENGINE;
      // Per-call sums in time order, which is index order without ingested calls.
      if (method === 'spread') return kept(() => spread.spread(query));
      if (method === 'usage') return kept(() => usage.usage(query));
      if (method === 'usageCost') return kept(() => usage.usageCost(query));
    }
    if (method === 'calls' || method === 'complianceFailures')
      return (await queries[method](query)) ?? IN_ENGINE;
    if (method === 'search') return search.search(query, signal);
    return IN_ENGINE;
  }

  get corpus(): Corpus {
    return this.source.corpus;
  }

  /** The day the served corpus ends on, and whether it was generated on this start. */
  get anchor(): { day: string; generated: boolean } {
    return { day: this.source.corpus.day, generated: this.generatedNow };
  }

  private generatedNow = false;

  /**
   * Runs one contract method for a caller (authorisation is the HTTP layer's job). `signal`
   * aborts when the client went away or the request timed out: a read that can stop does.
   */
  async call(
    method: DataSourceMethod,
    args: unknown[],
    caller: Caller,
    signal?: AbortSignal,
  ): Promise<unknown> {
    if (method === 'startRuleSave') return this.startRuleSave(args[0] as RuleDraft, caller);
    // Stopping a re-run undoes its save in the engine: nothing was recorded, nothing to record.
    if (method === 'cancelRuleJob') {
      return this.source.cancelRuleJob(args[0] as string).finally(() => this.answers.changed());
    }
    if (!CONTRACT[method].write) {
      const result = await this.read(method, args, signal);
      return method === 'info' ? { ...(result as object), kind: 'http' } : result;
    }
    // Writes one after another, each recorded (and copied to the live tables) before the next.
    const run = this.queue.then(() => this.write(method, args, caller));
    this.queue = run.catch(() => {}).then(() => this.refreshLive());
    return run;
  }

  /**
   * A rule saved with its re-run on history as a job the client follows (ruleJob) and may stop
   * (cancelRuleJob), as the worker does. Nothing is recorded until the job is done; then the
   * write log gets the saveRule it amounts to, so a restart replays it in one step. Other writes
   * are refused (503, retried by the client) while it runs, so none can come between; a restart
   * during the run drops it, as a cancel would.
   */
  private startRuleSave(draft: RuleDraft, caller: Caller): Promise<unknown> {
    const run = this.queue.then(async () => {
      this.answers.changed();
      const at = new Date().toISOString();
      const job = await writingAt(this.source.corpus, at, () => this.source.startRuleSave(draft));
      this.jobs.set(job.id, { draft, caller, at });
      return job;
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async write(method: DataSourceMethod, args: unknown[], caller: Caller) {
    if (method === 'saveSchedule' || method === 'deleteSchedule') {
      args = await this.ownSchedule(method, args, caller);
    }
    if (method === 'updateEvaluation') answersOwnEvaluation(this.source.corpus, args[0], caller);
    // Idempotent per body (the contract): a write repeating the last one, as a client's retry
    // after a lost answer does, gets the stored answer and changes nothing.
    const request = JSON.stringify(args[0] ?? null);
    const last = this.lastWrite;
    if (last && last.method === method && JSON.stringify(last.request) === request) {
      return last.result ?? undefined;
    }
    const fn = this.source[method] as (...a: unknown[]) => Promise<unknown>;
    this.answers.changed();
    // One moment for the engine's stamps and the log row, so a replay stamps the same.
    const at = new Date().toISOString();
    const result = await writingAt(this.source.corpus, at, () => fn.apply(this.source, args));
    // An ingest that took no call (or a deletion that found none) changed nothing to record.
    if (changedNothing(method, result)) return result;
    return this.record(method, args, result, caller, at);
  }

  /**
   * A scheduled entry is changed or deleted only by its creator or a role the role table names
   * (403 otherwise); a save keeps the creator's name, whoever saves it.
   */
  private async ownSchedule(method: DataSourceMethod, args: unknown[], caller: Caller) {
    const request = args[0] as { id?: unknown; createdBy?: string };
    const existing = (await this.source.schedules()).find((entry) => entry.id === request.id);
    if (!existing || existing.createdBy === caller.displayName) return args;
    const { allowed } = allowance(caller.roles, 'change-others-schedules');
    if (!allowed) {
      throw new ForbiddenError(
        `Only ${existing.createdBy}, who scheduled it, or a supervisor or admin may change it`,
        ['createdBy'],
      );
    }
    return method === 'saveSchedule' ? [{ ...request, createdBy: existing.createdBy }] : args;
  }

  /** Appends an applied write to the log; if that fails, the write is undone. */
  private async record(
    method: DataSourceMethod,
    args: unknown[],
    result: unknown,
    caller: Caller,
    at?: string,
  ) {
    try {
      this.lastWrite = await this.log.append({
        at,
        actor: caller.name,
        subject: caller.subject,
        method,
        target: targetOf(method, args[0], result),
        // Ingested transcripts are logged as stored (redacted), never as sent.
        request: loggedRequest(method, args[0], result, this.source.corpus) ?? null,
        result: result ?? null,
      });
      if (!CALLS_UNCHANGED_BY.has(method)) this.callsSeq = this.lastWrite.seq;
    } catch (error) {
      // Not recorded, so not done: go back to what the database holds.
      this.source = await restore(this.db, this.log, this.options);
      this.follow(this.source);
      throw new DataSourceError(
        'unavailable',
        `The change could not be saved: ${(error as Error).message}`,
      );
    } finally {
      this.answers.changed();
    }
    return result;
  }

  audit(offset: number, limit: number): Promise<{ total: number; rows: AuditEntry[] }> {
    return this.log.page(offset, limit);
  }

  /**
   * Closes the database once every accepted write is applied (a save answered 200 is stored),
   * or after `graceMs` if the database itself is stuck.
   */
  async close(graceMs = 10_000): Promise<void> {
    await waitAtMost(this.settled(), graceMs);
    this.db.close();
  }
}

/** What to tell the operator about the day the served corpus ends on (it does not move on its own). */
export function anchorNotice(anchor: { day: string; generated: boolean }, dataDir: string): string {
  return anchor.generated
    ? `Demo corpus generated, ending on ${anchor.day}; it keeps that day while ${dataDir} exists.`
    : `Demo corpus ends on ${anchor.day}, the day it was first loaded; remove ${dataDir} for calls up to today.`;
}

function targetOf(method: DataSourceMethod, request: unknown, result: unknown): string {
  if (method === 'saveRule') return (result as { rule: { id: string } }).rule.id;
  if (method === 'deleteRule') return String(request);
  if (method === 'saveEvaluationForm') return (result as { id: string }).id;
  if (method === 'saveSettings') return 'settings';
  const source = (request as { source?: unknown } | null)?.source;
  return typeof source === 'string' ? source : method;
}

/** The corpus from the database (generated and stored on first start), with every write replayed. */
async function restore(
  db: Database,
  log: WriteLog,
  options: ServiceOptions,
  generated = { now: false },
): Promise<EmbeddedSource> {
  const progress = options.onProgress ?? (() => {});
  if (options.demo === false) return replay(await deploymentCorpus(db), log, progress);
  const wanted = options.corpus;
  let stored = await storedCorpus(db);
  if (stored && (stored.seed !== wanted.seed || stored.calls !== wanted.calls)) {
    throw new Error(
      `the data directory holds ${stored.calls} calls of seed ${stored.seed}, not ${wanted.calls} of seed ${wanted.seed}: use another data directory or remove it`,
    );
  }
  if (stored && wanted.day !== undefined && stored.day !== wanted.day) {
    throw new Error(
      `the data directory holds the corpus ending on ${stored.day}, not ${wanted.day}: use another data directory or remove it`,
    );
  }
  if (stored && stored.generator !== CORPUS_GENERATOR) {
    // Rebuilt transcripts would no longer match the stored calls. Without saved writes the
    // corpus is simply made again; with some, removing them is the operator's decision.
    if ((await log.page(0, 1)).total > 0) {
      throw new Error(
        `the data directory holds calls of an older corpus generator (${stored.generator}, now ${CORPUS_GENERATOR}) and saved writes: remove it (losing those writes) or use another data directory`,
      );
    }
    stored = null;
  }
  let corpus: Corpus;
  if (!stored) {
    corpus = generateWithProgress(wanted, (done) => progress({ stage: 'generate', done }));
    await saveCorpus(db, corpus, (done) => progress({ stage: 'store', done }));
    stored = { seed: corpus.seed, calls: corpus.n, day: corpus.day, generator: CORPUS_GENERATOR };
    generated.now = true;
  }
  progress({ stage: 'load', done: 0 });
  corpus = await loadCorpus(db, stored);
  progress({ stage: 'load', done: 1 });
  // Search reads transcript words from the database; a data directory from before has none.
  await ensureTranscripts(db, corpus, (done) => progress({ stage: 'transcripts', done }));
  await ensureCustomerVoice(db, corpus, (done) => progress({ stage: 'voice', done }));
  // The leads list reads leads from the database; a data directory from before has none.
  await ensureLeads(db, corpus);
  return replay(corpus, log, progress);
}

/** The engine over a corpus with every logged write applied again, at its logged time. */
async function replay(
  corpus: Corpus,
  log: WriteLog,
  progress: (progress: StartProgress) => void,
): Promise<EmbeddedSource> {
  const source = new EmbeddedSource(corpus);
  const writes = await log.all();
  for (const [k, entry] of writes.entries()) {
    const fn = source[entry.method] as (...a: unknown[]) => Promise<unknown>;
    // Stamped with the time it was first made, not the restart's (versions, imports, steps).
    await writingAt(source.corpus, entry.at, () => fn.apply(source, [entry.request]));
    progress({ stage: 'replay', done: (k + 1) / writes.length });
  }
  return source;
}

function generateWithProgress(
  options: ServiceOptions['corpus'],
  progress: (done: number) => void,
): Corpus {
  const started = performance.now();
  const corpus = prepareCorpus({ ...options, maxCalls: SERVER_MAX_CALLS });
  const slices = [];
  for (let k = 0; k < SLICES; k++) {
    slices.push(generateSlice(corpus, k));
    progress((k + 1) / (SLICES + 1));
  }
  const done = completeCorpus(corpus, slices, started);
  progress(1);
  return done;
}
