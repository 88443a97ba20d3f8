/**
 * Evaluates rule condition trees on one call's transcript. Phrases match whole words,
 * case-insensitively; windows are measured from the end of the IVR (start) and from the end
 * of the recording (end); NEAR looks within the same turn.
 */
import type {
  Evidence,
  Rule,
  RuleCondition,
  RuleResult,
  TranscriptSegment,
} from '../../generated/data.types.ts';
import type { InterruptionCount, PartySentimentScores, Gap } from '../../metrics/index.ts';
import { findPhrase, phraseWords, tokenize } from '../../data/text/tokenize.ts';

export interface RuleSubject {
  callId: string;
  segments: readonly TranscriptSegment[];
  durationMs: number;
  ivrMs: number;
  attributes: {
    direction: string;
    queue: string;
    brand: string;
    product: string;
    language: string;
    disposition: string;
    vendorId: string;
    agentId: string;
  };
  sentiment: { agent: PartySentimentScores; customer: PartySentimentScores };
  interruptions: InterruptionCount;
  gaps: readonly Gap[];
}

export interface ConditionOutcome {
  hit: boolean;
  evidence: Evidence[];
}

export function inScope(rule: Rule, a: RuleSubject['attributes']): boolean {
  const s = rule.scope;
  if (s.direction && s.direction !== a.direction) return false;
  if (s.queues && s.queues.length > 0 && !s.queues.includes(a.queue)) return false;
  if (s.vendorIds && s.vendorIds.length > 0 && !s.vendorIds.includes(a.vendorId)) return false;
  if (s.agentIds && s.agentIds.length > 0 && !s.agentIds.includes(a.agentId)) return false;
  if (s.brands && s.brands.length > 0 && !s.brands.includes(a.brand)) return false;
  return true;
}

type PhraseSpec = Extract<RuleCondition, { phrase: unknown }>['phrase'];

/**
 * A rule set prepared for many calls. Transcripts repeat the same lines across calls, so which
 * phrase conditions a line matches is computed once per distinct text and kept as a bitset;
 * evaluating a call is then a bit test per turn and phrase condition.
 */
export class CompiledRules {
  readonly rules: readonly Rule[];
  private readonly slots = new Map<PhraseSpec, number>();
  private readonly specs: PhraseSpec[] = [];
  private readonly memo = new Map<string, Uint32Array>();
  private readonly words: number;
  private readonly firstWords: string[][] = [];

  constructor(rules: readonly Rule[]) {
    this.rules = rules;
    const visit = (c: RuleCondition): void => {
      if ('all' in c) c.all.forEach(visit);
      else if ('any' in c) c.any.forEach(visit);
      else if ('not' in c) visit(c.not);
      else if ('phrase' in c && !this.slots.has(c.phrase)) {
        this.slots.set(c.phrase, this.specs.length);
        this.specs.push(c.phrase);
      }
    };
    for (const r of rules) if (r.active) visit(r.condition);
    this.words = Math.max(1, Math.ceil(this.specs.length / 32));
    this.firstWords = this.specs.map((spec) => spec.terms.map((t) => words(t)[0] ?? ''));
  }

  /** Bitset of the phrase conditions the text matches (speaker and window aside), memoised per text. */
  textBits(text: string): Uint32Array {
    let bits = this.memo.get(text);
    if (!bits) {
      bits = new Uint32Array(this.words);
      for (let k = 0; k < this.specs.length; k++)
        if (phraseInText(this.specs[k]!, text)) bits[k >> 5]! |= 1 << (k & 31);
      if (this.memo.size > 200_000) this.memo.clear();
      this.memo.set(text, bits);
    }
    return bits;
  }

  /** The active rules with their conditions compiled to functions (no tree walking per call). */
  get compiledRules(): readonly { rule: Rule; test: CompiledCondition }[] {
    this.compiledList ??= this.rules
      .filter((r) => r.active)
      .map((rule) => ({ rule, test: compileCondition(rule.condition, this) }));
    return this.compiledList;
  }

  private compiledList: { rule: Rule; test: CompiledCondition }[] | undefined;

  slotOf(spec: PhraseSpec): number | undefined {
    return this.slots.get(spec);
  }
}

const compiledCache = new WeakMap<readonly Rule[], CompiledRules>();

/** The compiled form of a rule list (cached per list object: replace the list to change rules). */
export function compileRules(rules: readonly Rule[]): CompiledRules {
  let compiled = compiledCache.get(rules);
  if (!compiled) {
    compiled = new CompiledRules(rules);
    compiledCache.set(rules, compiled);
  }
  return compiled;
}

/** Phrase bitsets of a call's turns and their union. */
interface CallBits {
  segments: readonly Uint32Array[];
  union: Uint32Array;
}

