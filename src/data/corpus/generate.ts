/**
 * Generates the synthetic corpus from a seed. Pass 1 walks the calls in time order: it draws
 * each call's attributes (its own random stream A), builds its transcript (stream B), analyses
 * it and keeps only the columns. Pass 2 computes what needs several calls: repeat contacts,
 * redials, churn risk, fake-call scores, leads.
 */
import {
  analyseTranscript,
  defaultSettings,
  type AnalyseInput,
  type TranscriptAnalysis,
} from '../../domain/analysis/index.ts';
import { DISPOSITIONS, DISPOSITION_INDEX } from '../../domain/dispositions/index.ts';
import { defaultEvaluationForm } from '../../domain/evaluation/index.ts';
import { defaultRules, type RuleSubject } from '../../domain/rules/index.ts';
import { callAnalysisCost, qaScore } from '../../metrics/index.ts';
import {
  BRANDS,
  LANGUAGES,
  PRODUCTS,
  PRODUCTS_BY_BRAND,
  QUEUES,
  buildCast,
  customerName,
} from './catalog.ts';
import {
  ESCALATION_BITS,
  SIGNAL_BITS,
  scoringForm,
  callId,
  generatedCalls,
  type CallColumns,
  type Corpus,
} from './corpus.ts';
import { recomputeAcrossCalls } from './across-calls.ts';
import { corpusDay, corpusEndMs } from './anchor.ts';
import { holdMs, transferHoldMs, transferred } from './pace.ts';
import { recordedTranscript, recordingAt } from './recorded/index.ts';
import { createRandom, hashSeed, type Random } from './prng.ts';
import {
  SCENARIOS,
  TOPICS,
  buildTranscript,
  type Scenario,
  type TranscriptOutcome,
} from './scenarios.ts';
import { BLOOM_WORDS, writeCallBloom } from '../text/word-bloom.ts';

export const MAX_CALLS = 200_000;
/**
 * Version of what the generator draws. Bump it when generated calls change (scripts, timing,
 * recorded calls): a corpus stored by the API server with another version no longer matches
 * the transcripts rebuilt from the seed, so the server regenerates or refuses it.
 */
export const CORPUS_GENERATOR = 3;
/** The API server keeps its corpus in a database and answers the dashboard in SQL: it goes further. */
export const SERVER_MAX_CALLS = 1_000_000;
export const DEFAULT_CORPUS = {
  seed: 20260401,
  calls: 20_000,
  days: 90,
};

export interface GenerateOptions {
  seed?: number;
  calls?: number;
  days?: number;
  /**
   * The last day with calls (UTC, YYYY-MM-DD); the period ends at the next midnight. Today by
   * default (or SA_CORPUS_DAY, see anchor.ts): the same seed and day give the same data.
   */
  day?: string;
  /** Largest corpus allowed (default MAX_CALLS, the browser's; SERVER_MAX_CALLS on the server). */
  maxCalls?: number;
  /**
   * The moment of generation (epoch ms, default now). No call starts later than an hour and a
   * half before it, so a corpus of today has no calls from the future; a day that has ended is
   * not affected, so a pinned past day gives the same data whenever it is generated.
   */
  now?: number;
}

/** How long before the generation moment the last call may start: it has ended by then. */
const LATEST_START_BEFORE_NOW_MS = 90 * 60_000;

const DAY_MS = 86_400_000;
const TRANSCRIPT_STREAM = 0x7a11c0de;
/** Share of hourly volume from 00:00 to 23:00 UTC. */
const HOURS = [
  0.1, 0.05, 0.05, 0.05, 0.1, 0.2, 0.5, 1.2, 2.4, 3.2, 3.4, 3.2, 2.8, 3, 3.1, 2.9, 2.6, 2.2, 1.7,
  1.2, 0.8, 0.5, 0.3, 0.2,
];

/**
 * Calls are generated in SLICES fixed slices of consecutive calls (about 11 days each by
 * default). A slice depends only on the options and its number, so slices can be generated in
 * any order or in parallel helper workers and the corpus is the same: same seed, same data.
 */
export const SLICES = 8;

