import type { EvaluationAnswer, EvaluationForm, FormQuestion } from '../generated/data.types.ts';

export const QA_SCORE_DEFINITION =
  "QA score = points earned / potential points of the evaluation form, each question weighted by its section. N/A answers leave the potential; any auto-fail answer makes the score 0. Over a selection: the mean of the calls' latest evaluations.";

export interface QaScore {
  points: number;
  potential: number;
  /** null when no question was scorable (all N/A or text). */
  score: number | null;
  autoFailed: boolean;
}

export class QaAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QaAnswerError';
  }
}

function questionPotential(q: FormQuestion): number {
  if (q.type === 'text') return 0;
  if (q.type === 'numeric') return q.maxPoints ?? 0;
  return Math.max(0, ...(q.options ?? []).map((o) => o.points));
}

/**
 * Scores answers against a form. An unanswered question earns 0 of its potential; N/A on a
 * question that does not allow it is an error (the form builder must not let it through).
 */
export function qaScore(form: EvaluationForm, answers: readonly EvaluationAnswer[]): QaScore {
  // Forms have a handful of questions: a scan beats building a Map per evaluation.
  const byQuestion = { get: (id: string) => answers.find((a) => a.questionId === id) };
  let points = 0;
  let potential = 0;
  let autoFailed = false;
  for (const section of form.sections) {
    for (const q of section.questions) {
      const answer = byQuestion.get(q.id);
      if (answer?.na) {
        if (!q.naAllowed) throw new QaAnswerError(`question ${q.id} does not allow N/A`);
        continue;
      }
      const max = questionPotential(q);
      if (max === 0) continue;
      potential += max * section.weight;
      if (!answer) continue;
      if (q.type === 'numeric') {
        points += Math.min(max, Math.max(0, answer.value ?? 0)) * section.weight;
        continue;
      }
      const option = q.options?.find((o) => o.id === answer.optionId);
      if (answer.optionId !== undefined && !option) {
        throw new QaAnswerError(`question ${q.id} has no option ${answer.optionId}`);
      }
      if (option?.autoFail) autoFailed = true;
      points += (option?.points ?? 0) * section.weight;
    }
  }
  const score = autoFailed ? 0 : potential > 0 ? points / potential : null;
  return { points, potential, score, autoFailed };
}
