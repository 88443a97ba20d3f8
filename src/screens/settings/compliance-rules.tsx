/**
 * Rule builder `/settings/compliance-rules?rule=`: the condition tree, scope, severity and
 * points of a rule, with a live preview of its hits on stored calls (computed in the data
 * worker a moment after typing stops). Saving stores a new version and re-runs the rule on
 * every stored call as a job followed here (progress, cancel). The version history shows what
 * changed between versions and rolls back. A problem is explained at its field; nothing is
 * saved half-way, and the draft stays when a save fails (for example a conflict with a change
 * made in another tab).
 */
import { useMemo, useState } from 'react';
import { AppLink, useNavigateTo, useRouteQuery } from '../../runtime/index.ts';
import {
  QueryState,
  useQuery,
  type Rule,
  type RuleCondition,
  type RuleDraft,
  type RuleJob,
} from '../../data/index.ts';
import '../../ui/analytics.css';
import { formatCount } from '../../ui/format.ts';
import { resolvePeriod } from '../../ui/period.ts';
import { Panel, useCorpusContext, type CorpusContext } from '../../ui/screen-parts.tsx';
import { StorageNotice } from '../../ui/storage-notice.tsx';
import { useAction } from '../../ui/use-action.ts';
import { usePermission } from '../../auth/permissions.ts';
import { RoleNotice } from '../../ui/role-notice.tsx';
import { NumberField, Select } from '../../ui/form-controls.tsx';
import { Field } from '../../ui/form-field.tsx';
import { ConditionEditor } from './parts/condition-editor.tsx';
import { RerunProgress } from './parts/rerun-progress.tsx';
import { problemsAtFields } from './parts/problems-at-fields.ts';
import { RulePreviewPanel, useRulePreview } from './parts/rule-preview.tsx';
import { RuleVersions } from './parts/rule-versions.tsx';
import { ScopeFields } from './parts/scope-fields.tsx';
import './rules.css';

const ROUTE = 'compliance-rules';

const NEW_RULE: RuleDraft = {
  name: '',
  description: '',
  kind: 'compliance',
  active: true,
  scope: {},
  severity: 'major',
  points: 5,
  condition: { phrase: { terms: ['' as string] as [string], speaker: 'AGENT' }, negate: true },
};

export default function ComplianceRuleBuilder() {
  const context = useCorpusContext();
  return (
    <div className="an-screen">
      <StorageNotice />
      <QueryState query={context} label="rule builder" isEmpty={() => false}>
        {(ctx) => <BuilderLoader context={ctx} />}
      </QueryState>
    </div>
  );
}

function BuilderLoader({ context }: { context: CorpusContext }) {
  const { rule: ruleId } = useRouteQuery(ROUTE);
  const [reload, setReload] = useState(0);
  // The re-run job outlives the editor it started from (which reloads with the new version).
  const [job, setJob] = useState<RuleJob | null>(null);
  const rules = useQuery((s) => s.rules(), [ruleId, reload]);
  return (
    <QueryState query={rules} label="rules" isEmpty={() => false}>
      {(list) => {
        const stored = ruleId ? list.find((r) => r.id === ruleId) : undefined;
        return (
          <>
            {ruleId && !stored && (
              <div className="an-notice" role="status">
                <strong>There is no rule “{ruleId}”</strong> (it may have been deleted). You are
                building a new rule.
              </div>
            )}
            <Builder
              key={`${stored?.id ?? 'new'}:${stored?.version ?? 0}:${reload}`}
              stored={stored}
              context={context}
              onReload={() => setReload((r) => r + 1)}
              job={job}
              setJob={setJob}
            />
          </>
        );
      }}
    </QueryState>
  );
}

function draftOf(rule: Rule): RuleDraft {
  const { version, ...rest } = rule;
  return { ...rest, baseVersion: version };
}

