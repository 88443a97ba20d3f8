/**
 * One call under review: its timeline and transcript (the call page's parts) beside the active
 * form, pre-filled with the AI's answers and their evidence; submitting stores a scored review.
 * Below: the latest review's workflow (acknowledge, dispute, resolve) and, in the calibration
 * tab, every review of the call with how far apart the scores are.
 */
import { useCallback, useMemo, useState } from 'react';
import { isAgentSignedInAs, useAuthState, useStoredUser } from '../../../auth/index.ts';
import { usePermission, type Allowance } from '../../../auth/permissions.ts';
import {
  QueryState,
  type Agent,
  useQuery,
  type CallDetail,
  type Calibration,
  type EvaluationForm,
  type ReviewRecord,
} from '../../../data/index.ts';
import { CALIBRATION_SPREAD_DEFINITION } from '../../../metrics/index.ts';
import { DateTime } from '../../../ui/date-time.tsx';
import { Field } from '../../../ui/form-field.tsx';
import { CallTimeline, failedRuleMarkers } from '../../../ui/call/call-timeline.tsx';
import { Transcript } from '../../../ui/call/transcript.tsx';
import { NO_VALUE, formatClock, formatDateTime, formatShare } from '../../../ui/format.ts';
import { InfoTip } from '../../../ui/info-tip.tsx';
import { callHref } from '../../../ui/links.ts';
import { AnswerForm, ScoreLine, type Answers } from '../../../ui/quality/answer-form.tsx';
import { Panel } from '../../../ui/screen-parts.tsx';
import { fieldProblems, useAction } from '../../../ui/use-action.ts';

export function EvaluateCall(props: {
  callId: string;
  tab: 'evaluate' | 'calibration';
  onTab: (tab: 'evaluate' | 'calibration') => void;
  onBack: () => void;
}) {
  const [reload, setReload] = useState(0);
  const data = useQuery(
    async (s) => {
      const [detail, forms, settings, info] = await Promise.all([
        s.call(props.callId),
        s.evaluationForms(),
        s.settings(),
        s.info(),
      ]);
      if (!detail) return null;
      const calibration =
        detail.call.status === 'analysed' ? await s.calibration(props.callId) : null;
      const form = forms.find((f) => f.active) ?? forms[0]!;
      return {
        detail,
        form,
        calibration,
        silenceMs: settings.smart.silenceThresholdMs,
        // The API records the token's user as the reviewer, whatever the request names.
        reviewerIsSignedIn: info.kind === 'http',
      };
    },
    [props.callId, reload],
  );
  return (
    <>
      <p>
        <button type="button" className="an-back an-button--quiet an-button" onClick={props.onBack}>
          <span aria-hidden="true">←</span> Review queue
        </button>
      </p>
      <QueryState
        query={data}
        label="the call"
        empty={<>No call has the id “{props.callId}”.</>}
        isEmpty={(d) => d === null}
      >
        {(d) =>
          d!.calibration === null ? (
            <p className="an-notice">This call is not analysed yet, so it cannot be evaluated.</p>
          ) : (
            <CallReview
              key={reload}
              detail={d!.detail}
              form={d!.form}
              calibration={d!.calibration}
              silenceMs={d!.silenceMs}
              reviewerIsSignedIn={d!.reviewerIsSignedIn}
              tab={props.tab}
              onTab={props.onTab}
              onChanged={() => setReload((r) => r + 1)}
            />
          )
        }
      </QueryState>
    </>
  );
}

