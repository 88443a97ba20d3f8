/**
 * Agent Quality Metrics `/settings/agent-quality-metrics?form=`: the evaluation-form builder.
 * Sections with weights; questions (single select, yes/no, numeric, text) with option scores,
 * N/A and auto-fail options, and answers automated from a rule. A live score preview fills the
 * draft in on a sample call the way the AI would (its answers to the questions it knows).
 * Publishing stores a new version; scores already given keep the version they were given with.
 * `?form=new` starts another form (a copy of the active one's sections to begin from); one form,
 * the one last published as active, is used for new evaluations.
 */
import { useMemo, useState } from 'react';
import { useNavigateTo, useRouteQuery } from '../../runtime/index.ts';
import {
  QueryState,
  useQuery,
  type EvaluationForm,
  type EvaluationFormDraft,
  type Rule,
} from '../../data/index.ts';
import '../../ui/analytics.css';
import { AnswerForm, ScoreLine, type Answers } from '../../ui/quality/answer-form.tsx';
import { IgnoredParams, Panel } from '../../ui/screen-parts.tsx';
import { StorageNotice } from '../../ui/storage-notice.tsx';
import { fieldProblems, useAction } from '../../ui/use-action.ts';
import { usePermission } from '../../auth/permissions.ts';
import { RoleNotice } from '../../ui/role-notice.tsx';
import { Field } from '../../ui/form-field.tsx';
import { FormSections } from './parts/form-sections.tsx';
import './rules.css';
import './quality-forms.css';

const ROUTE = 'agent-quality-metrics';

