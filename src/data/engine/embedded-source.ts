/**
 * The embedded engine: CallDataSource over the synthetic corpus, in-process. The worker wraps
 * it; unit tests and the benchmark call it directly.
 */
import type {
  AnalyticsSettings,
  EvaluationForm,
  Lead,
  Rule,
  UsageRecord,
} from '../../generated/data.types.ts';
import { sentimentBand, type CallKpis } from '../../metrics/index.ts';
import { DISPOSITIONS } from '../corpus/catalog.ts';
import {
  REVIEW_STATUSES,
  callId,
  callIndex,
  customerIndex,
  type Corpus,
} from '../corpus/corpus.ts';
import { recomputeAcrossCalls } from '../corpus/across-calls.ts';
import {
  generateCorpus,
  rebuildTranscript,
  reanalyseAll,
  analyseCall,
  type GenerateOptions,
} from '../corpus/generate.ts';
import { asList, filterFor, kpiDrillDown } from '../filters.ts';
import { parseInstant, previousPeriod, utcDay } from '../period.ts';
import { evaluateRules } from '../rules/evaluate.ts';
import { matchTranscript, mayMatch } from '../search/match.ts';
import { BLOOM_WORDS, hasWord } from '../text/word-bloom.ts';
import { SearchSyntaxError, parseSearchExpression } from '../search/parse.ts';
import {
  DataSourceError,
  type AggregateQuery,
  type AggregateResult,
  type CallDataSource,
  type CallDetail,
  type CallListQuery,
  type CallRow,
  type Catalog,
  type ComplianceFailureQuery,
  type ComplianceFailureRow,
  type CorpusInfo,
  type EvaluationFormDraft,
  type EvaluationQuery,
  type EvaluationRow,
  type FacetCount,
  type KpiQuery,
  type KpiSummary,
  type LeadDetail,
  type LeadQuery,
  type MetadataImportRequest,
  type Page,
  type PageRequest,
  type RuleDraft,
  type RulePreview,
  type RulePreviewQuery,
  type SaveRuleResult,
  type SearchHit,
  type SearchResult,
  type SettingsPatch,
  type TimeSeriesQuery,
  type TimeSeriesResult,
  type TranscriptSearchQuery,
  type UsageQuery,
  type UsageResult,
} from '../source.ts';
import { FIELD_COUNT, addCall, kpisAt, kpisOf } from './accumulate.ts';
import { callDetail } from './detail.ts';
import { planDimension } from './dimensions.ts';
import { importMetadata } from './metadata-import.ts';
import { callRow, customerEntity, sortIndices, sortKey } from './rows.ts';
import { selectCalls, severityRank } from './select.ts';
import { validateFormDraft, validateRuleDraft, validateSettingsPatch } from './validate.ts';

const DAY_MS = 86_400_000;
const MAX_LIMIT = 500;
const MAX_BUCKETS = 1000;

function page(request: PageRequest): { offset: number; limit: number } {
  const offset = request.offset ?? 0;
  const limit = request.limit ?? 50;
  if (!Number.isInteger(offset) || offset < 0)
    throw new DataSourceError('invalid-query', 'offset must be a whole number from 0', ['offset']);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new DataSourceError(
      'invalid-query',
      `limit must be a whole number from 1 to ${MAX_LIMIT}`,
      ['limit'],
    );
  }
  return { offset, limit };
}

const clone = <T>(x: T): T => structuredClone(x);

export class EmbeddedSource implements CallDataSource {
  constructor(readonly corpus: Corpus) {}