export function generateCorpus(options: GenerateOptions = {}): Corpus {
  const started = performance.now();
  const corpus = prepareCorpus(options);
  const slices: SliceResult[] = [];
  for (let k = 0; k < SLICES; k++) slices.push(generateSlice(corpus, k));
  return completeCorpus(corpus, slices, started);
}

/** The empty corpus: cast, rules, settings, columns and the sorted start times. */
export function prepareCorpus(options: GenerateOptions = {}): Corpus {
  const seed = (options.seed ?? DEFAULT_CORPUS.seed) >>> 0;
  const n = options.calls ?? DEFAULT_CORPUS.calls;
  const max = options.maxCalls ?? MAX_CALLS;
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new RangeError(`calls must be an integer from 1 to ${max}, got ${n}`);
  }
  const days = options.days ?? DEFAULT_CORPUS.days;
  const day = corpusDay(options.day);
  const toMs = corpusEndMs(day);
  const fromMs = toMs - days * DAY_MS;

  const cols = allocateColumns(n);
  const corpus: Corpus = {
    seed,
    n,
    day,
    fromMs,
    toMs,
    loadMs: 0,
    cast: buildCast(seed),
    customerCount: 0,
    queues: [...QUEUES],
    brands: [...BRANDS],
    products: [...PRODUCTS],
    languages: [...LANGUAGES],
    topics: [...TOPICS],
    summaries: [],
    rules: defaultRules(),
    forms: [defaultEvaluationForm()],
    scoredWith: { id: defaultEvaluationForm().id, version: 1 },
    settings: defaultSettings(),
    categoryRuleIds: [],
    cols,
    failures: {
      offsets: new Int32Array(n + 1),
      rule: new Uint16Array(0),
      segment: new Int32Array(0),
      beginMs: new Int32Array(0),
    },
    leads: [],
  };
  corpus.categoryRuleIds = activeCategoryIds(corpus);
  drawStartTimes(cols.startMs, seed, fromMs, days, latestStart(fromMs, toMs, options.now));
  return corpus;
}

/** What a slice adds besides its columns. */
export interface SliceResult {
  k: number;
  from: number;
  to: number;
  /** Summaries in the order the slice met them; the slice's summary column indexes this list. */
  summaries: string[];
  /** One more than the highest customer index the slice used. */
  customerEnd: number;
  failures: FailureRun;
}

/** Failed compliance rules of a run of consecutive calls. */
export interface FailureRun {
  from: number;
  /** Failures per call of the run. */
  counts: Int32Array;
  rule: Uint16Array;
  segment: Int32Array;
  beginMs: Int32Array;
}

export function sliceRange(n: number, k: number): [number, number] {
  return [Math.floor((k * n) / SLICES), Math.floor(((k + 1) * n) / SLICES)];
}

/** Draws, scripts and analyses the calls of slice k, writing their pass-1 columns. */
export function generateSlice(corpus: Corpus, k: number): SliceResult {
  const [from, to] = sliceRange(corpus.n, k);
  const store = new AnalysisStore(corpus, from, to);
  const drawn = drawCalls(corpus, store, k, from, to);
  return { k, from, to, ...drawn, failures: store.finish() };
}

/** Joins the slices (in order): summaries, failures, customers; then the cross-call pass. */
export function completeCorpus(
  corpus: Corpus,
  slices: readonly SliceResult[],
  started: number,
): Corpus {
  const ordered = [...slices].sort((a, b) => a.k - b.k);
  if (ordered.length !== SLICES || ordered.some((s, k) => s.k !== k)) {
    throw new Error(`expected slices 0..${SLICES - 1}, got ${ordered.map((s) => s.k).join(',')}`);
  }
  const dictionary = new Map<string, number>();
  const { cols } = corpus;
  for (const slice of ordered) {
    const remap = slice.summaries.map((text) => {
      let index = dictionary.get(text);
      if (index === undefined) {
        index = corpus.summaries.push(text) - 1;
        dictionary.set(text, index);
      }
      return index;
    });
    for (let i = slice.from; i < slice.to; i++) cols.summary[i] = remap[cols.summary[i]!]!;
    corpus.customerCount = Math.max(corpus.customerCount, slice.customerEnd);
  }
  setFailures(
    corpus,
    ordered.map((s) => s.failures),
  );
  recomputeAcrossCalls(corpus);
  corpus.loadMs = Math.round(performance.now() - started);
  return corpus;
}