export interface EvaluateOptions {
  /** Stop at the first piece of evidence per condition (enough for columns; the call page wants all). */
  firstEvidenceOnly?: boolean;
}

/** Results of the active rules in scope, in rule order. */
export function evaluateRules(
  rules: readonly Rule[] | CompiledRules,
  subject: RuleSubject,
  options: EvaluateOptions = {},
): RuleResult[] {
  const compiled = rules instanceof CompiledRules ? rules : compileRules(rules);
  const results: RuleResult[] = [];
  const segmentBits = callBits(compiled, subject);
  const firstOnly = options.firstEvidenceOnly ?? false;
  for (const { rule, test } of compiled.compiledRules) {
    if (!inScope(rule, subject.attributes)) continue;
    const { hit, evidence } = test(subject, segmentBits, firstOnly);
    results.push({
      ruleId: rule.id,
      ruleVersion: rule.version,
      callId: subject.callId,
      kind: rule.kind,
      name: rule.name,
      severity: rule.severity,
      points: rule.points,
      hit,
      passed: rule.kind === 'compliance' ? !hit : true,
      evidence,
    });
  }
  return results;
}

/** One memo lookup per turn; each phrase condition is then a bit test. */
function callBits(compiled: CompiledRules, subject: RuleSubject): CallBits {
  const perSegment = subject.segments.map((s) => compiled.textBits(s.text));
  const union = new Uint32Array(perSegment[0]?.length ?? 1);
  for (const bits of perSegment) for (let w = 0; w < bits.length; w++) union[w]! |= bits[w]!;
  return { segments: perSegment, union };
}

type CompiledCondition = (
  subject: RuleSubject,
  bits: CallBits,
  firstOnly: boolean,
) => ConditionOutcome;

/**
 * A condition as a function: the one implementation of rule semantics. Phrase leaves get their
 * bit slot and window resolved once; measurement leaves read the subject's precomputed measures.
 */
function compileCondition(c: RuleCondition, compiled: CompiledRules): CompiledCondition {
  if ('all' in c) {
    const parts = c.all.map((sub) => compileCondition(sub, compiled));
    return (subject, bits, firstOnly) => {
      const evidence: Evidence[] = [];
      for (const part of parts) {
        const r = part(subject, bits, firstOnly);
        if (!r.hit) return MISS;
        evidence.push(...r.evidence);
      }
      return { hit: true, evidence };
    };
  }
  if ('any' in c) {
    const parts = c.any.map((sub) => compileCondition(sub, compiled));
    return (subject, bits, firstOnly) => {
      for (const part of parts) {
        const r = part(subject, bits, firstOnly);
        if (r.hit) return r;
      }
      return MISS;
    };
  }
  if ('not' in c) {
    const inner = compileCondition(c.not, compiled);
    return (subject, bits, firstOnly) => {
      const r = inner(subject, bits, firstOnly);
      return { hit: !r.hit, evidence: r.evidence };
    };
  }
  if ('phrase' in c) return compilePhrase(c.phrase, c.negate === true, compiled);
  if ('sentiment' in c) return compileSentiment(c.sentiment);
  if ('nonTalk' in c) {
    const limit = c.nonTalk.overSec * 1000;
    return (subject) => {
      const gap = subject.gaps.find((g) => g.endMs - g.beginMs > limit);
      if (!gap) return MISS;
      const next = subject.segments.find((s) => s.beginMs >= gap.endMs);
      const evidence: Evidence[] = next
        ? [
            {
              segment: next.index,
              beginMs: gap.beginMs,
              endMs: gap.endMs,
              text: `(${Math.round((gap.endMs - gap.beginMs) / 1000)} s of silence)`,
            },
          ]
        : [];
      return { hit: true, evidence };
    };
  }
  if ('interruptions' in c) {
    const { by, over } = c.interruptions;
    return (subject) => {
      const i = subject.interruptions;
      const count = by === 'AGENT' ? i.byAgent : by === 'CUSTOMER' ? i.byCustomer : i.count;
      return count > over ? HIT : MISS;
    };
  }
  const a = c.attribute;
  if (a.field === 'durationSec') {
    const { over, under } = a;
    return (subject) => {
      const sec = subject.durationMs / 1000;
      return (over === undefined || sec > over) && (under === undefined || sec < under)
        ? HIT
        : MISS;
    };
  }
  const field = a.field;
  const values = a.in;
  return (subject) => (values && values.includes(subject.attributes[field]) ? HIT : MISS);
}

const HIT: ConditionOutcome = Object.freeze({ hit: true, evidence: [] as Evidence[] });
const MISS: ConditionOutcome = Object.freeze({ hit: false, evidence: [] as Evidence[] });

