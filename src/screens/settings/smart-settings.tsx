/**
 * Smart Settings `/settings/smart-settings` (public): the thresholds behind silence, repeat
 * contacts, transfers, short calls, churn levels and fake calls. Each field says what it
 * changes; while editing, the page previews this month's KPIs with the draft (computed in the
 * worker by the same write that saving uses) next to the saved ones. Signed out: read-only.
 */
import { QueryState, type CorpusInfo, type KpiKey, type SmartSettings } from '../../data/index.ts';
import '../../ui/analytics.css';
import { periodLabel } from '../../ui/period.ts';
import { Panel, useCorpusContext } from '../../ui/screen-parts.tsx';
import { KpiComparison } from './parts/kpi-comparison.tsx';
import { NumberField, rangeProblem } from './parts/fields.tsx';
import { ReadOnlyNotice, useReadOnly } from './parts/read-only-gate.tsx';
import { SaveBar } from './parts/save-bar.tsx';
import { useSettingsEditor } from './parts/use-settings-editor.ts';
import { useSettingsPreview } from './parts/use-settings-preview.ts';
import './settings.css';

type Key = keyof SmartSettings;

/** The fields in the order shown, with their range and what each changes. */
const FIELDS: {
  key: Key;
  label: string;
  help: string;
  unit?: string;
  min: number;
  max: number;
  step?: number;
  whole?: boolean;
  /** Shown in another unit than stored (silence: seconds on screen, ms stored). */
  scale?: number;
}[] = [
  {
    key: 'silenceThresholdMs',
    label: 'Silence threshold',
    unit: 'seconds',
    min: 0,
    max: 600,
    scale: 1000,
    help: 'Gaps without speech longer than this count as silence: changes Silence % and rules on non-talk time. Saving re-analyses every call.',
  },
  {
    key: 'repeatWindowDays',
    label: 'Repeat window',
    unit: 'days',
    min: 1,
    max: 90,
    help: 'A customer calling again within this many days makes the first call "followed by a repeat": changes FCR, Repeat % and churn risk.',
  },
  {
    key: 'transferWindowMinutes',
    label: 'Transfer window',
    unit: 'minutes',
    min: 0,
    max: 1440,
    help: 'Calls closer together than this are one transferred contact, not a repeat: changes FCR and Repeat %.',
  },
  {
    key: 'shortCallSeconds',
    label: 'Short call',
    unit: 'seconds',
    min: 0,
    max: 3600,
    help: 'Calls shorter than this count as very short, a fake-call signal: changes fake-call scores and flags.',
  },
  {
    key: 'churnMediumScore',
    label: 'Churn risk: medium from',
    unit: 'score 0–1',
    min: 0,
    max: 1,
    step: 0.05,
    whole: false,
    help: 'Churn scores at or above this are medium risk: changes the churn levels on calls and customers.',
  },
  {
    key: 'churnHighScore',
    label: 'Churn risk: high from',
    unit: 'score 0–1',
    min: 0,
    max: 1,
    step: 0.05,
    whole: false,
    help: 'Churn scores at or above this are high risk: changes Churn-risk calls and the churn screens.',
  },
  {
    key: 'fakeCallThreshold',
    label: 'Fake call from',
    unit: 'score 0–1',
    min: 0,
    max: 1,
    step: 0.05,
    whole: false,
    help: 'Calls whose fake-call score reaches this are flagged: changes Fake calls and Fake-call %.',
  },
];

const PREVIEW_METRICS: KpiKey[] = [
  'analysedCalls',
  'silenceShare',
  'fcr',
  'repeatRate',
  'followedByRepeatCalls',
  'repeatCalls',
  'churnRiskCalls',
  'churnRiskRate',
  'fakeCalls',
  'fakeCallRate',
  'complianceRate',
  'qaScore',
];

const PURPOSE =
  'Thresholds that decide what counts as silence, a repeat call, churn risk and a fake call.';

export default function SmartSettingsScreen() {
  const context = useCorpusContext();
  return (
    <div className="an-screen">
      <ReadOnlyNotice purpose={PURPOSE} permission="edit-settings" />
      <QueryState query={context} label="settings" isEmpty={() => false}>
        {({ info }) => <SmartSettingsForm info={info} />}
      </QueryState>
    </div>
  );
}

function SmartSettingsForm({ info }: { info: CorpusInfo }) {
  const readOnly = useReadOnly('edit-settings');
  const editor = useSettingsEditor('smart');
  const { current, draft, dirty } = editor;
  const problems: Partial<Record<Key, string>> = {};
  if (current) {
    for (const f of FIELDS) {
      const shown = current[f.key] / (f.scale ?? 1);
      const p = rangeProblem(shown, f.min, f.max, f.whole ?? true);
      if (p) problems[f.key] = p;
    }
    if (!problems.churnHighScore && current.churnMediumScore > current.churnHighScore)
      problems.churnHighScore = 'Must be at least the medium level';
  }
  const invalid = Object.keys(problems).length > 0;
  return (
    <form
      className="st-form"
      aria-label="Smart settings"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) void editor.submit();
      }}
    >
      <Panel
        title="Thresholds"
        subtitle="What each value changes is written under it. Nothing changes until you save."
      >
        <QueryState query={editor.saved} label="the saved settings" isEmpty={() => false}>
          {() =>
            current && (
              <fieldset className="st-fields st-fieldset" disabled={readOnly}>
                <legend className="sr-only">Thresholds</legend>
                {FIELDS.map((f) => (
                  <NumberField
                    key={f.key}
                    name={f.key}
                    label={f.label}
                    help={f.help}
                    unit={f.unit}
                    min={f.min}
                    max={f.max}
                    step={f.step}
                    readOnly={readOnly}
                    value={current[f.key] / (f.scale ?? 1)}
                    error={problems[f.key] ?? editor.fieldErrors[f.key]}
                    onChange={(v) =>
                      editor.update({
                        [f.key]: f.scale && Number.isFinite(v) ? Math.round(v * f.scale) : v,
                      } as Partial<SmartSettings>)
                    }
                  />
                ))}
              </fieldset>
            )
          }
        </QueryState>
        <SaveBar
          dirty={dirty}
          save={editor.save}
          readOnly={readOnly}
          invalid={invalid}
          onReset={editor.reset}
        />
      </Panel>
      {/* The preview shows the organisation's calls: signed-in users only. */}
      {!readOnly && <SmartPreview info={info} draft={dirty && !invalid ? draft : null} />}
    </form>
  );
}

function SmartPreview({ info, draft }: { info: CorpusInfo; draft: SmartSettings | null }) {
  const { period, preview, comparing } = useSettingsPreview('smart', info, draft);
  return (
    <Panel
      title="Effect on this month’s KPIs"
      subtitle={`${periodLabel(period)}: the saved settings against ${
        comparing ? 'your changes' : 'the same settings (change a value to compare)'
      }.`}
      testId="smart-preview"
    >
      <QueryState query={preview} label="the preview" isEmpty={() => false}>
        {(p) => (
          <KpiComparison
            caption="This month's KPIs with the saved settings and after saving"
            metrics={PREVIEW_METRICS}
            current={p.current}
            proposed={p.proposed}
          />
        )}
      </QueryState>
    </Panel>
  );
}