/** What a deleted call's transcript reads as: nothing. */
const DELETED_TRANSCRIPT: TranscriptOutcome = {
  segments: [],
  durationMs: 0,
  ivrMs: 0,
  resolved: false,
  dispositionCode: 'NO-CONTACT',
  topic: TOPICS[5],
  summary: '',
};

/**
 * Replaces call i's failed compliance rules with those of a one-call run (null: none), as an
 * ingested, replaced or deleted call needs; the other calls' keep their places.
 */
export function setCallFailures(corpus: Corpus, i: number, run: FailureRun | null): void {
  const f = corpus.failures;
  const [from, to] = [f.offsets[i]!, f.offsets[i + 1]!];
  const added = run ? run.rule.length : 0;
  const splice = <T extends Uint16Array | Int32Array>(old: T, values: T | null): T => {
    const out = new (old.constructor as new (n: number) => T)(old.length - (to - from) + added);
    out.set(old.subarray(0, from));
    if (values) out.set(values, from);
    out.set(old.subarray(to), from + added);
    return out;
  };
  f.rule = splice(f.rule, run?.rule ?? null);
  f.segment = splice(f.segment, run?.segment ?? null);
  f.beginMs = splice(f.beginMs, run?.beginMs ?? null);
  const shift = added - (to - from);
  for (let j = i + 1; j < f.offsets.length; j++) f.offsets[j] = f.offsets[j]! + shift;
}

function setFailures(corpus: Corpus, runs: readonly FailureRun[]): void {
  const f = corpus.failures;
  let total = 0;
  for (const run of runs) total += run.rule.length;
  f.rule = new Uint16Array(total);
  f.segment = new Int32Array(total);
  f.beginMs = new Int32Array(total);
  f.offsets.fill(0);
  let at = 0;
  let next = 0;
  for (const run of runs) {
    for (; next <= run.from; next++) f.offsets[next] = at;
    f.rule.set(run.rule, at);
    f.segment.set(run.segment, at);
    f.beginMs.set(run.beginMs, at);
    for (let j = 0; j < run.counts.length; j++) {
      f.offsets[run.from + j] = at;
      at += run.counts[j]!;
      next = run.from + j + 1;
    }
  }
  for (; next <= corpus.n; next++) f.offsets[next] = at;
}

function activeCategoryIds(corpus: Corpus): string[] {
  return corpus.rules
    .filter((r) => r.active && r.kind === 'category')
    .slice(0, 32)
    .map((r) => r.id);
}

/** The latest start time a call may have: the period's end, or before now when that is sooner. */
function latestStart(fromMs: number, toMs: number, now = Date.now()): number {
  const latest = now - LATEST_START_BEFORE_NOW_MS;
  // Keep at least a day of calls (a corpus generated just after midnight of its first day).
  return latest < toMs ? Math.max(latest, fromMs + DAY_MS) : toMs;
}

function drawStartTimes(
  out: Float64Array,
  seed: number,
  fromMs: number,
  days: number,
  latestMs: number,
): void {
  const rand = createRandom(hashSeed(seed, 0x57a27));
  const dayWeights: number[] = [];
  for (let d = 0; d < days; d++) {
    const weekday = new Date(fromMs + d * DAY_MS).getUTCDay();
    const weekly = weekday === 0 ? 0.35 : weekday === 6 ? 0.55 : 1;
    dayWeights.push(weekly * (0.85 + (0.3 * d) / days) * (0.9 + rand.next() * 0.2));
  }
  const dayCdf = cumulative(dayWeights);
  const hourCdf = cumulative(HOURS);
  for (let i = 0; i < out.length; i++) {
    const day = search(dayCdf, rand.next());
    const hour = search(hourCdf, rand.next());
    const at = fromMs + day * DAY_MS + hour * 3_600_000 + Math.floor(rand.next() * 3_600_000);
    // A time still to come moves back by whole days: the same hour of an earlier day.
    out[i] = at < latestMs ? at : at - Math.ceil((at - latestMs + 1) / DAY_MS) * DAY_MS;
  }
  out.sort();
}

