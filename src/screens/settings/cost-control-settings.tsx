/**
 * Cost Control `/settings/cost-control-settings` (public): sampling per queue or vendor,
 * duration limits, the monthly cap and its alerts. Applied: calls left out by sampling or
 * duration get no analysis and are counted as excluded on every screen. Before saving, the
 * page shows this month's cost and coverage with the draft, per queue and vendor (computed in
 * the worker by the same write that saving uses). Signed out: read-only.
 */
import { useState } from 'react';
import {
  QueryState,
  type Catalog,
  type CorpusInfo,
  type CostControlSettings,
  type KpiKey,
  type SettingsPreview,
} from '../../data/index.ts';
import '../../ui/analytics.css';
import { formatCount, formatMoney, formatShare } from '../../ui/format.ts';
import { Field } from '../../ui/form-field.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { callListHref } from '../../ui/links.ts';
import { periodLabel } from '../../ui/period.ts';
import { Panel, useCorpusContext } from '../../ui/screen-parts.tsx';
import { NumberField, rangeProblem } from './parts/fields.tsx';
import { KpiComparison } from './parts/kpi-comparison.tsx';
import { ReadOnlyNotice, useReadOnly } from './parts/read-only-gate.tsx';
import { SaveBar } from './parts/save-bar.tsx';
import { parseAlerts } from './parts/alert-shares.ts';
import { monthProgress } from './parts/this-month.ts';
import { useSettingsEditor } from './parts/use-settings-editor.ts';
import { SamplingRules } from './parts/sampling-rules.tsx';
import { useSettingsPreview } from './parts/use-settings-preview.ts';
import './settings.css';

const PURPOSE =
  'Which calls are analysed (sampling per queue or vendor, duration limits) and the monthly spending cap with its alerts.';

const PREVIEW_METRICS: KpiKey[] = [
  'calls',
  'analysedCalls',
  'excludedCalls',
  'totalCost',
  'costPerAnalysedCall',
];

export default function CostControlScreen() {
  const context = useCorpusContext();
  return (
    <div className="an-screen">
      <ReadOnlyNotice purpose={PURPOSE} permission="edit-settings" />
      <QueryState query={context} label="settings" isEmpty={() => false}>
        {({ info, catalog }) => <CostControlForm info={info} catalog={catalog} />}
      </QueryState>
    </div>
  );
}

/** Problems found in the page before saving, by field path (the source's paths). */
function problemsOf(c: CostControlSettings): Record<string, string> {
  const out: Record<string, string> = {};
  const set = (k: string, p: string | undefined) => p && (out[k] = p);
  set('minDurationSec', rangeProblem(c.minDurationSec, 0, 86_400));
  set('maxDurationSec', rangeProblem(c.maxDurationSec, 0, 86_400));
  if (!out.maxDurationSec && c.maxDurationSec > 0 && c.maxDurationSec < c.minDurationSec)
    out.maxDurationSec = 'Must be 0 (no limit) or at least the minimum';
  set('monthlyCap', rangeProblem(c.monthlyCap, 0, 10_000_000, false));
  c.sampling.forEach((rule, k) => {
    set(`sampling[${k}].rate`, rangeProblem(rule.rate * 100, 0, 100, false));
    if (!rule.value) out[`sampling[${k}].value`] = 'Choose a queue or vendor';
    else if (c.sampling.findIndex((r) => r.scope === rule.scope && r.value === rule.value) !== k)
      out[`sampling[${k}].value`] = 'This one already has a rate above';
  });
  return out;
}