  async info(): Promise<CorpusInfo> {
    const c = this.corpus;
    return {
      kind: 'embedded',
      seed: c.seed,
      calls: c.n,
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
      queues: c.queues,
      brands: c.brands,
      products: c.products,
      languages: c.languages,
      dispositions: DISPOSITIONS,
      categories: c.categoryRuleIds.map((id) => ({ id, name: names.get(id) ?? id })),
      topics: c.topics,
    });
  }

  async kpis(query: KpiQuery): Promise<KpiSummary> {
    const { filters } = query;
    if (!filters?.from || !filters.to)
      throw new DataSourceError('invalid-query', 'kpis needs filters.from and filters.to', [
        'filters.from',
        'filters.to',
      ]);
    const period = {
      from: new Date(parseInstant(filters.from, 'filters.from')).toISOString(),
      to: new Date(parseInstant(filters.to, 'filters.to')).toISOString(),
    };
    const previous = previousPeriod(period);
    return {
      period,
      previousPeriod: previous,
      current: kpisOf(this.corpus, selectCalls(this.corpus, filters)),
      previous: kpisOf(this.corpus, selectCalls(this.corpus, { ...filters, ...previous })),
      drillDown: kpiDrillDown(filters),
    };
  }

  async aggregate(query: AggregateQuery): Promise<AggregateResult> {
    const indices = selectCalls(this.corpus, query.filters ?? {});
    const plan = planDimension(this.corpus, query.by);
    if (!plan)
      throw new DataSourceError('invalid-query', `Unknown dimension "${String(query.by)}"`, ['by']);
    const groups = plan.keys.length;
    const acc = new Float64Array((groups + 1) * FIELD_COUNT);
    const totalBase = groups * FIELD_COUNT;
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k]!;
      addCall(acc, totalBase, this.corpus, i);
      if (plan.groupOf) {
        const g = plan.groupOf(i);
        if (g >= 0) addCall(acc, g * FIELD_COUNT, this.corpus, i);
      } else {
        let mask = plan.groupsOf!(i);
        while (mask !== 0) {
          const g = 31 - Math.clz32(mask);
          addCall(acc, g * FIELD_COUNT, this.corpus, i);
          mask &= ~(1 << g);
        }
      }
    }
    let rows = plan.keys.map((key, g) => ({
      key,
      label: plan.labels[g]!,
      metrics: kpisAt(acc, g),
      filters: filterFor(query.by, key, query.filters ?? {}),
    }));
    rows = rows.filter((r) => r.metrics.calls > 0);
    const sort = query.sort ?? { key: 'calls', direction: 'desc' };
    const sign = sort.direction === 'asc' ? 1 : -1;
    rows.sort((a, b) => {
      if (sort.key === 'label') return a.label.localeCompare(b.label) * sign;
      const x = a.metrics[sort.key];
      const y = b.metrics[sort.key];
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return (x - y) * sign || a.label.localeCompare(b.label);
    });
    if (query.limit !== undefined) rows = rows.slice(0, query.limit);
    return { by: query.by, rows, total: kpisAt(acc, groups), partition: plan.partition };
  }

  async timeSeries(query: TimeSeriesQuery): Promise<TimeSeriesResult> {
    const { filters, bucket } = query;
    if (!filters?.from || !filters.to)
      throw new DataSourceError('invalid-query', 'timeSeries needs filters.from and filters.to', [
        'filters.from',
        'filters.to',
      ]);
    if (bucket !== 'day' && bucket !== 'week')
      throw new DataSourceError('invalid-query', 'bucket must be day or week', ['bucket']);
    const from = parseInstant(filters.from, 'filters.from');
    const to = parseInstant(filters.to, 'filters.to');
    const size = bucket === 'day' ? DAY_MS : 7 * DAY_MS;
    let first = Math.floor(from / DAY_MS) * DAY_MS;
    if (bucket === 'week') first -= ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS;
    const count = Math.max(0, Math.ceil((to - first) / size));
    if (count > MAX_BUCKETS) {
      throw new DataSourceError(
        'invalid-query',
        `${count} ${bucket} buckets is too many (at most ${MAX_BUCKETS}); use a shorter period or week buckets`,
        ['bucket'],
      );
    }
    const acc = new Float64Array(count * FIELD_COUNT);
    const indices = selectCalls(this.corpus, filters);
    const start = this.corpus.cols.startMs;
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k]!;
      addCall(acc, Math.floor((start[i]! - first) / size) * FIELD_COUNT, this.corpus, i);
    }
    const points = [];
    for (let b = 0; b < count; b++) {
      points.push({
        start: new Date(first + b * size).toISOString(),
        end: new Date(first + (b + 1) * size).toISOString(),
        metrics: kpisAt(acc, b),
      });
    }
    return { bucket, points };
  }

  async calls(query: CallListQuery): Promise<Page<CallRow>> {
    const { offset, limit } = page(query);
    const indices = selectCalls(this.corpus, query.filters ?? {});
    const sort = query.sort ?? { field: 'startedAt', direction: 'desc' };
    const key = sortKey(this.corpus, sort.field);
    if (!key)
      throw new DataSourceError('invalid-query', `Cannot sort by "${String(sort.field)}"`, [
        'sort.field',
      ]);
    const ordered =
      sort.field === 'startedAt' || sort.field === 'id'
        ? sort.direction === 'asc'
          ? indices
          : Int32Array.from(indices).reverse()
        : sortIndices(indices, key, sort.direction);
    const items: CallRow[] = [];
    for (let k = offset; k < Math.min(ordered.length, offset + limit); k++)
      items.push(callRow(this.corpus, ordered[k]!));
    return { total: indices.length, offset, limit, items };
  }

  async call(id: string): Promise<CallDetail | null> {
    const i = callIndex(String(id), this.corpus.n);
    return i < 0 ? null : callDetail(this.corpus, i);
  }

  async complianceFailures(query: ComplianceFailureQuery): Promise<Page<ComplianceFailureRow>> {
    const { offset, limit } = page(query);
    const corpus = this.corpus;
    const f = corpus.failures;
    const maxRank = severityRank(query.minSeverity ?? 'minor');
    const failing = (i: number) => {
      for (let k = f.offsets[i]!; k < f.offsets[i + 1]!; k++)
        if (severityRank(corpus.rules[f.rule[k]!]!.severity) <= maxRank) return true;
      return false;
    };
    const indices = selectCalls(corpus, query.filters ?? {}).filter(failing);
    const sort = query.sort ?? { field: 'startedAt', direction: 'desc' };
    const ordered = sortIndices(
      indices,
      sort.field === 'startedAt'
        ? (i) => i
        : sort.field === 'complianceScore'
          ? (i) => corpus.cols.complianceScore[i]!
          : sortKey(corpus, sort.field),
      sort.direction,
    );
    const items: ComplianceFailureRow[] = [];
    for (let k = offset; k < Math.min(ordered.length, offset + limit); k++) {
      const i = ordered[k]!;
      const segments = rebuildTranscript(corpus, i).segments;
      const failures = [];
      for (let j = f.offsets[i]!; j < f.offsets[i + 1]!; j++) {
        const rule = corpus.rules[f.rule[j]!]!;
        if (severityRank(rule.severity) > maxRank) continue;
        const seg = f.segment[j]!;
        const s = seg >= 0 ? segments[seg] : undefined;
        failures.push({
          ruleId: rule.id,
          ruleName: rule.name,
          severity: rule.severity,
          evidence: s
            ? { segment: s.index, beginMs: s.beginMs, endMs: s.endMs, text: s.text }
            : null,
        });
      }
      failures.sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
      const row = callRow(corpus, i);
      items.push({
        callId: row.id,
        startedAt: row.startedAt,
        agentId: row.agentId,
        agentName: row.agentName,
        vendorId: row.vendorId,
        vendorName: row.vendorName,
        compliant: row.compliant ?? true,
        complianceScore: row.complianceScore,
        failures,
      });
    }
    return { total: indices.length, offset, limit, items };
  }

  async search(query: TranscriptSearchQuery): Promise<SearchResult> {
    const started = performance.now();
    const { offset, limit } = page(query);
    let tree;
    try {
      tree = parseSearchExpression(query.expression ?? '');
    } catch (error) {
      if (error instanceof SearchSyntaxError) {
        throw new DataSourceError('invalid-query', `Search expression: ${error.message}`, [
          `expression: ${error.message}`,
        ]);
      }
      throw error;
    }
    const corpus = this.corpus;
    const c = corpus.cols;
    const indices = selectCalls(corpus, { ...(query.filters ?? {}), status: 'analysed' });
    const matches: { i: number; score: number }[] = [];
    const agentCounts = new Map<number, number>();
    const vendorCounts = new Map<number, number>();
    const dayCounts = new Map<string, number>();
    const sentimentCounts = new Map<string, number>();
    const bump = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);
    const bloom = c.wordBloom;
    let bloomAt = 0;
    const has = (word: string) => hasWord(bloom, bloomAt, word);
    for (let k = indices.length - 1; k >= 0; k--) {
      const i = indices[k]!;
      bloomAt = i * BLOOM_WORDS;
      // Skip calls that cannot contain the words without rebuilding their transcripts.
      if (!mayMatch(tree, has)) continue;
      const m = matchTranscript(tree, rebuildTranscript(corpus, i).segments);
      if (!m.matched) continue;
      matches.push({ i, score: m.occurrences.length });
      bump(agentCounts, c.agent[i]!);
      bump(vendorCounts, c.vendor[i]!);
      bump(dayCounts, utcDay(c.startMs[i]!));
      const s = c.customerSentiment[i]!;
      bump(sentimentCounts, Number.isNaN(s) ? 'unknown' : sentimentBand(s));
    }
    matches.sort((a, b) => b.score - a.score || b.i - a.i);
    const perCall = query.snippetsPerCall ?? 3;
    const hits: SearchHit[] = matches.slice(offset, offset + limit).map(({ i, score }) => {
      const segments = rebuildTranscript(corpus, i).segments;
      const m = matchTranscript(tree, segments);
      const bySegment = new Map<number, { start: number; end: number }[]>();
      for (const o of m.occurrences) {
        const list = bySegment.get(o.segment) ?? [];
        list.push({ start: o.charStart, end: o.charEnd });
        bySegment.set(o.segment, list);
      }
      const row = callRow(corpus, i);
      return {
        callId: row.id,
        startedAt: row.startedAt,
        agentId: row.agentId,
        agentName: row.agentName,
        vendorId: row.vendorId,
        vendorName: row.vendorName,
        customerSentiment: row.customerSentiment,
        score,
        snippets: [...bySegment.entries()]
          .sort((a, b) => a[0] - b[0])
          .slice(0, perCall)
          .map(([seg, ranges]) => {
            const s = segments[seg]!;
            return {
              segment: seg,
              speaker: s.speaker,
              beginMs: s.beginMs,
              endMs: s.endMs,
              text: s.text,
              highlights: mergeRanges(ranges),
            };
          }),
      };
    });
    const facet = <K>(
      m: Map<K, number>,
      key: (k: K) => string,
      label: (k: K) => string,
    ): FacetCount[] =>
      [...m.entries()]
        .map(([k, count]) => ({ key: key(k), label: label(k), count }))
        .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    const { agents, vendors } = corpus.cast;
    return {
      expression: query.expression,
      total: matches.length,
      searched: indices.length,
      offset,
      limit,
      hits,
      facets: {
        agent: facet(
          agentCounts,
          (a) => agents[a]!.id,
          (a) => agents[a]!.name,
        ).slice(0, 20),
        vendor: facet(
          vendorCounts,
          (v) => vendors[v]!.id,
          (v) => vendors[v]!.name,
        ),
        day: facet(
          dayCounts,
          (d) => d,
          (d) => d,
        ).sort((a, b) => a.key.localeCompare(b.key)),
        sentiment: facet(
          sentimentCounts,
          (s) => s,
          (s) => s[0]!.toUpperCase() + s.slice(1),
        ),
      },
      tookMs: Math.round(performance.now() - started),
    };
  }

  async customer(id: string): Promise<ReturnType<typeof customerEntity>> {
    return customerEntity(this.corpus, customerIndex(String(id), this.corpus.customerCount));
  }

  async leads(query: LeadQuery): Promise<Page<Lead>> {
    const { offset, limit } = page(query);
    const temperature = asList(query.temperature);
    const stage = asList(query.stage);
    const owner = asList(query.ownerAgentId);
    const text = query.text?.trim().toLowerCase();
    let list = this.corpus.leads.filter(
      (l) =>
        (!temperature || temperature.includes(l.temperature)) &&
        (!stage || stage.includes(l.stage)) &&
        (!owner || owner.includes(l.ownerAgentId)) &&
        (!text || [l.name, l.campaign, ...l.signals].some((s) => s.toLowerCase().includes(text))),
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

  async lead(id: string): Promise<LeadDetail | null> {
    const lead = this.corpus.leads.find((l) => l.id === id);
    if (!lead) return null;
    return {
      lead: clone(lead),
      calls: lead.callIds.map((cid) => callRow(this.corpus, callIndex(cid, this.corpus.n))),
    };
  }

  async evaluations(query: EvaluationQuery): Promise<Page<EvaluationRow>> {
    const { offset, limit } = page(query);
    const corpus = this.corpus;
    const c = corpus.cols;
    const sources = asList(query.source);
    const statuses = asList(query.status);
    const form = corpus.forms.find((f) => f.active) ?? corpus.forms[0]!;
    const rows: { i: number; human: boolean }[] = [];
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
    const scoreOf = (r: { i: number; human: boolean }) =>
      r.human ? c.reviewScore[r.i]! : c.aiQaScore[r.i]!;
    const agents = corpus.cast.agents;
    rows.sort((a, b) => {
      if (sort.field === 'score') return (scoreOf(a) - scoreOf(b)) * sign || b.i - a.i;
      if (sort.field === 'agentName')
        return (
          agents[c.agent[a.i]!]!.name.localeCompare(agents[c.agent[b.i]!]!.name) * sign || b.i - a.i
        );
      return (a.i - b.i) * sign || Number(a.human) - Number(b.human);
    });
    const items = rows.slice(offset, offset + limit).map(({ i, human }): EvaluationRow => {
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
        autoFailed: !Number.isNaN(score) && score === 0,
      };
    });
    return { total: rows.length, offset, limit, items };
  }

  async usage(query: UsageQuery): Promise<UsageResult> {
    const corpus = this.corpus;
    const c = corpus.cols;
    const indices = selectCalls(corpus, {
      from: query.from,
      to: query.to,
      ...(query.vendorId !== undefined ? { vendorId: query.vendorId } : {}),
    });
    const vendors = corpus.cast.vendors;
    const byKey = new Map<string, UsageRecord>();
    const cap = corpus.settings.costControl.monthlyCap;
    for (const i of indices) {
      const day = utcDay(c.startMs[i]!);
      const vendor = vendors[c.vendor[i]!]!.id;
      const key = `${day}|${vendor}`;
      let r = byKey.get(key);
      if (!r) {
        const d = new Date(`${day}T00:00:00Z`);
        const daysInMonth = new Date(
          Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0),
        ).getUTCDate();
        r = {
          day,
          vendorId: vendor,
          calls: 0,
          analysedCalls: 0,
          audioMinutes: 0,
          asrMinutes: 0,
          storageGb: 0,
          cost: 0,
          budget: cap / daysInMonth / vendors.length,
        };
        byKey.set(key, r);
      }
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
    const records = [...byKey.values()].sort(
      (a, b) => a.day.localeCompare(b.day) || a.vendorId.localeCompare(b.vendorId),
    );
    const totals = {
      calls: 0,
      analysedCalls: 0,
      audioMinutes: 0,
      asrMinutes: 0,
      storageGb: 0,
      cost: 0,
      budget: 0,
    };
    for (const r of records)
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k];
    return { records, totals, currency: corpus.settings.costControl.rates.currency };
  }

  async rules(): Promise<Rule[]> {
    return clone(this.corpus.rules);
  }

  async previewRule(query: RulePreviewQuery): Promise<RulePreview> {
    validateRuleDraft(query.rule);
    const corpus = this.corpus;
    const rule: Rule = { ...query.rule, id: query.rule.id ?? 'preview', version: 1, active: true };
    const sample = query.sampleSize ?? 2000;
    const examplesWanted = query.examples ?? 20;
    const indices = selectCalls(corpus, { ...(query.filters ?? {}), status: 'analysed' });
    let evaluated = 0;
    let applicable = 0;
    let hits = 0;
    const examples: RulePreview['examples'] = [];
    for (let k = indices.length - 1; k >= 0 && evaluated < sample; k--) {
      const i = indices[k]!;
      evaluated++;
      const a = analyseCall(corpus, i);
      const subject = {
        callId: callId(i),
        segments: rebuildTranscript(corpus, i).segments,
        durationMs: corpus.cols.durationMs[i]!,
        ivrMs: corpus.cols.ivrMs[i]!,
        attributes: callAttributes(corpus, i),
        sentiment: a.sentiment,
        interruptions: a.interruptions,
        gaps: a.gaps,
      };
      const [result] = evaluateRules([rule], subject);
      if (!result) continue;
      applicable++;
      if (!result.hit) continue;
      hits++;
      if (examples.length < examplesWanted) {
        examples.push({
          callId: subject.callId,
          startedAt: new Date(corpus.cols.startMs[i]!).toISOString(),
          agentName: corpus.cast.agents[corpus.cols.agent[i]!]!.name,
          evidence: result.evidence.slice(0, 3),
        });
      }
    }
    return { evaluatedCalls: evaluated, applicableCalls: applicable, hits, examples };
  }

  async saveRule(draft: RuleDraft): Promise<SaveRuleResult> {
    validateRuleDraft(draft);
    const corpus = this.corpus;
    const existing = draft.id ? corpus.rules.find((r) => r.id === draft.id) : undefined;
    if (draft.id && !existing)
      throw new DataSourceError('not-found', `No rule with id ${draft.id}`);
    const activeCategories = corpus.rules.filter(
      (r) => r.kind === 'category' && r.active && r.id !== draft.id,
    ).length;
    if (draft.kind === 'category' && draft.active && activeCategories >= 32) {
      throw new DataSourceError(
        'invalid-query',
        'At most 32 category rules can be active; deactivate one first',
        ['active'],
      );
    }
    const id = existing?.id ?? uniqueRuleId(corpus.rules, draft.name);
    const rule: Rule = { ...clone(draft), id, version: (existing?.version ?? 0) + 1 };
    // A new array: compiled rule sets are cached per array.
    corpus.rules = existing
      ? corpus.rules.map((r) => (r.id === id ? rule : r))
      : [...corpus.rules, rule];
    reanalyseAll(corpus);
    return { rule: clone(rule), reevaluatedCalls: countAnalysed(corpus) };
  }

  async deleteRule(id: string): Promise<void> {
    const corpus = this.corpus;
    if (!corpus.rules.some((r) => r.id === id))
      throw new DataSourceError('not-found', `No rule with id ${id}`);
    corpus.rules = corpus.rules.filter((r) => r.id !== id);
    reanalyseAll(corpus);
  }

  async evaluationForms(): Promise<EvaluationForm[]> {
    return clone(
      [...this.corpus.forms].sort((a, b) => a.id.localeCompare(b.id) || b.version - a.version),
    );
  }

  async saveEvaluationForm(draft: EvaluationFormDraft): Promise<EvaluationForm> {
    validateFormDraft(draft);
    const corpus = this.corpus;
    const latest = corpus.forms
      .filter((f) => f.id === draft.id)
      .reduce((v, f) => Math.max(v, f.version), 0);
    const form: EvaluationForm = { ...clone(draft), version: latest + 1 };
    // The newest active version is the one the AI fills in; older versions stay for history.
    corpus.forms = [
      form,
      ...corpus.forms.map((f) => (f.id === form.id && form.active ? { ...f, active: false } : f)),
    ];
    reanalyseAll(corpus);
    return clone(form);
  }

  async settings(): Promise<AnalyticsSettings> {
    return clone(this.corpus.settings);
  }

  async saveSettings(patch: SettingsPatch): Promise<AnalyticsSettings> {
    validateSettingsPatch(patch);
    const corpus = this.corpus;
    const before = corpus.settings;
    const next: AnalyticsSettings = {
      smart: { ...before.smart, ...(patch.smart ?? {}) },
      costControl: { ...before.costControl, ...(patch.costControl ?? {}) },
    };
    if (next.smart.churnMediumScore > next.smart.churnHighScore) {
      throw new DataSourceError(
        'invalid-query',
        'The medium churn score must not be above the high one',
        ['smart.churnMediumScore'],
      );
    }
    corpus.settings = next;
    const needsTranscripts =
      next.smart.silenceThresholdMs !== before.smart.silenceThresholdMs ||
      JSON.stringify(next.costControl.rates) !== JSON.stringify(before.costControl.rates);
    if (needsTranscripts) reanalyseAll(corpus);
    else recomputeAcrossCalls(corpus);
    return clone(next);
  }

  async importMetadata(request: MetadataImportRequest) {
    const result = importMetadata(this.corpus, request);
    if (result.applied) recomputeAcrossCalls(this.corpus);
    return result;
  }
}