function cumulative(weights: readonly number[]): Float64Array {
  const cdf = new Float64Array(weights.length);
  let total = 0;
  for (const w of weights) total += w;
  let acc = 0;
  weights.forEach((w, i) => (cdf[i] = (acc += w) / total));
  return cdf;
}

function search(cdf: Float64Array, x: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const SCENARIO_QUEUE: Record<Scenario, number> = {
  'billing-dispute': 0,
  'cancellation-intent': 1,
  'competitor-mention': 1,
  'technical-support': 2,
  'sales-lead': 3,
  'silent-or-fake': 4,
  'repeat-caller': 0,
  'information-request': 4,
};
const INBOUND_WEIGHTS = [0.2, 0.1, 0.07, 0.2, 0.08, 0.035, 0, 0.16];
const OUTBOUND_WEIGHTS = [0, 0, 0.08, 0, 0.72, 0.2, 0, 0];
const VENDOR_VOLUME = [1.3, 1.1, 1, 0.9, 1.2, 1, 0.8, 0.9];

interface RecentCall {
  customer: number;
  endMs: number;
  unresolved: boolean;
}

/**
 * Pass 1 for the calls [from, to) of slice k, in time order: attributes (stream A and the
 * slice's memory of recent calls, for repeat callers and transfers), transcript, analysis.
 * New customers of slice k get indices from the slice's own range, so slices never collide.
 */
function drawCalls(
  corpus: Corpus,
  store: AnalysisStore,
  k: number,
  from: number,
  to: number,
): { summaries: string[]; customerEnd: number } {
  const { cols, n, seed, cast } = corpus;
  const agentsByVendor: number[][] = cast.vendors.map(() => []);
  cast.agents.forEach((_, a) => agentsByVendor[cast.agentVendor[a]!]!.push(a));
  const allCustomers = Math.max(SLICES, Math.round(n * 0.55));
  const targetCustomers = Math.floor(((k + 1) * allCustomers) / SLICES);
  // Indices below the slice's range belong to earlier slices: "returning" customers.
  let customers = Math.floor((k * allCustomers) / SLICES);
  const recent: RecentCall[] = [];
  let recentStart = 0;
  const lastFake = new Map<number, { customer: number; day: number }>();
  const summaries = new Map<string, number>();
  const summaryList: string[] = [];
  const lastHour = corpus.toMs - 2 * 3_600_000;
  // Worse vendors place more fake calls.
  const scenarioWeights = cast.vendors.map((_, v) =>
    [INBOUND_WEIGHTS, OUTBOUND_WEIGHTS].map((weights) =>
      weights.map((w, k) =>
        SCENARIOS[k] === 'silent-or-fake' ? w * (2.6 - 2 * cast.vendorQuality[v]!) : w,
      ),
    ),
  );

  for (let i = from; i < to; i++) {
    const rand = createRandom(hashSeed(seed, i));
    const start = cols.startMs[i]!;
    while (recentStart < recent.length && recent[recentStart]!.endMs < start - 7 * DAY_MS)
      recentStart++;

    const vendor = rand.weighted(VENDOR_VOLUME);
    // A call with audio (recorded/) keeps its script's scenario; it is inbound and analysed.
    const recording = recordingAt(n, i);
    const outbound = rand.chance(0.22) && !recording;
    let scenario = SCENARIOS[rand.weighted(scenarioWeights[vendor]![outbound ? 1 : 0]!)]!;
    if (recording) scenario = recording.scenario;
    const agent = rand.pick(agentsByVendor[vendor]!);

    // Customer: a transfer, a repeat of an unresolved call, a returning or a new customer.
    let customer = -1;
    const r = rand.next();
    if (!outbound && r < 0.02) {
      for (let k = recent.length - 1; k >= recentStart && k >= recent.length - 40; k--) {
        const c = recent[k]!;
        if (c.endMs <= start && start - c.endMs < 15 * 60_000) {
          customer = c.customer;
          break;
        }
      }
    } else if (!outbound && r < 0.17 && recent.length > recentStart) {
      for (let tries = 0; tries < 4 && customer < 0; tries++) {
        const c = recent[rand.int(recentStart, recent.length - 1)]!;
        if (c.unresolved && c.endMs < start) customer = c.customer;
      }
      if (customer >= 0 && scenario !== 'silent-or-fake' && rand.chance(0.7) && !recording)
        scenario = 'repeat-caller';
    } else if (r < 0.27 && customers > 0) {
      customer = rand.int(0, customers - 1);
    }
    if (scenario === 'silent-or-fake' && outbound) {
      const day = Math.floor(start / DAY_MS);
      const last = lastFake.get(agent);
      if (last && last.day === day && rand.chance(0.6)) customer = last.customer;
    }
    if (customer < 0)
      customer = customers < targetCustomers ? customers++ : rand.int(0, customers - 1);
    if (scenario === 'silent-or-fake' && outbound)
      lastFake.set(agent, { customer, day: Math.floor(start / DAY_MS) });

    const brand = hashSeed(customer, 0xb4a2d) % BRANDS.length;
    const products = PRODUCTS_BY_BRAND[brand]!;
    cols.agent[i] = agent;
    cols.vendor[i] = vendor;
    cols.team[i] = cast.agentTeam[agent]!;
    cols.site[i] = cast.agentSite[agent]!;
    cols.customer[i] = customer;
    cols.direction[i] = outbound ? 1 : 0;
    cols.scenario[i] = SCENARIOS.indexOf(scenario);
    cols.queue[i] =
      scenario === 'repeat-caller'
        ? rand.chance(0.5)
          ? 0
          : 2
        : outbound && scenario === 'silent-or-fake'
          ? 3
          : SCENARIO_QUEUE[scenario];
    cols.brand[i] = brand;
    cols.product[i] = PRODUCTS.indexOf(products[rand.int(0, products.length - 1)]!);
    cols.language[i] = rand.weighted([0.7, 0.2, 0.1]);
    cols.holdMs[i] = holdMs(rand, scenario, cast.agentSkill[agent]!);
    cols.acwMs[i] = Math.round(rand.range(15, 70 + (1 - cast.agentSkill[agent]!) * 90)) * 1000;
    cols.asrConfidence[i] = Math.round(rand.range(0.78, 0.98) * 1000) / 1000;
    cols.dispositionByAi[i] = rand.chance(0.1) ? 1 : 0;
    cols.status[i] = start >= lastHour ? (rand.chance(0.5) ? 1 : 2) : rand.chance(0.004) ? 3 : 0;
    if (recording) cols.status[i] = 0;

    const t = rebuildTranscript(corpus, i);
    if (transferred(t.segments)) cols.holdMs[i]! += transferHoldMs(rand);
    cols.durationMs[i] = t.durationMs;
    cols.ivrMs[i] = t.ivrMs;
    cols.resolved[i] = t.resolved ? 1 : 0;
    cols.disposition[i] = DISPOSITION_INDEX.get(t.dispositionCode)!;
    cols.topic[i] = corpus.topics.indexOf(t.topic);
    let s = summaries.get(t.summary);
    if (s === undefined) {
      s = summaryList.push(t.summary) - 1;
      summaries.set(t.summary, s);
    }
    cols.summary[i] = s;
    store.add(i, t);
    recent.push({
      customer,
      endMs: start + t.durationMs + cols.holdMs[i]!,
      unresolved: !t.resolved,
    });
    if (recent.length > 4 * 7 * 2_500 && recentStart > recent.length / 2) {
      recent.splice(0, recentStart);
      recentStart = 0;
    }
  }
  return { summaries: summaryList, customerEnd: customers };
}

/** A call's transcript, rebuilt from the seed and its stored attributes. */
export function rebuildTranscript(corpus: Corpus, i: number): TranscriptOutcome {
  // An ingested call's transcript is the one it came with (redacted), kept with the corpus.
  const ingested = corpus.ingested?.calls.get(i);
  if (ingested) return ingested.transcript;
  if (corpus.ingested?.deleted.has(i)) return DELETED_TRANSCRIPT;
  const recording = recordingAt(generatedCalls(corpus), i);
  if (recording) return recordedTranscript(recording);
  const { cols, cast } = corpus;
  const agent = cols.agent[i]!;
  const rand: Random = createRandom(hashSeed(corpus.seed ^ TRANSCRIPT_STREAM, i));
  return buildTranscript(
    {
      scenario: SCENARIOS[cols.scenario[i]!]!,
      direction: cols.direction[i] ? 'outbound' : 'inbound',
      brand: BRANDS[hashSeed(cols.customer[i]!, 0xb4a2d) % BRANDS.length]!,
      product: PRODUCTS[cols.product[i]!] ?? corpus.products[cols.product[i]!]!,
      agentName: cast.agents[agent]!.name,
      customerName: customerName(cols.customer[i]!),
      diligence: (cast.agentSkill[agent]! + cast.vendorQuality[cols.vendor[i]!]!) / 2,
    },
    rand,
  );
}

/** The analysis of call i with the corpus's current rules and settings. */
/** The call attributes rule scopes and conditions look at. */
export function callAttributes(corpus: Corpus, i: number): RuleSubject['attributes'] {
  const { cols, cast } = corpus;
  return {
    direction: cols.direction[i] ? 'outbound' : 'inbound',
    queue: corpus.queues[cols.queue[i]!]!,
    brand: corpus.brands[cols.brand[i]!]!,
    product: corpus.products[cols.product[i]!]!,
    language: corpus.languages[cols.language[i]!]!,
    disposition: DISPOSITIONS[cols.disposition[i]!]!.code,
    vendorId: cast.vendors[cols.vendor[i]!]!.id,
    agentId: cast.agents[cols.agent[i]!]!.id,
  };
}

export function analyseCall(
  corpus: Corpus,
  i: number,
  transcript: TranscriptOutcome = rebuildTranscript(corpus, i),
  firstEvidenceOnly = false,
): TranscriptAnalysis {
  return analyseTranscript({
    subject: analysisSubject(corpus, i, transcript),
    resolved: corpus.cols.resolved[i] === 1,
    rules: corpus.rules,
    form: scoringForm(corpus),
    silenceThresholdMs: corpus.settings.smart.silenceThresholdMs,
    firstEvidenceOnly,
  });
}

/** What the rules see of call i: its turns, timing and attributes. */
export function analysisSubject(
  corpus: Corpus,
  i: number,
  transcript: TranscriptOutcome,
): AnalyseInput['subject'] {
  const { cols } = corpus;
  return {
    callId: callId(i),
    segments: transcript.segments,
    durationMs: cols.durationMs[i]!,
    ivrMs: cols.ivrMs[i]!,
    attributes: callAttributes(corpus, i),
  };
}

/**
 * Writes analyses of the calls [from, to) into the per-call columns and collects their failed
 * compliance rules; calls must be added in index order.
 */
export class AnalysisStore {
  private readonly categoryBit: Map<string, number>;
  private readonly ruleIndex: Map<string, number>;
  private readonly counts: Int32Array;
  private readonly failRule: number[] = [];
  private readonly failSegment: number[] = [];
  private readonly failBegin: number[] = [];

  constructor(
    private readonly corpus: Corpus,
    private readonly from: number,
    to: number,
  ) {
    corpus.categoryRuleIds = activeCategoryIds(corpus);
    this.categoryBit = new Map(corpus.categoryRuleIds.map((id, k) => [id, k]));
    this.ruleIndex = new Map(corpus.rules.map((r, k) => [r.id, k]));
    this.counts = new Int32Array(to - from);
  }

  add(i: number, transcript: TranscriptOutcome): void {
    const { corpus } = this;
    const { cols } = corpus;
    if (cols.status[i] !== 0) return;
    const a = analyseCall(corpus, i, transcript, true);
    writeCallBloom(cols.wordBloom, i, transcript.segments);
    cols.agentTalkMs[i] = a.talk.agentMs;
    cols.customerTalkMs[i] = a.talk.customerMs;
    cols.silenceMs[i] = a.silenceMs;
    cols.interruptions[i] = a.interruptions.count;
    cols.agentInterruptions[i] = a.interruptions.byAgent;
    cols.turns[i] = a.turns;
    cols.agentTurns[i] = a.agentTurns;
    cols.agentSentiment[i] = a.sentiment.agent.overall ?? NaN;
    cols.customerSentiment[i] = a.sentiment.customer.overall ?? NaN;
    cols.customerEndSentiment[i] = a.sentiment.customer.quarters[3] ?? NaN;
    cols.sentimentTrend[i] = a.trend ?? NaN;
    let mask = 0;
    for (const r of a.ruleResults) {
      if (r.kind === 'category' && r.hit) {
        const bit = this.categoryBit.get(r.ruleId);
        if (bit !== undefined) mask |= 1 << bit;
      } else if (r.kind === 'compliance' && !r.passed) {
        this.failRule.push(this.ruleIndex.get(r.ruleId)!);
        this.counts[i - this.from]! += 1;
        const e = r.evidence[0];
        this.failSegment.push(e ? e.segment : -1);
        this.failBegin.push(e ? e.beginMs : -1);
      }
    }
    cols.categories[i] = mask >>> 0;
    cols.complianceScore[i] = a.compliance.score ?? NaN;
    cols.compliant[i] = a.compliance.compliant ? 1 : 0;
    let esc = 0;
    for (const e of a.escalation) esc |= ESCALATION_BITS[e];
    cols.escalation[i] = esc;
    cols.signals[i] =
      (a.signals.cancellationIntent.length > 0 ? SIGNAL_BITS.cancellationIntent : 0) |
      (a.signals.competitorMention.length > 0 ? SIGNAL_BITS.competitorMention : 0) |
      (a.signals.purchaseTalk ? SIGNAL_BITS.purchaseTalk : 0) |
      (a.signals.voicemail ? SIGNAL_BITS.voicemail : 0);
    cols.aiQaScore[i] = a.qa.score ?? NaN;
    cols.qaAutoFailed[i] = a.qa.autoFailed ? 1 : 0;
    cols.cost[i] = callAnalysisCost(cols.durationMs[i]!, corpus.settings.costControl.rates).total;
    drawReview(corpus, i, a);
  }

  finish(): FailureRun {
    return {
      from: this.from,
      counts: this.counts,
      rule: Uint16Array.from(this.failRule),
      segment: Int32Array.from(this.failSegment),
      beginMs: Int32Array.from(this.failBegin),
    };
  }
}

/**
 * "Re-run on history": analyses every call again with the current rules and settings,
 * rewriting the per-call analysis columns and the failure table, then the cross-call parts.
 */
export function reanalyseAll(corpus: Corpus): void {
  const steps = reanalyseInSteps(corpus, () => false);
  while (!steps.next().done);
}

/**
 * The same re-run in steps: yields the number of calls done whenever `stepEnds()` says the
 * current step has had its share, so a background job can report progress and let other
 * requests through between steps. The failure table and the cross-call parts change only after
 * the last step.
 */
export function* reanalyseInSteps(
  corpus: Corpus,
  stepEnds: () => boolean,
): Generator<number, void> {
  const store = new AnalysisStore(corpus, 0, corpus.n);
  for (let i = 0; i < corpus.n; i++) {
    if (corpus.cols.status[i] === 0) store.add(i, rebuildTranscript(corpus, i));
    if (i + 1 < corpus.n && stepEnds()) yield i + 1;
  }
  setFailures(corpus, [store.finish()]);
  recomputeAcrossCalls(corpus);
}

/** About 5 % of analysed calls also have a human (or calibration) review that can differ from the AI. */
function drawReview(corpus: Corpus, i: number, a: TranscriptAnalysis): void {
  const { cols } = corpus;
  // A review a person submitted (persisted by the engine) outranks the synthetic one.
  if (corpus.applyStoredReview?.(i)) return;
  // Only generated calls get a drawn review: an ingested call's reviews are people's own.
  const rand = createRandom(hashSeed(corpus.seed ^ 0x4e71e3, i));
  if (corpus.ingested?.calls.has(i) || !rand.chance(0.05)) {
    cols.reviewSource[i] = 0;
    cols.reviewScore[i] = NaN;
    cols.qaScore[i] = cols.aiQaScore[i]!;
    return;
  }
  const answers = humanAnswers(a, rand);
  const scored = qaScore(scoringForm(corpus), answers);
  const score = scored.score;
  cols.reviewSource[i] = rand.chance(0.15) ? 2 : 1;
  const ageDays = (corpus.toMs - cols.startMs[i]!) / DAY_MS;
  cols.reviewStatus[i] = ageDays < 3 ? rand.int(0, 1) : rand.weighted([0.02, 0.2, 0.6, 0.08, 0.1]);
  cols.reviewScore[i] = score ?? NaN;
  // A review still in draft is not a verdict yet: the call keeps the AI's score until the
  // reviewer submits (REVIEW_STATUSES[0] is 'draft').
  const submitted = cols.reviewStatus[i] !== 0;
  if (scored.autoFailed) cols.qaAutoFailed[i]! |= 2;
  cols.qaScore[i] = submitted ? (score ?? NaN) : cols.aiQaScore[i]!;
}

/** A reviewer mostly agrees with the AI but sometimes judges empathy or resolution differently. */
export function humanAnswers(a: TranscriptAnalysis, rand: Random): TranscriptAnalysis['aiAnswers'] {
  return a.aiAnswers.map((answer) => {
    if (answer.questionId === 'empathy' && rand.chance(0.3))
      return { ...answer, optionId: rand.pick(['good', 'fair', 'poor']) };
    if (answer.questionId === 'resolved' && rand.chance(0.1))
      return { ...answer, optionId: answer.optionId === 'yes' ? 'no' : 'yes' };
    return answer;
  });
}

export function allocateColumns(n: number): CallColumns {
  return {
    startMs: new Float64Array(n),
    durationMs: new Int32Array(n),
    ivrMs: new Int32Array(n),
    holdMs: new Int32Array(n),
    acwMs: new Int32Array(n),
    agent: new Uint16Array(n),
    vendor: new Uint8Array(n),
    team: new Uint8Array(n),
    site: new Uint8Array(n),
    customer: new Int32Array(n),
    direction: new Uint8Array(n),
    queue: new Uint8Array(n),
    brand: new Uint8Array(n),
    product: new Uint8Array(n),
    language: new Uint8Array(n),
    disposition: new Uint8Array(n),
    dispositionByAi: new Uint8Array(n),
    status: new Uint8Array(n),
    scenario: new Uint8Array(n),
    asrConfidence: new Float32Array(n),
    topic: new Uint8Array(n),
    summary: new Uint8Array(n),
    resolved: new Uint8Array(n),
    agentTalkMs: new Int32Array(n),
    customerTalkMs: new Int32Array(n),
    silenceMs: new Int32Array(n),
    interruptions: new Uint16Array(n),
    agentInterruptions: new Uint16Array(n),
    turns: new Uint16Array(n),
    agentTurns: new Uint16Array(n),
    agentSentiment: new Float32Array(n).fill(NaN),
    customerSentiment: new Float32Array(n).fill(NaN),
    customerEndSentiment: new Float32Array(n).fill(NaN),
    sentimentTrend: new Float32Array(n).fill(NaN),
    categories: new Uint32Array(n),
    complianceScore: new Float32Array(n).fill(NaN),
    compliant: new Uint8Array(n).fill(1),
    escalation: new Uint8Array(n),
    signals: new Uint8Array(n),
    aiQaScore: new Float32Array(n).fill(NaN),
    qaScore: new Float32Array(n).fill(NaN),
    reviewSource: new Uint8Array(n),
    reviewStatus: new Uint8Array(n),
    reviewScore: new Float32Array(n).fill(NaN),
    qaAutoFailed: new Uint8Array(n),
    cost: new Float32Array(n),
    followedByRepeat: new Uint8Array(n),
    repeatCall: new Uint8Array(n),
    repeatPending: new Uint8Array(n),
    contactsIn30Days: new Uint16Array(n),
    sameDayDials: new Uint16Array(n),
    churnScore: new Float32Array(n),
    churnLevel: new Uint8Array(n),
    fakeScore: new Float32Array(n),
    fake: new Uint8Array(n),
    lead: new Int32Array(n).fill(-1),
    wordBloom: new Uint32Array(n * BLOOM_WORDS),
  };
}