function CallReview(props: {
  detail: CallDetail;
  form: EvaluationForm;
  calibration: Calibration;
  silenceMs: number;
  reviewerIsSignedIn: boolean;
  tab: 'evaluate' | 'calibration';
  onTab: (tab: 'evaluate' | 'calibration') => void;
  onChanged: () => void;
}) {
  const { detail, form, calibration } = props;
  const { call } = detail;
  const [position, setPosition] = useState(0);
  const seek = useCallback(
    (ms: number) => setPosition(Math.max(0, Math.min(call.durationMs, ms))),
    [call.durationMs],
  );
  const ai = calibration.ai;
  const latest = calibration.reviews[calibration.reviews.length - 1];
  return (
    <>
      <section className="an-panel" aria-labelledby="ev-title">
        <h2 id="ev-title" className="an-call__title">
          Evaluate {detail.agent.name} with {detail.customer.name}{' '}
          <span className="an-call__id">{call.id}</span>
        </h2>
        <p className="an-panel__subtitle">
          {formatDateTime(call.startedAt)} UTC · {formatClock(call.durationMs)} ·{' '}
          {detail.vendor.name} · AI score {ai?.score == null ? NO_VALUE : formatShare(ai.score)} ·{' '}
          <a href={callHref(call.id)}>Open the call page</a>
        </p>
      </section>
      <div className="an-call__grid">
        <div className="an-call__main">
          <Panel title="Timeline" subtitle="Select a moment, an AI evidence time or a turn.">
            <CallTimeline
              durationMs={call.durationMs}
              segments={detail.transcript}
              gaps={call.analysis?.nonTalk ?? []}
              silenceThresholdMs={props.silenceMs}
              markers={failedRuleMarkers(detail.ruleResults)}
              positionMs={position}
              onSeek={seek}
            />
          </Panel>
          <Panel title="Transcript" testId="review-transcript">
            <Transcript segments={detail.transcript} positionMs={position} onSeek={seek} follow />
          </Panel>
        </div>
        <div className="an-call__side">
          <div className="an-tabs" role="group" aria-label="Review">
            <button
              type="button"
              aria-pressed={props.tab === 'evaluate'}
              onClick={() => props.onTab('evaluate')}
            >
              Evaluate
            </button>
            <button
              type="button"
              aria-pressed={props.tab === 'calibration'}
              onClick={() => props.onTab('calibration')}
            >
              Calibration ({calibration.reviews.length})
            </button>
          </div>
          {props.tab === 'evaluate' ? (
            <>
              {latest && (
                <Workflow record={latest} agent={detail.agent} onChanged={props.onChanged} />
              )}
              <NewReview
                callId={call.id}
                form={form}
                suggested={ai?.answers ?? []}
                onSeek={seek}
                calibrating={
                  calibration.reviews.length > (latest?.evaluation.status === 'draft' ? 1 : 0)
                }
                draft={latest?.evaluation.status === 'draft' ? latest : undefined}
                reviewerIsSignedIn={props.reviewerIsSignedIn}
                onSubmitted={props.onChanged}
              />
            </>
          ) : (
            <CalibrationView calibration={calibration} />
          )}
        </div>
      </div>
    </>
  );
}

