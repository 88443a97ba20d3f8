/**
 * The live preview of a draft rule over stored calls, fast enough to follow typing: scope is
 * checked on the call's columns; calls the columns already decide (rule-verdict.ts: the word
 * filter, stored interruptions, silence and attributes) are counted without rebuilding their
 * transcript, so the count is exactly a full scan's; gaps, interruptions and sentiment are
 * measured only when the condition uses them. The rule itself is evaluated by the one rule
 * evaluator, compiled once per preview.
 */
import type { Rule, RuleCondition } from '../../generated/data.types.ts';
import { subjectMeasures } from '../../domain/analysis/index.ts';
import { callId, type Corpus } from '../corpus/corpus.ts';
import { rebuildTranscript } from '../corpus/generate.ts';
import {
  conditionTester,
  inScope,
  type ConditionTester,
  type RuleSubject,
} from '../../domain/rules/index.ts';
import type { RulePreview, RulePreviewQuery } from '../source.ts';
import { cancelledError } from '../call-options.ts';
import { nextTask } from './next-task.ts';
import { callVerdict, NO, YES } from './rule-verdict.ts';
import { selectCalls } from './select.ts';
import { validateRuleDraft } from './validate.ts';
import { callAttributes } from './writes.ts';

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

/** Calls examined between two looks at the signal: a few milliseconds of work. */
export const PREVIEW_CHUNK = 2048;

/**
 * With a signal the scan goes in chunks of PREVIEW_CHUNK calls and, between chunks, lets the
 * worker read its messages (a cancel among them) and stops once the signal is aborted: typing on
 * in the builder stops the superseded preview instead of letting it finish, in the worker and on
 * the API server (whose signal aborts when the client goes away); a signal aborted before the
 * start computes nothing. Without one it runs straight through (benchmarks).
 */
export async function previewRule(
  corpus: Corpus,
  query: RulePreviewQuery,
  signal?: AbortSignal,
): Promise<RulePreview> {
  validateRuleDraft(query.rule);
  if (signal?.aborted) throw cancelledError();
  const { baseVersion: _b, restoreDeleted: _r, ...draft } = query.rule;
  const rule: Rule = { ...draft, id: draft.id ?? 'preview', version: 1, active: true };
  const test = testerOf(rule.condition);
  const sample = query.sampleSize ?? 2000;
  const examplesWanted = query.examples ?? 20;
  const verdict = callVerdict(corpus, rule.condition);
  const measured = usesMeasures(rule.condition);
  const indices = selectCalls(corpus, { ...(query.filters ?? {}), status: 'analysed' });
  let evaluated = 0;
  let applicable = 0;
  let hits = 0;
  const examples: RulePreview['examples'] = [];
  const hitCallIds: string[] = [];
  const wanted = Math.min(sample, indices.length);
  for (let k = indices.length - 1; k >= 0 && evaluated < sample; k--) {
    if (signal && evaluated > 0 && evaluated % PREVIEW_CHUNK === 0) {
      await nextTask();
      if (signal.aborted) {
        throw cancelledError(
          `${evaluated.toLocaleString('en')} of ${wanted.toLocaleString('en')} calls`,
        );
      }
    }
    const i = indices[k]!;
    evaluated++;
    if (!inScope(rule, callAttributes(corpus, i))) continue;
    applicable++;
    const cheap = verdict(i);
    if (cheap === NO) continue;
    // A sure hit needs its transcript only to show evidence in the examples.
    const result =
      cheap === YES && examples.length >= examplesWanted
        ? null
        : test(callSubject(corpus, i, measured));
    if (result && !result.hit) continue;
    hits++;
    hitCallIds.push(callId(i));
    if (result && examples.length < examplesWanted) {
      examples.push({
        callId: callId(i),
        startedAt: new Date(corpus.cols.startMs[i]!).toISOString(),
        agentName: corpus.cast.agents[corpus.cols.agent[i]!]!.name,
        evidence: result.evidence.slice(0, 3),
      });
    }
  }
  return { evaluatedCalls: evaluated, applicableCalls: applicable, hits, examples, hitCallIds };
}

/**
 * The draft compiled for evaluation, kept while its condition stays the same: phrase matches are
 * memoised per distinct line, so previews that follow edits to the name, scope or period (and
 * the re-run after saving) do not match every line again.
 */
let lastTester: { key: string; test: ConditionTester } | undefined;
function testerOf(condition: RuleCondition): ConditionTester {
  const key = JSON.stringify(condition);
  if (lastTester?.key !== key) lastTester = { key, test: conditionTester(condition) };
  return lastTester.test;
}

/** What the rule sees of stored call i; gaps, interruptions and sentiment only when it uses them. */
function callSubject(corpus: Corpus, i: number, measured: boolean): RuleSubject {
  const segments = rebuildTranscript(corpus, i).segments;
  const durationMs = corpus.cols.durationMs[i]!;
  const ivrMs = corpus.cols.ivrMs[i]!;
  return {
    callId: callId(i),
    segments,
    durationMs,
    ivrMs,
    attributes: callAttributes(corpus, i),
    ...(measured ? subjectMeasures(segments, durationMs, ivrMs) : NO_MEASURES),
  };
}