function callAttributes(corpus: Corpus, i: number) {
  const c = corpus.cols;
  return {
    direction: c.direction[i] ? 'outbound' : 'inbound',
    queue: corpus.queues[c.queue[i]!]!,
    brand: corpus.brands[c.brand[i]!]!,
    product: corpus.products[c.product[i]!]!,
    language: corpus.languages[c.language[i]!]!,
    disposition: DISPOSITIONS[c.disposition[i]!]!.code,
    vendorId: corpus.cast.vendors[c.vendor[i]!]!.id,
    agentId: corpus.cast.agents[c.agent[i]!]!.id,
  };
}

function uniqueRuleId(rules: readonly Rule[], name: string): string {
  const base = `rule-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'custom'
  }`;
  let id = base;
  for (let k = 2; rules.some((r) => r.id === id); k++) id = `${base}-${k}`;
  return id;
}

function countAnalysed(corpus: Corpus): number {
  let n = 0;
  for (let i = 0; i < corpus.n; i++) if (corpus.cols.status[i] === 0) n++;
  return n;
}

function mergeRanges(ranges: { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

export function createEmbeddedSource(options: GenerateOptions = {}): EmbeddedSource {
  return new EmbeddedSource(generateCorpus(options));
}

/** KPIs of every call of the corpus (for consistency checks). */
export function corpusKpis(corpus: Corpus): CallKpis {
  return kpisOf(corpus, selectCalls(corpus, {}));
}