export default function AgentQualityMetrics() {
  const query = useRouteQuery(ROUTE);
  const [reload, setReload] = useState(0);
  // Kept here: publishing reloads the builder with the new version.
  const [published, setPublished] = useState<EvaluationForm | null>(null);
  // Kept here: publishing reloads the builder with the new version.
  const data = useQuery(
    async (s) => {
      const [forms, rules, sample] = await Promise.all([
        s.evaluationForms(),
        s.rules(),
        s.reviewQueue({ sampling: 'random', filters: {}, limit: 1 }),
      ]);
      const callId = sample.page.items[0]?.callId;
      const call = callId ? await s.call(callId) : null;
      return { forms, rules, call };
    },
    [reload],
  );
  return (
    <div className="an-screen">
      <StorageNotice />
      <QueryState query={data} label="evaluation forms" isEmpty={(d) => d.forms.length === 0}>
        {(d) => {
          const ids = [...new Set(d.forms.map((f) => f.id))];
          const creating = query.form === NEW_FORM;
          const formId = query.form && ids.includes(query.form) ? query.form : undefined;
          const active = d.forms.find((x) => x.active) ?? d.forms[0]!;
          const versions = creating ? [] : d.forms.filter((f) => f.id === (formId ?? active.id));
          const latest = versions[0] ?? newForm(active, ids);
          return (
            <>
              <IgnoredParams
                problems={
                  query.form && !formId && !creating
                    ? [{ param: 'form', value: query.form, reason: 'no form has this id' }]
                    : []
                }
              />
              <FormList forms={d.forms} shown={latest.id} />
              <FormBuilder
                key={`${latest.id}:${latest.version}`}
                latest={latest}
                versions={versions}
                rules={d.rules}
                sampleAnswers={d.call?.evaluations.find((e) => e.source === 'ai')?.answers ?? []}
                sampleCallId={d.call?.call.id}
                published={published}
                onPublished={(form) => {
                  setPublished(form);
                  setReload((r) => r + 1);
                }}
              />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

/** The address value that starts another form. */
const NEW_FORM = 'new';

/**
 * A new form to start from: the active form's sections, no name yet, not used for evaluations
 * until its author says so; its id is free among the forms' ids.
 */
function newForm(template: EvaluationForm, ids: readonly string[]): EvaluationForm {
  let k = ids.length + 1;
  while (ids.includes(`form-${k}`)) k++;
  return { ...template, id: `form-${k}`, name: '', version: 0, active: false };
}

/** Every form by name, the active one marked; each opens in the builder, and a new one starts. */
function FormList(props: { forms: EvaluationForm[]; shown: string }) {
  const navigateTo = useNavigateTo();
  const latest = props.forms.filter((f, k) => props.forms.findIndex((x) => x.id === f.id) === k);
  return (
    <Panel title="Forms" subtitle="The active form is used for new evaluations." testId="form-list">
      <ul className="rb-versions">
        {latest.map((f) => (
          <li key={f.id} className="rb-version">
            <button
              type="button"
              className="an-button an-button--quiet"
              aria-current={f.id === props.shown ? 'true' : undefined}
              onClick={() => navigateTo(ROUTE, { form: f.id })}
            >
              {f.name}
            </button>
            {props.forms.some((x) => x.id === f.id && x.active) && (
              <span className="an-cell-sub"> · active</span>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="an-button"
        onClick={() => navigateTo(ROUTE, { form: NEW_FORM })}
      >
        New form
      </button>
    </Panel>
  );
}

function FormBuilder(props: {
  latest: EvaluationForm;
  versions: EvaluationForm[];
  rules: Rule[];
  sampleAnswers: Answers;
  sampleCallId: string | undefined;
  published: EvaluationForm | null;
  onPublished: (form: EvaluationForm) => void;
}) {
  const { latest } = props;
  const navigateTo = useNavigateTo();
  const [draft, setDraft] = useState<EvaluationFormDraft>(() => {
    const { version, ...rest } = latest;
    // A new form (version 0) has nothing stored to conflict with, and is not used until chosen.
    return version === 0
      ? { ...rest, active: false }
      : { ...rest, active: true, baseVersion: version };
  });
  const [answers, setAnswers] = useState<Answers>(() =>
    props.sampleAnswers.map(({ evidence: _e, ...a }) => a),
  );
  const publish = useAction((s, d: EvaluationFormDraft) => s.saveEvaluationForm(d));
  const may = usePermission('edit-forms');
  const problems = useMemo(() => fieldProblems(publish.error), [publish.error]);
  const previewForm: EvaluationForm = { ...draft, version: latest.version + 1 };
  // Answers to questions that no longer exist, or to options that were removed, are left out.
  const previewAnswers = answers.filter((a) => {
    const q = draft.sections.flatMap((s) => s.questions).find((x) => x.id === a.questionId);
    if (!q) return false;
    if (a.optionId !== undefined) return q.options?.some((o) => o.id === a.optionId) ?? false;
    return !(a.na && !q.naAllowed);
  });
  return (
    <div className="rb-layout">
      <Panel
        title={
          latest.version === 0
            ? 'New form'
            : `${latest.name}: version ${latest.version}${latest.active ? ' (active)' : ''}`
        }
        subtitle={
          latest.version === 0
            ? 'Name it and change what it asks; it starts with the active form’s sections. Publish it as version 1, and tick “Use for new evaluations” to make it the form reviewers fill in.'
            : 'Edit the form and publish it as a new version. Scores already given keep the version they were given with; new evaluations use the published one.'
        }
        testId="form-builder"
      >
        <form
          className="rb-form"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            if (!may.allowed) return;
            const saved = await publish.run(draft);
            if (saved) {
              navigateTo(ROUTE, { form: saved.id }, { replace: true });
              props.onPublished(saved);
            }
          }}
        >
          <div className="rb-row">
            <Field
              id="form-name"
              label="Form name"
              className="an-field an-field--grow rb-field"
              error={problems.get('name')}
            >
              {(control) => (
                <input
                  {...control}
                  value={draft.name}
                  onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                />
              )}
            </Field>
            <label className="rb-check">
              <input
                type="checkbox"
                checked={draft.active}
                onChange={(e) => setDraft({ ...draft, active: e.target.checked })}
              />
              Use for new evaluations once published
            </label>
          </div>
          <FormSections
            sections={draft.sections}
            onChange={(sections) =>
              setDraft({ ...draft, sections: sections as EvaluationFormDraft['sections'] })
            }
            rules={props.rules}
            problems={problems}
          />
          {publish.error && (
            <div className="an-notice" role="alert">
              <strong>
                {publish.error.code === 'conflict' ? 'Changed elsewhere. ' : 'Not published. '}
              </strong>
              {publish.error.message}
              {publish.error.code === 'invalid-query' && ' The problems are marked at the fields.'}
            </div>
          )}
          {props.published && !publish.error && (
            <p role="status" data-testid="form-published">
              Published version {props.published.version}.
            </p>
          )}
          <div className="rb-actions">
            <RoleNotice allowance={may} id="form-role" />
            <button
              type="submit"
              className="an-button an-button--primary"
              disabled={publish.pending || !may.allowed}
              aria-describedby={may.allowed ? undefined : 'form-role'}
            >
              Publish version {latest.version + 1}
            </button>
          </div>
        </form>
      </Panel>
      <div className="qf-side">
        <Panel
          title="Score preview"
          subtitle={
            props.sampleCallId
              ? `The draft filled in on ${props.sampleCallId} with the AI's answers to the questions it knows; change answers to see the score move.`
              : 'No analysed call to preview on.'
          }
          testId="form-preview"
        >
          <ScoreLine form={previewForm} answers={previewAnswers} />
          <AnswerForm form={previewForm} answers={previewAnswers} onChange={setAnswers} />
        </Panel>
        <Panel title="Versions" subtitle="Newest first. Evaluations record the version they used.">
          <ol className="rb-versions" data-testid="form-versions">
            {props.versions.map((f) => (
              <li key={f.version} className="rb-version">
                <span>
                  <strong>Version {f.version}</strong> · {f.name}
                  <span className="an-cell-sub">
                    {f.sections.length} sections ·{' '}
                    {f.sections.reduce((n, s) => n + s.questions.length, 0)} questions
                    {f.active ? ' · active' : ''}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        </Panel>
      </div>
    </div>
  );
}
