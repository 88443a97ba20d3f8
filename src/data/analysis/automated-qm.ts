/**
 * Automated quality management: the evaluation form filled in from a transcript, with each
 * answer's basis. The answers are the AI evaluation's (`aiAnswers`, the same the Evaluations
 * screen scores); this module says which of them a rule or a signal decides, how sure that is,
 * and which a person must give (what the transcript alone cannot tell, such as whether the
 * issue was really resolved, or free-text comments).
 */
import type { EvaluationAnswer, EvaluationForm, Evidence } from '../../generated/data.types.ts';
import { qaScore, type QaScore } from '../../metrics/index.ts';
import type { ToolConversation } from './tool-analysis.ts';

export type AnswerBasis = 'rule' | 'signal' | 'human';

export interface AutomatedAnswer {
  questionId: string;
  sectionTitle: string;
  question: string;
  basis: AnswerBasis;
  /** The automated answer; absent when a person must answer. */
  answer?: EvaluationAnswer;
  /** 0..1: how far the basis can be trusted (see CONFIDENCE). */
  confidence: number | null;
  /** Why: the rule or signal in words. */
  reason: string;
  evidence: Evidence[];
}

export interface AutomatedEvaluation {
  form: EvaluationForm;
  answers: AutomatedAnswer[];
  /** The score of the automated answers alone (questions left for a person earn nothing yet). */
  automatedScore: QaScore;
}

/**
 * Confidence by basis: a phrase found in the transcript is near-certain; a phrase not found can
 * be a transcription miss; counts are exact but the scale is coarse; sentiment is an estimate.
 */
const CONFIDENCE = {
  phraseFound: 0.95,
  phraseAbsent: 0.8,
  notApplicable: 0.9,
  count: 0.85,
  intent: 0.75,
  sentiment: 0.6,
} as const;

export function automatedEvaluation(
  form: EvaluationForm,
  c: Pick<ToolConversation, 'aiAnswers' | 'ruleResults' | 'analysis'>,
  cancellationIntent: boolean,
): AutomatedEvaluation {
  const answers: AutomatedAnswer[] = [];
  for (const section of form.sections) {
    for (const q of section.questions) {
      const ai = c.aiAnswers.find((a) => a.questionId === q.id);
      const base = { questionId: q.id, sectionTitle: section.title, question: q.text };
      const human = (reason: string): AutomatedAnswer => ({
        ...base,
        basis: 'human',
        confidence: null,
        reason,
        evidence: [],
      });
      if (q.automatedFromRuleId) {
        const rule = c.ruleResults.find((r) => r.ruleId === q.automatedFromRuleId);
        if (!rule) {
          answers.push(
            q.naAllowed && ai
              ? {
                  ...base,
                  basis: 'rule',
                  answer: ai,
                  confidence: CONFIDENCE.notApplicable,
                  reason: 'The rule behind this question does not apply to this call.',
                  evidence: [],
                }
              : human('The rule behind this question does not apply to this call.'),
          );
          continue;
        }
        answers.push({
          ...base,
          basis: 'rule',
          answer: ai!,
          confidence: rule.evidence.length > 0 ? CONFIDENCE.phraseFound : CONFIDENCE.phraseAbsent,
          reason:
            rule.evidence.length > 0
              ? `Rule “${rule.name}”: ${rule.kind === 'compliance' && !rule.passed ? 'failed' : 'decided'} by what was said.`
              : `Rule “${rule.name}”: ${rule.passed ? 'nothing against it was said' : 'the required words were not said'}.`,
          evidence: rule.evidence.slice(0, 2),
        });
        continue;
      }
      switch (q.id) {
        case 'retention':
          answers.push({
            ...base,
            basis: 'signal',
            answer: ai!,
            confidence: CONFIDENCE.intent,
            reason: cancellationIntent
              ? 'The customer wanted to leave; the answer is whether the agent made an offer.'
              : 'The customer never said they wanted to leave.',
            evidence:
              c.analysis.churnRisk.reasons.find((r) => r.signal === 'cancellation-intent')
                ?.evidence ?? [],
          });
          break;
        case 'listening':
          answers.push({
            ...base,
            basis: 'signal',
            answer: ai!,
            confidence: CONFIDENCE.count,
            reason: `The agent interrupted ${c.analysis.interruptions.byAgent} time(s).`,
            evidence: [],
          });
          break;
        case 'empathy':
          answers.push({
            ...base,
            basis: 'signal',
            answer: ai!,
            confidence: CONFIDENCE.sentiment,
            reason: `From the agent's sentiment (${c.analysis.sentiment.agent.overall?.toFixed(1) ?? 'none'}); worth a listen.`,
            evidence: [],
          });
          break;
        case 'resolved':
          answers.push(
            human('Whether the issue was resolved comes from the outcome, not the words alone.'),
          );
          break;
        default:
          answers.push(
            human(
              q.type === 'text' ? 'A comment for the reviewer.' : 'No rule or signal decides it.',
            ),
          );
      }
    }
  }
  return {
    form,
    answers,
    automatedScore: qaScore(
      form,
      answers.flatMap((a) => (a.answer ? [a.answer] : [])),
    ),
  };
}