function NewReview(props: {
  callId: string;
  form: EvaluationForm;
  suggested: Answers;
  onSeek: (ms: number) => void;
  calibrating: boolean;
  /** The call's latest review when it is a draft: this form continues it. */
  draft?: ReviewRecord;
  /** The source records the signed-in user as the reviewer (the API): no name to type. */
  reviewerIsSignedIn: boolean;
  onSubmitted: () => void;
}) {
  const user = useStoredUser();
  const account = useAuthState().account;
  const signedIn = account?.name || user?.name || account?.username || '';
  const may = usePermission('evaluate-calls');
  // Continue a draft where it was left; else start from the AI's answers, which the reviewer
  // confirms or corrects.
  const [answers, setAnswers] = useState<Answers>(
    () => props.draft?.evaluation.answers ?? props.suggested.map(({ evidence: _e, ...a }) => a),
  );
  const [calibration, setCalibration] = useState(
    props.draft ? props.draft.evaluation.source === 'calibration' : props.calibrating,
  );
  const [typed, setEvaluator] = useState(user?.name ?? '');
  const evaluator = props.reviewerIsSignedIn ? signedIn : typed;
  const submit = useAction((s, asDraft: boolean) =>
    s.submitEvaluation({
      callId: props.callId,
      evaluator,
      source: calibration ? 'calibration' : 'human',
      answers,
      ...(asDraft && { draft: true }),
    }),
  );
  const [saving, setSaving] = useState<'draft' | 'submit'>('submit');
  const save = async (asDraft: boolean) => {
    setSaving(asDraft ? 'draft' : 'submit');
    if (await submit.run(asDraft)) props.onSubmitted();
  };
  const problems = useMemo(() => fieldProblems(submit.error), [submit.error]);
  if (!may.allowed) {
    return (
      <Panel title="Your evaluation" testId="new-review">
        <p className="an-notice" data-testid="evaluate-refused">
          {may.reason}
        </p>
      </Panel>
    );
  }
  return (
    <Panel
      title="Your evaluation"
      subtitle={
        props.draft
          ? `${props.form.name}, version ${props.form.version}. The draft's answers are filled in; finish it and submit, or save it again.`
          : `${props.form.name}, version ${props.form.version}. The AI's answers are filled in; change what you judge differently.`
      }
      testId="new-review"
    >
      <form
        className="ev-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
      >
        <AnswerForm
          form={props.form}
          answers={answers}
          onChange={setAnswers}
          suggested={props.suggested}
          onSeek={props.onSeek}
          problems={problems}
        />
        <ScoreLine form={props.form} answers={answers} />
        {props.reviewerIsSignedIn ? (
          <p data-testid="ev-reviewer">
            Reviewer: <strong data-testid="ev-reviewer-name">{signedIn}</strong>{' '}
            <span className="an-cell-sub">The review is recorded under your sign-in.</span>
          </p>
        ) : (
          <Field
            id="ev-evaluator"
            label="Reviewer"
            className="an-field an-field--grow"
            error={problems.has('evaluator') ? submit.error?.message : undefined}
          >
            {(control) => (
              <input {...control} value={typed} onChange={(e) => setEvaluator(e.target.value)} />
            )}
          </Field>
        )}
        <label className="qa-check">
          <input
            type="checkbox"
            checked={calibration}
            onChange={(e) => setCalibration(e.target.checked)}
          />
          Calibration review (one of several reviewers scoring this call)
        </label>
        {submit.error && (
          <p className="an-error" role="alert">
            {saving === 'draft' ? 'Draft not saved' : 'Not submitted'}: {submit.error.message}
          </p>
        )}
        <div className="ev-actions">
          <button type="submit" className="an-button an-button--primary" disabled={submit.pending}>
            {submit.pending && saving === 'submit' ? 'Submitting…' : 'Submit evaluation'}
          </button>
          <button
            type="button"
            className="an-button"
            disabled={submit.pending}
            onClick={() => void save(true)}
          >
            {submit.pending && saving === 'draft' ? 'Saving…' : 'Save draft'}
          </button>
        </div>
      </form>
    </Panel>
  );
}

const STEPS = {
  submitted: 'Submitted: waiting for the agent to acknowledge or dispute it.',
  acknowledged: 'Acknowledged by the agent.',
  disputed: 'Disputed by the agent: waiting for a supervisor.',
  resolved: 'Resolved by a supervisor.',
  draft: 'Draft: not submitted yet; continue it under Your evaluation.',
} as const;

/**
 * Whether the signed-in user may acknowledge or dispute this agent's evaluation: their role
 * allows it (the token's roles) and they are that agent (their sign-in name is the agent's,
 * as the API server checks), so nobody is offered a step the server would refuse.
 */
function useRespond(agent: Agent, signInName: string | undefined): Allowance {
  const role = usePermission('respond-to-evaluations');
  if (!role.allowed || isAgentSignedInAs(agent, signInName)) return role;
  return {
    allowed: false,
    reason: `Only ${agent.name}, whose call was evaluated, can acknowledge or dispute this evaluation.`,
  };
}