function Builder(props: {
  stored: Rule | undefined;
  context: CorpusContext;
  onReload: () => void;
  job: RuleJob | null;
  setJob: (job: RuleJob | null) => void;
}) {
  const { stored, context, job, setJob } = props;
  const navigateTo = useNavigateTo();
  const [draft, setDraft] = useState<RuleDraft>(() => (stored ? draftOf(stored) : NEW_RULE));
  const [previewDays, setPreviewDays] = useState(7);
  const period = resolvePeriod({}, context.info, previewDays);
  const preview = useRulePreview(draft, period);
  const savedStats = useQuery(
    (s) => (stored ? s.ruleStats(period) : Promise.resolve([])),
    [stored?.id, stored?.version, period.from, period.to],
  );
  const save = useAction((s, d: RuleDraft) => s.startRuleSave(d));
  const may = usePermission('edit-rules');
  // Field problems: from the last save attempt, else from the live preview's validation.
  const problems = useMemo(
    () =>
      problemsAtFields(
        save.error?.code === 'invalid-query'
          ? save.error
          : preview.error?.code === 'invalid-query'
            ? preview.error
            : null,
      ),
    [save.error, preview.error],
  );
  const set = (patch: Partial<RuleDraft>) => {
    save.clearError();
    setDraft((d) => ({ ...d, ...patch }));
  };
  const invalid = preview.error?.code === 'invalid-query';
  const running = job?.state === 'running';

  const submit = async (d: RuleDraft) => {
    const started = await save.run(d);
    if (started) setJob(started);
  };

  return (
    <>
      <header className="rb-title">
        <AppLink route="compliance-rules-list" className="an-back">
          ← All rules
        </AppLink>
        <p className="an-panel__subtitle">
          {stored
            ? `Editing version ${stored.version} of “${stored.name}”. Saving creates version ${stored.version + 1} and re-runs it on every stored call.`
            : 'A new rule. Saving creates version 1 and runs it on every stored call.'}
        </p>
      </header>
      <div className="rb-layout">
        <form
          className="rb-form"
          noValidate
          aria-label="Rule"
          onSubmit={(e) => {
            e.preventDefault();
            if (!running && may.allowed) void submit(draft);
          }}
        >
          <Panel title="Rule">
            <div className="rb-form">
              <div className="rb-row">
                <TextField
                  label="Name"
                  value={draft.name}
                  onChange={(name) => set({ name })}
                  error={problems.get('name')}
                  grow
                />
                <Select
                  label="Kind"
                  value={draft.kind}
                  options={[
                    ['compliance', 'Compliance (pass or fail)'],
                    ['category', 'Category (tags calls)'],
                  ]}
                  onChange={(v) => set({ kind: v as RuleDraft['kind'] })}
                  error={problems.get('kind')}
                />
              </div>
              <TextField
                label="Description (what it checks, in words)"
                value={draft.description ?? ''}
                onChange={(description) => set({ description })}
                error={problems.get('description')}
                grow
              />
              <div className="rb-row">
                <Select
                  label="Severity"
                  value={draft.severity}
                  options={[
                    ['critical', 'Critical'],
                    ['major', 'Major'],
                    ['minor', 'Minor'],
                  ]}
                  onChange={(v) => set({ severity: v as RuleDraft['severity'] })}
                  error={problems.get('severity')}
                />
                <NumberField
                  label="Points (weight in the compliance score)"
                  value={draft.points}
                  onChange={(v) => set({ points: v ?? NaN })}
                  error={problems.get('points')}
                />
                <label className="rb-check">
                  <input
                    type="checkbox"
                    checked={draft.active}
                    onChange={(e) => set({ active: e.target.checked })}
                  />
                  Active (evaluated on calls)
                </label>
              </div>
            </div>
          </Panel>
          <Panel
            title="Scope"
            subtitle="Which calls the rule applies to. Leave a field empty for all calls."
          >
            <ScopeFields
              scope={draft.scope}
              catalog={context.catalog}
              onChange={(scope) => set({ scope })}
              problems={problems}
            />
          </Panel>
          <Panel
            title="Condition"
            subtitle={
              draft.kind === 'compliance'
                ? 'When this is true the call FAILS the rule (a violation). “Hit when none is said” turns a required phrase into a violation when it is missing.'
                : 'When this is true the call is tagged with the category.'
            }
          >
            <ConditionEditor
              value={draft.condition}
              onChange={(condition) => set({ condition })}
              path="condition"
              problems={problems}
              catalog={context.catalog}
              depth={0}
            />
          </Panel>
          <div className="rb-actions">
            {save.error && save.error.code !== 'invalid-query' && (
              <div className="an-notice" role="alert">
                <strong>
                  {save.error.code === 'conflict' ? 'Changed elsewhere. ' : 'Not saved. '}
                </strong>
                {save.error.message}{' '}
                {save.error.code === 'conflict' && (
                  <button
                    type="button"
                    className="an-button an-button--small"
                    onClick={props.onReload}
                  >
                    Load the stored version (drops this draft)
                  </button>
                )}
              </div>
            )}
            {save.error?.code === 'invalid-query' && (
              <p className="rb-error" role="alert">
                Not saved: {problems.size} problem
                {problems.size === 1 ? '' : 's'}, shown at the fields.
              </p>
            )}
            <RoleNotice allowance={may} id="rb-role" />
            <button
              type="submit"
              className="an-button an-button--primary"
              disabled={running || save.pending || !may.allowed}
              aria-describedby={
                [invalid && 'rb-invalid-hint', !may.allowed && 'rb-role']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            >
              {stored ? `Save version ${stored.version + 1}` : 'Save rule'}
            </button>
            {invalid && (
              <span id="rb-invalid-hint" className="an-cell-sub">
                Fix the fields marked in red first.
              </span>
            )}
          </div>
          {job && (
            <RerunProgress
              job={job}
              onUpdate={setJob}
              onDone={(done) => {
                if (!stored || stored.id !== done.rule.id)
                  navigateTo(ROUTE, { rule: done.rule.id }, { replace: true });
                else props.onReload();
              }}
            />
          )}
        </form>
        <aside className="rb-preview">
          <Panel
            title="Live preview"
            actions={
              <div className="an-tabs" role="group" aria-label="Preview period">
                {[7, 30].map((d) => (
                  <button
                    key={d}
                    type="button"
                    aria-pressed={previewDays === d}
                    onClick={() => setPreviewDays(d)}
                  >
                    Last {d} days
                  </button>
                ))}
              </div>
            }
          >
            <RulePreviewPanel
              state={preview}
              period={period}
              kind={draft.kind}
              terms={termsOf(draft.condition)}
              saved={savedStats.data?.find((s) => s.ruleId === stored?.id)}
            />
          </Panel>
          {stored && (
            <Panel
              title="Versions"
              subtitle="What changed in each version; roll back to any of them."
            >
              <RuleVersions
                rule={stored}
                catalog={context.catalog}
                disabled={running || save.pending || !may.allowed}
                onRollback={(old) => {
                  const { version: _v, ...content } = old;
                  void submit({ ...content, baseVersion: stored.version });
                }}
              />
            </Panel>
          )}
        </aside>
      </div>
      <p className="an-cell-sub">Rules run on {formatCount(context.info.calls)} stored calls.</p>
    </>
  );
}

function TextField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  grow?: boolean;
}) {
  const id = `rb-${props.label.split(' ')[0]!.toLowerCase()}`;
  return (
    <Field
      id={id}
      label={props.label}
      className={`an-field rb-field ${props.grow ? 'an-field--grow' : ''}`}
      error={props.error}
    >
      {(control) => (
        <input {...control} value={props.value} onChange={(e) => props.onChange(e.target.value)} />
      )}
    </Field>
  );
}

/** Every phrase of the tree, to mark in the preview's evidence. */
function termsOf(c: RuleCondition): string[] {
  if ('all' in c) return c.all.flatMap(termsOf);
  if ('any' in c) return c.any.flatMap(termsOf);
  if ('not' in c) return termsOf(c.not);
  if ('phrase' in c) return [...c.phrase.terms, ...(c.phrase.near?.terms ?? [])];
  return [];
}