function CostControlForm({ info, catalog }: { info: CorpusInfo; catalog: Catalog }) {
  const readOnly = useReadOnly('edit-settings');
  const editor = useSettingsEditor('costControl');
  const { current, draft, dirty } = editor;
  const [alertsText, setAlertsText] = useState<string | null>(null);
  const problems = current ? problemsOf(current) : {};
  const shownAlerts =
    alertsText ?? (current?.alertAtShares ?? []).map((s) => Math.round(s * 100)).join(', ');
  const alertsProblem = alertsText === null ? undefined : parseAlerts(alertsText).problem;
  if (alertsProblem) problems.alertAtShares = alertsProblem;
  const invalid = Object.keys(problems).length > 0;
  const errorAt = (k: string) => problems[k] ?? editor.fieldErrors[k];
  return (
    <form
      className="st-form"
      aria-label="Cost control settings"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) void editor.submit().then(() => setAlertsText(null));
      }}
    >
      <QueryState query={editor.saved} label="the saved settings" isEmpty={() => false}>
        {() =>
          current && (
            <fieldset className="st-form st-fieldset" disabled={readOnly}>
              <legend className="sr-only">Cost control</legend>
              <Panel
                title="Sampling"
                subtitle="Analyse only a share of the calls of a queue or vendor. When a call matches several rules, the lowest rate applies; the same calls stay chosen while a rate stays the same."
              >
                <SamplingRules
                  rules={current.sampling}
                  catalog={catalog}
                  errorAt={errorAt}
                  onChange={(sampling) => editor.update({ sampling })}
                />
              </Panel>
              <Panel
                title="Duration limits, cap and alerts"
                subtitle="Calls outside the limits are not analysed; the cap and alerts raise inbox alerts as the month's spend grows."
              >
                <div className="st-fields">
                  <NumberField
                    name="minDurationSec"
                    label="Analyse calls from"
                    unit="seconds"
                    min={0}
                    max={86_400}
                    value={current.minDurationSec}
                    error={errorAt('minDurationSec')}
                    readOnly={readOnly}
                    help="Shorter calls (hang-ups, wrong numbers) are excluded: lowers cost and the number of analysed calls."
                    onChange={(v) => editor.update({ minDurationSec: v })}
                  />
                  <NumberField
                    name="maxDurationSec"
                    label="Analyse calls up to"
                    unit="seconds (0 = no limit)"
                    min={0}
                    max={86_400}
                    value={current.maxDurationSec}
                    error={errorAt('maxDurationSec')}
                    readOnly={readOnly}
                    help="Longer calls are excluded: the longest calls cost the most speech-to-text minutes."
                    onChange={(v) => editor.update({ maxDurationSec: v })}
                  />
                  <NumberField
                    name="monthlyCap"
                    label="Monthly cap"
                    unit={current.rates.currency}
                    min={0}
                    step={50}
                    value={current.monthlyCap}
                    error={errorAt('monthlyCap')}
                    readOnly={readOnly}
                    help="The most analysis may cost in a month; alerts are shares of it."
                    onChange={(v) => editor.update({ monthlyCap: v })}
                  />
                  <AlertsField
                    value={shownAlerts}
                    error={errorAt('alertAtShares')}
                    readOnly={readOnly}
                    onChange={(text) => {
                      setAlertsText(text);
                      const parsed = parseAlerts(text);
                      if (!parsed.problem)
                        editor.update({ alertAtShares: parsed.shares }, ['alertAtShares']);
                    }}
                  />
                </div>
              </Panel>
            </fieldset>
          )
        }
      </QueryState>
      <SaveBar
        dirty={dirty || alertsText !== null}
        save={editor.save}
        readOnly={readOnly}
        invalid={invalid}
        onReset={() => {
          setAlertsText(null);
          editor.reset();
        }}
      />
      {/* The projection shows the organisation's calls and costs: signed-in users only. */}
      {!readOnly && <CostPreview info={info} draft={dirty && !invalid ? draft : null} />}
    </form>
  );
}

function AlertsField(props: {
  value: string;
  error?: string;
  readOnly: boolean;
  onChange: (text: string) => void;
}) {
  return (
    <Field
      id="cost-alerts"
      label="Alert at"
      className="st-field"
      field="alertAtShares"
      error={props.error}
      alert
      help="Comma-separated, for example “80, 100”: each share reached raises an inbox alert."
      helpClassName="st-field__help"
    >
      {(control) => (
        <div className="st-field__input">
          <input
            {...control}
            className="an-input"
            value={props.value}
            readOnly={props.readOnly}
            onChange={(e) => props.onChange(e.target.value)}
          />
          <span className="st-field__unit">% of the cap</span>
        </div>
      )}
    </Field>
  );
}