function compilePhrase(p: PhraseSpec, negate: boolean, compiled: CompiledRules): CompiledCondition {
  const slot = compiled.slotOf(p);
  if (slot === undefined) throw new Error('A phrase condition outside the compiled rule set');
  const word = slot >> 5;
  const mask = 1 << (slot & 31);
  const speaker = p.speaker;
  const firstSec = p.window?.firstSec;
  const lastSec = p.window?.lastSec;
  return (subject, bits, firstOnly) => {
    const evidence: Evidence[] = [];
    // Said nowhere in the call: no need to look turn by turn (most rules, most calls).
    if ((bits.union[word]! & mask) !== 0) {
      const firstMs = firstSec !== undefined ? subject.ivrMs + firstSec * 1000 : Infinity;
      const lastFrom = lastSec !== undefined ? subject.durationMs - lastSec * 1000 : -Infinity;
      const segments = subject.segments;
      for (let k = 0; k < segments.length; k++) {
        const s = segments[k]!;
        if ((bits.segments[k]![word]! & mask) === 0) continue;
        if (speaker !== undefined && s.speaker !== speaker) continue;
        if (s.beginMs > firstMs || s.endMs < lastFrom) continue;
        evidence.push({ segment: s.index, beginMs: s.beginMs, endMs: s.endMs, text: s.text });
        if (firstOnly) break;
      }
    }
    return { hit: negate ? evidence.length === 0 : evidence.length > 0, evidence };
  };
}

type SentimentSpec = Extract<RuleCondition, { sentiment: unknown }>['sentiment'];

function compileSentiment(spec: SentimentSpec): CompiledCondition {
  const { speaker, part, below, above } = spec;
  return (subject) => {
    const party = speaker === 'AGENT' ? subject.sentiment.agent : subject.sentiment.customer;
    const score =
      part === 'overall' ? party.overall : part === 'start' ? party.quarters[0] : party.quarters[3];
    if (score === null) return MISS;
    const hit = (below === undefined || score < below) && (above === undefined || score > above);
    return hit ? { hit, evidence: partyEvidence(subject, speaker, part) } : MISS;
  };
}

/** One condition, compiled once, to run on many calls (the builder's preview). */
export type ConditionTester = (subject: RuleSubject, options?: EvaluateOptions) => ConditionOutcome;

/**
 * A condition compiled as a one-rule set, so it runs exactly the code that rule evaluation runs;
 * phrase matches are memoised per distinct line for as long as the tester is kept.
 */
export function conditionTester(condition: RuleCondition): ConditionTester {
  const compiled = new CompiledRules([conditionRule(condition)]);
  const test = compiled.compiledRules[0]!.test;
  return (subject, options = {}) =>
    test(subject, callBits(compiled, subject), options.firstEvidenceOnly ?? false);
}

/** One condition on one call (checks and tests). */
export function evaluateCondition(
  condition: RuleCondition,
  subject: RuleSubject,
  options: EvaluateOptions = {},
): ConditionOutcome {
  return conditionTester(condition)(subject, options);
}

function conditionRule(condition: RuleCondition): Rule {
  return {
    id: 'condition',
    version: 1,
    name: 'condition',
    kind: 'category',
    active: true,
    scope: {},
    severity: 'minor',
    points: 0,
    condition,
  };
}

function phraseInText(p: PhraseSpec, text: string): boolean {
  const tokens = tokenize(text);
  for (const term of p.terms) {
    const at = findPhrase(tokens, words(term));
    if (at.length === 0) continue;
    if (!p.near) return true;
    const w = words(term).length;
    const near = p.near;
    const ok = at.some((pos) =>
      near.terms.some((other) => {
        const ow = words(other).length;
        // Distance in words between the end of one term and the start of the other, either order.
        return findPhrase(tokens, words(other)).some(
          (q) => (q >= pos ? q - (pos + w - 1) : pos - (q + ow - 1)) <= near.words,
        );
      }),
    );
    if (ok) return true;
  }
  return false;
}

function partyEvidence(
  subject: RuleSubject,
  speaker: 'AGENT' | 'CUSTOMER',
  part: 'overall' | 'start' | 'end',
): Evidence[] {
  const spanStart = subject.ivrMs;
  const quarter = Math.max(1, subject.durationMs - spanStart) / 4;
  return subject.segments
    .filter((s) => {
      if (s.speaker !== speaker) return false;
      const q = Math.min(
        3,
        Math.max(0, Math.floor(((s.beginMs + s.endMs) / 2 - spanStart) / quarter)),
      );
      return part === 'overall' || (part === 'start' ? q === 0 : q === 3);
    })
    .slice(0, 3)
    .map((s) => ({ segment: s.index, beginMs: s.beginMs, endMs: s.endMs, text: s.text }));
}

const wordsCache = new Map<string, string[]>();
function words(term: string): string[] {
  let w = wordsCache.get(term);
  if (!w) {
    w = phraseWords(term);
    wordsCache.set(term, w);
  }
  return w;
}
