/**
 * The sections and questions of an evaluation form, edited in place: add, remove and reorder;
 * per question its type, options with points and auto-fail, N/A, maximum points (numeric) and
 * the rule that answers it automatically. Problems from the source's validation
 * (`sections[0].questions[1].options: ...`) are shown at their field.
 */
import type { EvaluationForm, Rule } from '../../../data/index.ts';
import { NumberField, Select } from '../../../ui/form-controls.tsx';
import type { Problems } from './condition-editor.tsx';

type Section = EvaluationForm['sections'][number];
type Question = Section['questions'][number];

/** An id unique among `taken`, from a title ("Soft skills" → "soft-skills"). */
function newId(title: string, taken: readonly string[]): string {
  const base =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'item';
  let id = base;
  for (let k = 2; taken.includes(id); k++) id = `${base}-${k}`;
  return id;
}

const YES_NO = [
  { id: 'yes', label: 'Yes', points: 1 },
  { id: 'no', label: 'No', points: 0 },
];

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function FormSections(props: {
  sections: Section[];
  onChange: (sections: Section[]) => void;
  rules: Rule[];
  problems: Problems;
}) {
  const { sections, onChange, problems } = props;
  const allQuestionIds = sections.flatMap((s) => s.questions.map((q) => q.id));
  const setSection = (k: number, next: Section) =>
    onChange(sections.map((s, j) => (j === k ? next : s)));
  return (
    <div className="rb-form">
      {problems.get('sections') && <p className="an-error">{problems.get('sections')}</p>}
      {sections.map((section, k) => {
        const at = `sections[${k}]`;
        return (
          <fieldset key={section.id} className="rb-node rb-node--group" data-testid="form-section">
            <legend className="sr-only">Section {k + 1}</legend>
            <div className="rb-row">
              <div className="an-field an-field--grow rb-field">
                <label htmlFor={`${section.id}-title`}>Section {k + 1} title</label>
                <input
                  id={`${section.id}-title`}
                  value={section.title}
                  onChange={(e) => setSection(k, { ...section, title: e.target.value })}
                />
              </div>
              <NumberField
                label="Weight"
                value={section.weight}
                onChange={(v) => setSection(k, { ...section, weight: v ?? NaN })}
                error={problems.get(`${at}.weight`)}
              />
              <div className="rl-actions">
                <button
                  type="button"
                  className="an-button an-button--small"
                  disabled={k === 0}
                  onClick={() => onChange(move(sections, k, k - 1))}
                >
                  Up<span className="sr-only"> section {k + 1}</span>
                </button>
                <button
                  type="button"
                  className="an-button an-button--small"
                  disabled={k === sections.length - 1}
                  onClick={() => onChange(move(sections, k, k + 1))}
                >
                  Down<span className="sr-only"> section {k + 1}</span>
                </button>
                <button
                  type="button"
                  className="an-button an-button--small rl-danger"
                  disabled={sections.length === 1}
                  onClick={() => onChange(sections.filter((_, j) => j !== k))}
                >
                  Remove<span className="sr-only"> section {k + 1}</span>
                </button>
              </div>
            </div>
            {problems.get(`${at}.questions`) && (
              <p className="an-error">{problems.get(`${at}.questions`)}</p>
            )}
            <div className="rb-node__children">
              {section.questions.map((q, j) => (
                <QuestionEditor
                  key={q.id}
                  question={q}
                  at={`${at}.questions[${j}]`}
                  number={`${k + 1}.${j + 1}`}
                  rules={props.rules}
                  problems={problems}
                  onChange={(next) =>
                    setSection(k, {
                      ...section,
                      questions: section.questions.map((x, i) =>
                        i === j ? next : x,
                      ) as Section['questions'],
                    })
                  }
                  onRemove={
                    section.questions.length > 1
                      ? () =>
                          setSection(k, {
                            ...section,
                            questions: section.questions.filter(
                              (_, i) => i !== j,
                            ) as Section['questions'],
                          })
                      : undefined
                  }
                />
              ))}
              <div>
                <button
                  type="button"
                  className="an-button an-button--small"
                  onClick={() =>
                    setSection(k, {
                      ...section,
                      questions: [
                        ...section.questions,
                        {
                          id: newId('question', allQuestionIds),
                          text: '',
                          type: 'yes-no',
                          options: YES_NO,
                          naAllowed: false,
                        },
                      ],
                    })
                  }
                >
                  Add question<span className="sr-only"> to section {k + 1}</span>
                </button>
              </div>
            </div>
          </fieldset>
        );
      })}
      <div>
        <button
          type="button"
          className="an-button"
          onClick={() =>
            onChange([
              ...sections,
              {
                id: newId(
                  'section',
                  sections.map((s) => s.id),
                ),
                title: 'New section',
                weight: 1,
                questions: [
                  {
                    id: newId('question', allQuestionIds),
                    text: '',
                    type: 'yes-no',
                    options: YES_NO,
                    naAllowed: false,
                  },
                ],
              },
            ])
          }
        >
          Add section
        </button>
      </div>
    </div>
  );
}