/** The step waiting on this evaluation, and who may take it (the token's roles decide). */
function Workflow(props: { record: ReviewRecord; agent: Agent; onChanged: () => void }) {
  const { evaluation: e, history } = props.record;
  const user = useStoredUser();
  const account = useAuthState().account;
  const respond = useRespond(props.agent, account?.username ?? user?.username);
  const resolve = usePermission('resolve-disputes');
  const step = e.status === 'submitted' ? respond : e.status === 'disputed' ? resolve : null;
  // The step is recorded under the signed-in person's name.
  const me =
    account?.name || user?.name || (e.status === 'submitted' ? props.agent.name : 'Supervisor');
  const [note, setNote] = useState('');
  const update = useAction((s, action: 'acknowledge' | 'dispute' | 'resolve', by: string) =>
    s.updateEvaluation({ id: e.id, action, by, note, baseStatus: e.status }),
  );
  const act = async (action: 'acknowledge' | 'dispute' | 'resolve', by: string) => {
    if (await update.run(action, by)) props.onChanged();
  };
  const problems = fieldProblems(update.error);
  return (
    <Panel
      title="Latest review"
      subtitle={`${e.evaluator ?? 'Reviewer'} · ${e.source} · score ${e.score === null ? NO_VALUE : formatShare(e.score)}${e.autoFailed ? ' (auto-failed)' : ''} · form v${e.formVersion}`}
      testId="review-workflow"
    >
      <p data-testid="review-status" data-status={e.status}>
        <strong>{STEPS[e.status]}</strong>
      </p>
      <ol className="ev-history">
        {history.map((h, k) => (
          <li key={k}>
            <DateTime iso={h.at} /> · {h.by} · {h.action}
            {h.note ? `: “${h.note}”` : ''}
          </li>
        ))}
      </ol>
      {step && !step.allowed && (
        <p className="an-notice" data-testid="workflow-refused">
          {step.reason}
        </p>
      )}
      {step?.allowed && (
        <div className="ev-form">
          <Field
            id="ev-note"
            label={e.status === 'submitted' ? 'Why the agent disputes it' : 'Supervisor’s decision'}
            className="an-field an-field--grow"
            error={problems.has('note') ? update.error?.message : undefined}
          >
            {(control) => (
              <textarea
                {...control}
                className="an-input qa-text"
                value={note}
                onChange={(ev) => setNote(ev.target.value)}
              />
            )}
          </Field>
          {update.error && !problems.has('note') && (
            <p className="an-error" role="alert">
              {update.error.message}
            </p>
          )}
          <div className="ev-actions">
            {e.status === 'submitted' ? (
              <>
                <button
                  type="button"
                  className="an-button"
                  disabled={update.pending}
                  onClick={() => act('acknowledge', me)}
                >
                  Acknowledge
                </button>
                <button
                  type="button"
                  className="an-button"
                  disabled={update.pending}
                  onClick={() => act('dispute', me)}
                >
                  Dispute
                </button>
              </>
            ) : (
              <button
                type="button"
                className="an-button an-button--primary"
                disabled={update.pending}
                onClick={() => act('resolve', me)}
              >
                Resolve
              </button>
            )}
          </div>
        </div>
      )}
    </Panel>
  );
}

function CalibrationView({ calibration }: { calibration: Calibration }) {
  const { reviews, ai } = calibration;
  return (
    <Panel
      title={
        <>
          Calibration{' '}
          <InfoTip label="How calibration is measured">{CALIBRATION_SPREAD_DEFINITION}</InfoTip>
        </>
      }
      subtitle="Every review of this call; a wide spread means the form is read differently."
      testId="calibration"
    >
      <dl className="an-facts">
        <div>
          <dt>Reviews</dt>
          <dd>{reviews.length}</dd>
        </div>
        <div>
          <dt>Mean score</dt>
          <dd>{calibration.mean === null ? NO_VALUE : formatShare(calibration.mean)}</dd>
        </div>
        <div>
          <dt>Standard deviation</dt>
          <dd data-testid="calibration-stddev">
            {calibration.stdDev === null ? NO_VALUE : `${(calibration.stdDev * 100).toFixed(1)} pp`}
          </dd>
        </div>
        <div>
          <dt>Range</dt>
          <dd>
            {calibration.range === null ? NO_VALUE : `${(calibration.range * 100).toFixed(1)} pp`}
          </dd>
        </div>
        <div>
          <dt>AI score</dt>
          <dd>{ai?.score == null ? NO_VALUE : formatShare(ai.score)}</dd>
        </div>
      </dl>
      {reviews.length === 0 ? (
        <p>Nobody has reviewed this call yet.</p>
      ) : (
        <div className="an-table-scroll">
          <table className="an-table">
            <caption className="sr-only">Reviews of this call</caption>
            <thead>
              <tr>
                <th scope="col" className="an-th">
                  Reviewer
                </th>
                <th scope="col" className="an-th">
                  Kind
                </th>
                <th scope="col" className="an-th">
                  Score
                </th>
                <th scope="col" className="an-th">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {reviews.map((r) => (
                <tr key={r.evaluation.id}>
                  <th scope="row">
                    {r.evaluation.evaluator ?? 'Reviewer'}
                    <span className="an-cell-sub">{formatDateTime(r.evaluation.createdAt)}</span>
                  </th>
                  <td>{r.evaluation.source}</td>
                  <td>
                    {r.evaluation.score === null ? NO_VALUE : formatShare(r.evaluation.score)}
                    {r.evaluation.autoFailed ? ' (auto-failed)' : ''}
                  </td>
                  <td>{r.evaluation.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
