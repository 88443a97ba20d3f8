/**
 * The default quality form and how the AI fills it in from a call's rule results and analysis.
 */
import type { EvaluationAnswer, EvaluationForm, RuleResult } from '../../generated/data.types.ts';

export function defaultEvaluationForm(): EvaluationForm {
  const yesNo = (yes: number, autoFailOnNo = false) => [
    { id: 'yes', label: 'Yes', points: yes },
    { id: 'no', label: 'No', points: 0, ...(autoFailOnNo ? { autoFail: true } : {}) },
  ];
  return {
    id: 'form-call-quality',
    name: 'Call quality',
    version: 1,
    active: true,
    sections: [
      {
        id: 'opening',
        title: 'Opening',
        weight: 1,
        questions: [
          {
            id: 'disclosure',
            text: 'Did the agent disclose the recording?',
            type: 'yes-no',
            options: yesNo(2),
            naAllowed: false,
            automatedFromRuleId: 'rule-recording-disclosure',
          },
          {
            id: 'identity',
            text: 'Did the agent verify the caller?',
            type: 'yes-no',
            options: yesNo(2),
            naAllowed: true,
            automatedFromRuleId: 'rule-identity-verification',
          },
        ],
      },
      {
        id: 'resolution',
        title: 'Resolution',
        weight: 2,
        questions: [
          {
            id: 'resolved',
            text: 'Was the issue resolved?',
            type: 'yes-no',
            options: yesNo(3),
            naAllowed: false,
          },
          {
            id: 'retention',
            text: 'Did the agent make a retention offer when the customer wanted to leave?',
            type: 'yes-no',
            options: yesNo(2),
            naAllowed: true,
          },
        ],
      },
      {
        id: 'soft-skills',
        title: 'Soft skills',
        weight: 1,
        questions: [
          {
            id: 'empathy',
            text: 'How well did the agent show empathy?',
            type: 'single-select',
            options: [
              { id: 'good', label: 'Good', points: 2 },
              { id: 'fair', label: 'Fair', points: 1 },
              { id: 'poor', label: 'Poor', points: 0 },
            ],
            naAllowed: false,
          },
          {
            id: 'listening',
            text: 'Listening (2 minus interruptions by the agent)',
            type: 'numeric',
            maxPoints: 2,
            naAllowed: false,
          },
        ],
      },
      {
        id: 'conduct',
        title: 'Conduct and closing',
        weight: 1,
        questions: [
          {
            id: 'language',
            text: 'Was the language professional?',
            type: 'yes-no',
            options: yesNo(2, true),
            naAllowed: false,
            automatedFromRuleId: 'rule-professional-language',
          },
          {
            id: 'refunds',
            text: 'Did the agent avoid unauthorised refund promises?',
            type: 'yes-no',
            options: yesNo(1),
            naAllowed: false,
            automatedFromRuleId: 'rule-refund-promise',
          },
          {
            id: 'closing',
            text: 'Did the agent close the call properly?',
            type: 'yes-no',
            options: yesNo(1),
            naAllowed: false,
            automatedFromRuleId: 'rule-proper-closing',
          },
          { id: 'notes', text: 'Comments', type: 'text', naAllowed: true },
        ],
      },
    ],
  };
}

export interface AiAnswerFacts {
  ruleResults: readonly RuleResult[];
  resolved: boolean;
  cancellationIntent: boolean;
  retentionOffered: boolean;
  agentSentiment: number | null;
  agentInterruptions: number;
}

/** The AI's answers: rule-automated questions from rule results, the rest from the analysis. */
export function aiAnswers(form: EvaluationForm, facts: AiAnswerFacts): EvaluationAnswer[] {
  const byRule = {
    get: (id: string) => facts.ruleResults.find((r) => r.ruleId === id),
  };
  const answers: EvaluationAnswer[] = [];
  for (const section of form.sections) {
    for (const q of section.questions) {
      if (q.automatedFromRuleId) {
        const r = byRule.get(q.automatedFromRuleId);
        if (!r) {
          answers.push(
            q.naAllowed
              ? { questionId: q.id, na: true }
              : { questionId: q.id, na: false, optionId: 'yes' },
          );
          continue;
        }
        const yes = r.kind === 'compliance' ? r.passed : r.hit;
        answers.push({
          questionId: q.id,
          na: false,
          optionId: yes ? 'yes' : 'no',
          evidence: r.evidence.slice(0, 2),
        });
        continue;
      }
      switch (q.id) {
        case 'resolved':
          answers.push({ questionId: q.id, na: false, optionId: facts.resolved ? 'yes' : 'no' });
          break;
        case 'retention':
          answers.push(
            facts.cancellationIntent
              ? { questionId: q.id, na: false, optionId: facts.retentionOffered ? 'yes' : 'no' }
              : { questionId: q.id, na: true },
          );
          break;
        case 'empathy': {
          const s = facts.agentSentiment ?? 0;
          answers.push({
            questionId: q.id,
            na: false,
            optionId: s >= 1.2 ? 'good' : s >= 0.3 ? 'fair' : 'poor',
          });
          break;
        }
        case 'listening':
          answers.push({
            questionId: q.id,
            na: false,
            value: Math.max(0, 2 - facts.agentInterruptions),
          });
          break;
        default:
          answers.push({ questionId: q.id, na: q.naAllowed });
      }
    }
  }
  return answers;
}