function QuestionEditor(props: {
  question: Question;
  at: string;
  number: string;
  rules: Rule[];
  problems: Problems;
  onChange: (q: Question) => void;
  onRemove?: () => void;
}) {
  const { question: q, at, problems, onChange } = props;
  const id = `${at}`.replace(/[^a-z0-9]/gi, '-');
  const options = q.options ?? [];
  const setOption = (k: number, patch: Partial<(typeof options)[number]>) =>
    onChange({ ...q, options: options.map((o, j) => (j === k ? { ...o, ...patch } : o)) });
  return (
    <fieldset className="rb-node" data-testid="form-question">
      <legend className="sr-only">Question {props.number}</legend>
      <div className="rb-row">
        <div className="an-field an-field--grow rb-field">
          <label htmlFor={`${id}-text`}>Question {props.number}</label>
          <input
            id={`${id}-text`}
            value={q.text}
            onChange={(e) => onChange({ ...q, text: e.target.value })}
          />
        </div>
        <Select
          label="Answer type"
          value={q.type}
          options={[
            ['yes-no', 'Yes / no'],
            ['single-select', 'Single select'],
            ['numeric', 'Numeric'],
            ['text', 'Text (no points)'],
          ]}
          onChange={(type) => {
            const t = type as Question['type'];
            const { options: _o, maxPoints: _m, ...rest } = q;
            onChange(
              t === 'numeric'
                ? { ...rest, type: t, maxPoints: 5 }
                : t === 'text'
                  ? { ...rest, type: t }
                  : {
                      ...rest,
                      type: t,
                      options: options.length >= 2 ? options : YES_NO,
                    },
            );
          }}
        />
        {props.onRemove && (
          <button
            type="button"
            className="an-button an-button--small rl-danger"
            onClick={props.onRemove}
          >
            Remove<span className="sr-only"> question {props.number}</span>
          </button>
        )}
      </div>
      {(q.type === 'yes-no' || q.type === 'single-select') && (
        <div className="rb-form">
          {options.map((o, k) => (
            <div key={k} className="rb-row">
              <div className="an-field rb-field">
                <label htmlFor={`${id}-o${k}`}>Option {k + 1}</label>
                <input
                  id={`${id}-o${k}`}
                  value={o.label}
                  onChange={(e) => setOption(k, { label: e.target.value })}
                />
              </div>
              <NumberField
                label="Points"
                value={o.points}
                onChange={(v) => setOption(k, { points: v ?? NaN })}
              />
              <label className="rb-check">
                <input
                  type="checkbox"
                  checked={o.autoFail === true}
                  onChange={(e) => {
                    const { autoFail: _a, ...rest } = o;
                    onChange({
                      ...q,
                      options: options.map((x, j) =>
                        j === k ? (e.target.checked ? { ...rest, autoFail: true } : rest) : x,
                      ),
                    });
                  }}
                />
                Auto-fail
              </label>
              {q.type === 'single-select' && options.length > 2 && (
                <button
                  type="button"
                  className="an-button an-button--small"
                  onClick={() => onChange({ ...q, options: options.filter((_, j) => j !== k) })}
                >
                  Remove<span className="sr-only"> option {k + 1}</span>
                </button>
              )}
            </div>
          ))}
          {problems.get(`${at}.options`) && (
            <p className="an-error">{problems.get(`${at}.options`)}</p>
          )}
          {q.type === 'single-select' && (
            <div>
              <button
                type="button"
                className="an-button an-button--small"
                onClick={() =>
                  onChange({
                    ...q,
                    options: [
                      ...options,
                      {
                        id: newId(
                          'option',
                          options.map((o) => o.id),
                        ),
                        label: '',
                        points: 0,
                      },
                    ],
                  })
                }
              >
                Add option<span className="sr-only"> to question {props.number}</span>
              </button>
            </div>
          )}
        </div>
      )}
      <div className="rb-row">
        {q.type === 'numeric' && (
          <NumberField
            label="Maximum points"
            value={q.maxPoints}
            onChange={(v) => onChange({ ...q, maxPoints: v ?? NaN })}
            error={problems.get(`${at}.maxPoints`)}
          />
        )}
        <label className="rb-check">
          <input
            type="checkbox"
            checked={q.naAllowed}
            onChange={(e) => onChange({ ...q, naAllowed: e.target.checked })}
          />
          N/A allowed
        </label>
        {q.type !== 'text' && (
          <Select
            label="Answered automatically from"
            value={q.automatedFromRuleId ?? ''}
            options={[
              ['', 'Nothing (a person answers)'],
              ...props.rules.map((r) => [r.id, `${r.name} (${r.kind})`] as const),
            ]}
            onChange={(v) => {
              const { automatedFromRuleId: _r, ...rest } = q;
              onChange(v ? { ...rest, automatedFromRuleId: v } : rest);
            }}
          />
        )}
      </div>
    </fieldset>
  );
}
