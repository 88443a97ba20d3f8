/**
 * An evaluation form to answer: every question of every section (single select and yes/no as
 * radio groups, numeric, text), N/A where the form allows it, the AI's suggested answer and its
 * evidence beside each question, and the score as it stands (computed by the metrics module's
 * qaScore, the same rule every stored score uses). Shared by the review screen and the form
 * builder's preview.
 */
import { useId } from 'react';
import type { Evaluation, EvaluationForm, Evidence } from '../../data/index.ts';
import { qaScore, QaAnswerError } from '../../metrics/index.ts';
import { formatClock, formatShare } from '../format.ts';
import './answer-form.css';

export type Answers = Evaluation['answers'];

export function liveScore(form: EvaluationForm, answers: Answers) {
  try {
    return qaScore(form, answers);
  } catch (error) {
    if (error instanceof QaAnswerError) return null;
    throw error;
  }
}

export function AnswerForm(props: {
  form: EvaluationForm;
  answers: Answers;
  onChange: (answers: Answers) => void;
  /** The AI's answers, shown as suggestions with their evidence. */
  suggested?: Answers;
  onSeek?: (ms: number) => void;
  /** Field problems by "answers.<questionId>". */
  problems?: ReadonlyMap<string, string>;
  readOnly?: boolean;
}) {
  const { form, answers, onChange } = props;
  const set = (questionId: string, patch: Partial<Answers[number]> | null) => {
    const rest = answers.filter((a) => a.questionId !== questionId);
    onChange(patch === null ? rest : [...rest, { questionId, na: false, ...patch }]);
  };
  return (
    <div className="qa-form">
      {form.sections.map((section) => (
        <fieldset key={section.id} className="qa-section">
          <legend className="qa-section__title">
            {section.title} <span className="an-cell-sub qa-inline">weight ×{section.weight}</span>
          </legend>
          {section.questions.map((q) => (
            <Question
              key={q.id}
              question={q}
              answer={answers.find((a) => a.questionId === q.id)}
              suggestion={props.suggested?.find((a) => a.questionId === q.id)}
              onSet={(patch) => set(q.id, patch)}
              onSeek={props.onSeek}
              error={props.problems?.get(`answers.${q.id}`)}
              readOnly={props.readOnly}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

type FormQuestion = EvaluationForm['sections'][number]['questions'][number];

function Question(props: {
  question: FormQuestion;
  answer: Answers[number] | undefined;
  suggestion: Answers[number] | undefined;
  onSet: (patch: Partial<Answers[number]> | null) => void;
  onSeek?: (ms: number) => void;
  error?: string;
  readOnly?: boolean;
}) {
  const { question: q, answer, suggestion } = props;
  const id = useId();
  const na = answer?.na === true;
  const options = q.type === 'yes-no' || q.type === 'single-select' ? (q.options ?? []) : [];
  return (
    <div className="qa-question" data-invalid={props.error ? 'true' : undefined}>
      <fieldset
        className="qa-question__field"
        aria-describedby={props.error ? `${id}-error` : undefined}
        disabled={props.readOnly}
      >
        <legend className="qa-question__text">{q.text}</legend>
        {options.length > 0 && (
          <div className="qa-options">
            {options.map((o) => (
              <label key={o.id} className="qa-check">
                <input
                  type="radio"
                  name={id}
                  checked={!na && answer?.optionId === o.id}
                  onChange={() => props.onSet({ optionId: o.id })}
                />
                {o.label}
                <span className="an-cell-sub qa-inline">
                  {o.points} pt{o.points === 1 ? '' : 's'}
                  {o.autoFail ? ', fails the evaluation' : ''}
                </span>
              </label>
            ))}
          </div>
        )}
        {q.type === 'numeric' && (
          <label className="qa-check">
            Points (0 to {q.maxPoints ?? 0})
            <input
              className="an-input qa-number"
              type="number"
              min={0}
              max={q.maxPoints ?? 0}
              disabled={na}
              value={na || answer?.value === undefined ? '' : answer.value}
              onChange={(e) =>
                props.onSet(e.target.value === '' ? null : { value: Number(e.target.value) })
              }
            />
          </label>
        )}
        {q.type === 'text' && (
          <textarea
            className="an-input qa-text"
            aria-label={q.text}
            value={answer?.text ?? ''}
            onChange={(e) => props.onSet({ text: e.target.value })}
          />
        )}
        {q.naAllowed && (
          <label className="qa-check">
            <input
              type="checkbox"
              checked={na}
              onChange={(e) => props.onSet(e.target.checked ? { na: true } : null)}
            />
            N/A (left out of the potential)
          </label>
        )}
      </fieldset>
      {props.error && (
        <p id={`${id}-error`} className="an-error">
          {props.error}
        </p>
      )}
      {suggestion && <Suggestion question={q} suggestion={suggestion} onSeek={props.onSeek} />}
    </div>
  );
}

function Suggestion(props: {
  question: FormQuestion;
  suggestion: Answers[number];
  onSeek?: (ms: number) => void;
}) {
  const { question: q, suggestion: s } = props;
  const label = s.na
    ? 'N/A'
    : s.optionId !== undefined
      ? (q.options?.find((o) => o.id === s.optionId)?.label ?? s.optionId)
      : s.value !== undefined
        ? String(s.value)
        : (s.text ?? '');
  return (
    <div className="qa-suggestion">
      <span>
        AI suggests <strong>{label}</strong>
        {q.automatedFromRuleId ? ' (from a rule)' : ''}
      </span>
      {(s.evidence ?? []).slice(0, 2).map((e: Evidence, k) => (
        <span key={k} className="qa-evidence">
          {props.onSeek ? (
            <button
              type="button"
              className="an-button an-button--quiet an-button--small"
              onClick={() => props.onSeek!(e.beginMs)}
            >
              {formatClock(e.beginMs)}
            </button>
          ) : (
            formatClock(e.beginMs)
          )}{' '}
          “{e.text}”
        </span>
      ))}
    </div>
  );
}

/** The score as the answers stand: points of potential, or auto-failed. */
export function ScoreLine({ form, answers }: { form: EvaluationForm; answers: Answers }) {
  const s = liveScore(form, answers);
  if (!s) return <p className="an-error">An answer does not fit the form.</p>;
  return (
    <p className="qa-score" role="status" aria-live="polite" data-testid="qa-live-score">
      <strong>{s.score === null ? 'No score' : formatShare(s.score)}</strong>{' '}
      <span className="an-cell-sub qa-inline">
        {s.autoFailed
          ? 'auto-failed: an answer fails the whole evaluation'
          : `${round(s.points)} of ${round(s.potential)} weighted points`}
      </span>
    </p>
  );
}

const round = (x: number) => Math.round(x * 10) / 10;
