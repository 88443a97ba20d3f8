/**
 * The evaluation form filled in automatically: each question with its answer, the basis (a
 * rule, a signal, or a person), the confidence and the evidence; questions left for a person
 * are answered here. The total is the product's QA score (`qaScore` of the metrics module,
 * auto-fail included) over the automated answers plus the visitor's.
 */
import { useId, useState } from 'react';
import type {
  AutomatedAnswer,
  AutomatedEvaluation,
  EvaluationAnswer,
  Evidence,
  FormQuestion,
} from '../../../data/index.ts';
import { qaScore, type QaScore } from '../../../metrics/index.ts';
import { formatClock, formatShare, NO_VALUE } from '../../../ui/format.ts';
import { Panel } from '../../../ui/screen-parts.tsx';
import '../../../ui/call/analysis-panels.css';

const BASIS = { rule: 'Rule', signal: 'Signal', human: 'For a person' } as const;

export function EvaluationFormView({
  evaluation,
  estimated,
}: {
  evaluation: AutomatedEvaluation;
  /**
   * The AI evaluation Post-call analysis scores: it also answers, from estimates, questions left
   * here for a person. Shown beside the total so the two tools' numbers are explained.
   */
  estimated: { answers: readonly EvaluationAnswer[]; score: QaScore };
}) {
  const [human, setHuman] = useState<Record<string, EvaluationAnswer>>({});
  const questions = new Map(
    evaluation.form.sections.flatMap((s) => s.questions.map((q) => [q.id, q] as const)),
  );
  const answers = [
    ...evaluation.answers.flatMap((a) => (a.answer ? [a.answer] : [])),
    ...Object.values(human),
  ];
  const total = qaScore(evaluation.form, answers);
  const open = evaluation.answers.filter((a) => !a.answer && !human[a.questionId]).length;
  // Questions Post-call analysis answers from an estimate and this form leaves to a person.
  const estimatedHere = evaluation.answers.filter(
    (a) =>
      !a.answer &&
      !human[a.questionId] &&
      // A comment earns no points, so it makes no difference to the total.
      questions.get(a.questionId)?.type !== 'text' &&
      estimated.answers.some((e) => e.questionId === a.questionId),
  );
  return (
    <Panel
      title={`${evaluation.form.name} form`}
      subtitle={`${evaluation.answers.filter((a) => a.answer).length} of ${evaluation.answers.length} questions answered automatically`}
      testId="aqm-form"
    >
      <dl className="an-scores" data-testid="aqm-total">
        <div className="an-scores__item">
          <dt>Total</dt>
          <dd data-tone={total.autoFailed ? 'bad' : undefined} data-value={total.score ?? ''}>
            {total.score === null ? NO_VALUE : formatShare(total.score)}
            {total.autoFailed ? ' · auto-fail' : ''}
          </dd>
        </div>
        <div className="an-scores__item">
          <dt>Points</dt>
          <dd>
            {total.points} of {total.potential}
          </dd>
        </div>
        <div className="an-scores__item">
          <dt>Left for a person</dt>
          <dd>{open === 0 ? 'none' : `${open} question${open === 1 ? '' : 's'}`}</dd>
        </div>
        <div className="an-scores__item">
          <dt>Post-call analysis</dt>
          <dd data-testid="aqm-post-call" data-score={estimated.score.score ?? ''}>
            {estimated.score.score === null ? NO_VALUE : formatShare(estimated.score.score)}
          </dd>
        </div>
      </dl>
      {estimatedHere.length > 0 && (
        <p className="tool-hint" data-testid="aqm-difference">
          Post-call analysis scores the same answers and also answers, from an estimate,{' '}
          {estimatedHere
            .map((a) => {
              const e = estimated.answers.find((x) => x.questionId === a.questionId)!;
              return `“${a.question}”: ${answerLabel(questions.get(a.questionId)!, e)}`;
            })
            .join('; ')}
          . Here {estimatedHere.length === 1 ? 'it is' : 'they are'} left for you: give the same
          answer and the totals agree.
        </p>
      )}
      {total.autoFailed && (
        <p className="tool-hint">
          An answer that fails the call automatically was chosen: the score is 0 whatever the other
          answers.
        </p>
      )}
      <ol className="tool-files">
        {evaluation.answers.map((a) => (
          <li key={a.questionId} className="tool-answer" data-testid={`aqm-${a.questionId}`}>
            <div className="tool-answer__head">
              <span className="tool-label">{a.question}</span>
              <span
                className="an-chip an-chip--plain"
                data-tone={a.basis === 'human' ? undefined : 'accent'}
              >
                {BASIS[a.basis]}
                {a.confidence !== null ? ` · ${Math.round(a.confidence * 100)}% sure` : ''}
              </span>
            </div>
            {a.answer ? (
              <p className="tool-hint">
                <strong>{answerLabel(questions.get(a.questionId)!, a.answer)}</strong> — {a.reason}
              </p>
            ) : (
              <HumanAnswer
                question={questions.get(a.questionId)!}
                reason={a.reason}
                onAnswer={(answer) =>
                  setHuman((h) => {
                    const next = { ...h };
                    if (answer) next[a.questionId] = answer;
                    else delete next[a.questionId];
                    return next;
                  })
                }
              />
            )}
            <EvidenceList evidence={a.evidence} />
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function EvidenceList({ evidence }: { evidence: AutomatedAnswer['evidence'] }) {
  if (evidence.length === 0) return null;
  return (
    <ul className="tool-notices">
      {evidence.map((e: Evidence, i) => (
        <li key={i}>
          {formatClock(e.beginMs)} “{e.text}”
        </li>
      ))}
    </ul>
  );
}

function answerLabel(q: FormQuestion, a: EvaluationAnswer): string {
  if (a.na) return 'N/A';
  if (q.type === 'numeric') return `${a.value ?? 0} of ${q.maxPoints ?? 0}`;
  return q.options?.find((o) => o.id === a.optionId)?.label ?? NO_VALUE;
}

function HumanAnswer(props: {
  question: FormQuestion;
  reason: string;
  onAnswer: (a: EvaluationAnswer | null) => void;
}) {
  const id = useId();
  const q = props.question;
  if (q.type === 'text') {
    return (
      <div className="an-field an-field--grow">
        <label htmlFor={id}>{props.reason}</label>
        <input
          id={id}
          onChange={(e) =>
            props.onAnswer(
              e.target.value ? { questionId: q.id, na: false, text: e.target.value } : null,
            )
          }
        />
      </div>
    );
  }
  return (
    <div className="an-field">
      <label htmlFor={id}>{props.reason}</label>
      <select
        id={id}
        defaultValue=""
        onChange={(e) => {
          const v = e.target.value;
          props.onAnswer(
            v === ''
              ? null
              : v === 'na'
                ? { questionId: q.id, na: true }
                : q.type === 'numeric'
                  ? { questionId: q.id, na: false, value: Number(v) }
                  : { questionId: q.id, na: false, optionId: v },
          );
        }}
      >
        <option value="">Not answered</option>
        {q.type === 'numeric'
          ? Array.from({ length: (q.maxPoints ?? 0) + 1 }, (_, k) => (
              <option key={k} value={k}>
                {k} of {q.maxPoints}
              </option>
            ))
          : q.options?.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
        {q.naAllowed && <option value="na">N/A</option>}
      </select>
    </div>
  );
}
