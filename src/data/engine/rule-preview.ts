/**
 * The live preview of a draft rule over stored calls, fast enough to follow typing: scope is
 * checked on the call's columns; calls whose word filter (Bloom) shows they cannot say a
 * required phrase are skipped without rebuilding their transcript (no false negatives, so the
 * count is exactly a full scan's); gaps, interruptions and sentiment are measured only when the
 * condition uses them. The rule itself is evaluated by the one rule evaluator.
 */
import type { Rule, RuleCondition } from '../../generated/data.types.ts';
import { subjectMeasures } from '../corpus/analyse.ts';
import { callId, type Corpus } from '../corpus/corpus.ts';
import { rebuildTranscript } from '../corpus/generate.ts';
import { evaluateRules, inScope, type RuleSubject } from '../rules/evaluate.ts';
import type { RulePreview, RulePreviewQuery } from '../source.ts';
import { BLOOM_WORDS, hasWord } from '../text/word-bloom.ts';
import { phraseWords } from '../text/tokenize.ts';
import { selectCalls } from './select.ts';
import { validateRuleDraft } from './validate.ts';
import { callAttributes } from './writes.ts';

type Has = (word: string) => boolean;

/**
 * A test that is false only when the condition cannot be true for a call whose words pass
 * `has` (a Bloom filter: "maybe said" / "surely not said"); null when nothing can be ruled out.
 */
export function wordGate(c: RuleCondition): ((has: Has) => boolean) | null {
  if ('phrase' in c) {
    if (c.negate) return null;
    const said = (terms: readonly string[]) => (has: Has) =>
      terms.some((t) => phraseWords(t).every(has));
    const terms = said(c.phrase.terms);
    const near = c.phrase.near ? said(c.phrase.near.terms) : null;
    return near ? (has) => terms(has) && near(has) : terms;
  }
  if ('all' in c) {
    const gates = c.all.map(wordGate).filter((g) => g !== null);
    return gates.length === 0 ? null : (has) => gates.every((g) => g(has));
  }
  if ('any' in c) {
    const gates = c.any.map(wordGate);
    if (gates.some((g) => g === null)) return null;
    return (has) => gates.some((g) => g!(has));
  }
  return null;
}

/** Whether the condition looks at gaps, interruptions or sentiment (which cost a measurement). */
export function usesMeasures(c: RuleCondition): boolean {
  if ('all' in c) return c.all.some(usesMeasures);
  if ('any' in c) return c.any.some(usesMeasures);
  if ('not' in c) return usesMeasures(c.not);
  return 'sentiment' in c || 'nonTalk' in c || 'interruptions' in c;
}

const NO_MEASURES: Pick<RuleSubject, 'sentiment' | 'interruptions' | 'gaps'> = {
  gaps: [],
  interruptions: { count: 0, totalMs: 0, byAgent: 0, byCustomer: 0 },
  sentiment: {
    agent: { overall: null, quarters: [null, null, null, null] },
    customer: { overall: null, quarters: [null, null, null, null] },
  },
};

export function previewRule(corpus: Corpus, query: RulePreviewQuery): RulePreview {
  validateRuleDraft(query.rule);
  const { baseVersion: _b, restoreDeleted: _r, ...draft } = query.rule;
  const rule: Rule = { ...draft, id: draft.id ?? 'preview', version: 1, active: true };
  const sample = query.sampleSize ?? 2000;
  const examplesWanted = query.examples ?? 20;
  const gate = wordGate(rule.condition);
  const measured = usesMeasures(rule.condition);
  const bloom = corpus.cols.wordBloom;
  let at = 0;
  const has: Has = (word) => hasWord(bloom, at, word);
  const indices = selectCalls(corpus, { ...(query.filters ?? {}), status: 'analysed' });
  let evaluated = 0;
  let applicable = 0;
  let hits = 0;
  const examples: RulePreview['examples'] = [];
  const hitCallIds: string[] = [];
  for (let k = indices.length - 1; k >= 0 && evaluated < sample; k--) {
    const i = indices[k]!;
    evaluated++;
    const attributes = callAttributes(corpus, i);
    if (!inScope(rule, attributes)) continue;
    applicable++;
    at = i * BLOOM_WORDS;
    if (gate && !gate(has)) continue;
    const segments = rebuildTranscript(corpus, i).segments;
    const durationMs = corpus.cols.durationMs[i]!;
    const ivrMs = corpus.cols.ivrMs[i]!;
    const subject: RuleSubject = {
      callId: callId(i),
      segments,
      durationMs,
      ivrMs,
      attributes,
      ...(measured ? subjectMeasures(segments, durationMs, ivrMs) : NO_MEASURES),
    };
    const [result] = evaluateRules([rule], subject);
    if (!result?.hit) continue;
    hits++;
    hitCallIds.push(subject.callId);
    if (examples.length < examplesWanted) {
      examples.push({
        callId: subject.callId,
        startedAt: new Date(corpus.cols.startMs[i]!).toISOString(),
        agentName: corpus.cast.agents[corpus.cols.agent[i]!]!.name,
        evidence: result.evidence.slice(0, 3),
      });
    }
  }
  return { evaluatedCalls: evaluated, applicableCalls: applicable, hits, examples, hitCallIds };
}