function CostPreview({ info, draft }: { info: CorpusInfo; draft: CostControlSettings | null }) {
  const { period, preview, comparing } = useSettingsPreview('costControl', info, draft);
  const cap = draft?.monthlyCap;
  return (
    <Panel
      title="Projected cost and coverage this month"
      subtitle={`${periodLabel(period)}: the saved settings against ${
        comparing ? 'your changes' : 'the same settings (change a value to compare)'
      }. Coverage is the share of recorded calls that are analysed.`}
      testId="cost-preview"
    >
      <QueryState query={preview} label="the projection" isEmpty={() => false}>
        {(p) => <Projection preview={p} period={period} cap={cap} />}
      </QueryState>
    </Panel>
  );
}

const coverage = (analysed: number, calls: number) => (calls > 0 ? analysed / calls : 0);

function Projection(props: {
  preview: SettingsPreview;
  period: { from: string; to: string };
  cap: number | undefined;
}) {
  const { current, proposed, groups } = props.preview;
  const { elapsedDays, monthDays } = monthProgress(props.period);
  const projected = (cost: number) => (cost / elapsedDays) * monthDays;
  return (
    <>
      <dl className="st-figures">
        <div>
          <dt>Coverage now → after saving</dt>
          <dd data-testid="coverage">
            {formatShare(coverage(current.analysedCalls, current.calls))} →{' '}
            {formatShare(coverage(proposed.analysedCalls, proposed.calls))}
          </dd>
        </div>
        <div>
          <dt>Month projected from {Math.round(elapsedDays)} days</dt>
          <dd>
            {formatMoney(projected(current.totalCost))} →{' '}
            {formatMoney(projected(proposed.totalCost))}
          </dd>
        </div>
        {props.cap !== undefined && (
          <div>
            <dt>Projected share of the cap</dt>
            <dd>{props.cap > 0 ? formatShare(projected(proposed.totalCost) / props.cap) : '–'}</dd>
          </div>
        )}
        <div>
          <dt>Calls excluded this month</dt>
          <dd>
            {formatCount(current.excludedCalls)} → {formatCount(proposed.excludedCalls)}
          </dd>
        </div>
      </dl>
      <KpiComparison
        caption="This month's volumes and cost with the saved settings and after saving"
        metrics={PREVIEW_METRICS}
        current={current}
        proposed={proposed}
      />
      {current.excludedCalls > 0 && (
        <p>
          <HrefLink href={callListHref({ ...props.period, status: 'excluded' })}>
            List the {formatCount(current.excludedCalls)} calls excluded now
          </HrefLink>
        </p>
      )}
      <div className="an-table-scroll">
        <table className="an-table" data-testid="cost-groups">
          <caption>Coverage and cost per queue and vendor this month</caption>
          <thead>
            <tr>
              <th scope="col">Queue or vendor</th>
              <th scope="col" className="st-num">
                Calls
              </th>
              <th scope="col" className="st-num">
                Coverage now
              </th>
              <th scope="col" className="st-num">
                After saving
              </th>
              <th scope="col" className="st-num">
                Cost now
              </th>
              <th scope="col" className="st-num">
                After saving
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={`${g.by}:${g.key}`}>
                <th scope="row">
                  {g.label} <span className="muted">({g.by})</span>
                </th>
                <td className="st-num">{formatCount(g.current.calls)}</td>
                <td className="st-num">
                  {formatShare(coverage(g.current.analysedCalls, g.current.calls))}
                </td>
                <td className="st-num">
                  {formatShare(coverage(g.proposed.analysedCalls, g.proposed.calls))}
                </td>
                <td className="st-num">{formatMoney(g.current.totalCost)}</td>
                <td className="st-num">{formatMoney(g.proposed.totalCost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
