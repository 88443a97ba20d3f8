/**
 * What a rule condition is on one stored call, decided from the call's columns alone (no
 * transcript): surely a hit, surely not, or maybe. Previews and re-runs rebuild a transcript
 * only for "maybe" calls (and for the few hits whose evidence they show), so the count is
 * exactly a full scan's:
 * - a phrase the word filter (Bloom, no false negatives) rules out is surely not said, so a
 *   phrase condition surely misses and a negated one surely hits;
 * - interruptions, duration and call attributes are stored exactly;
 * - a gap longer than N s (N at or above the silence threshold) is part of the stored silence,
 *   so a call with at most N s of silence surely has no such gap;
 * - sentiment is always "maybe" (its rule reads quarters the columns do not keep).
 */
import type { RuleCondition } from '../../generated/data.types.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { callAttributes } from '../corpus/generate.ts';
import { BLOOM_WORDS, hasWord } from '../text/word-bloom.ts';
import { phraseWords } from '../text/tokenize.ts';

export const NO = 0;
export const YES = 1;
export const MAYBE = 2;
export type Verdict = typeof NO | typeof YES | typeof MAYBE;

/** The verdict of a condition on call i (an analysed call). */
export type CallVerdict = (i: number) => Verdict;

export function callVerdict(corpus: Corpus, c: RuleCondition): CallVerdict {
  const { cols } = corpus;
  if ('all' in c) {
    const parts = c.all.map((sub) => callVerdict(corpus, sub));
    return (i) => {
      let out: Verdict = YES;
      for (const part of parts) {
        const v = part(i);
        if (v === NO) return NO;
        if (v === MAYBE) out = MAYBE;
      }
      return out;
    };
  }
  if ('any' in c) {
    const parts = c.any.map((sub) => callVerdict(corpus, sub));
    return (i) => {
      let out: Verdict = NO;
      for (const part of parts) {
        const v = part(i);
        if (v === YES) return YES;
        if (v === MAYBE) out = MAYBE;
      }
      return out;
    };
  }
  if ('not' in c) {
    const inner = callVerdict(corpus, c.not);
    return (i) => {
      const v = inner(i);
      return v === MAYBE ? MAYBE : v === YES ? NO : YES;
    };
  }
  if ('phrase' in c) {
    const mightSay = (terms: readonly string[]) => {
      const words = terms.map(phraseWords);
      return (i: number) =>
        words.some((w) => w.every((word) => hasWord(cols.wordBloom, i * BLOOM_WORDS, word)));
    };
    const terms = mightSay(c.phrase.terms);
    const near = c.phrase.near ? mightSay(c.phrase.near.terms) : () => true;
    const ifRuledOut: Verdict = c.negate ? YES : NO;
    return (i) => (terms(i) && near(i) ? MAYBE : ifRuledOut);
  }
  if ('interruptions' in c) {
    const { by, over } = c.interruptions;
    return (i) => {
      const all = cols.interruptions[i]!;
      const agent = cols.agentInterruptions[i]!;
      const count = by === 'AGENT' ? agent : by === 'CUSTOMER' ? all - agent : all;
      return count > over ? YES : NO;
    };
  }
  if ('nonTalk' in c) {
    const limitMs = c.nonTalk.overSec * 1000;
    if (limitMs < corpus.settings.smart.silenceThresholdMs) return () => MAYBE;
    return (i) => (cols.silenceMs[i]! <= limitMs ? NO : MAYBE);
  }
  if ('attribute' in c) return attributeVerdict(corpus, c.attribute);
  return () => MAYBE;
}

type AttributeSpec = Extract<RuleCondition, { attribute: unknown }>['attribute'];

function attributeVerdict(corpus: Corpus, a: AttributeSpec): CallVerdict {
  const { cols } = corpus;
  if (a.field === 'durationSec') {
    const { over, under } = a;
    return (i) => {
      const sec = cols.durationMs[i]! / 1000;
      return (over === undefined || sec > over) && (under === undefined || sec < under) ? YES : NO;
    };
  }
  const { field } = a;
  const values: readonly string[] = a.in ?? [];
  return (i) => (values.includes(callAttributes(corpus, i)[field]) ? YES : NO);
}
