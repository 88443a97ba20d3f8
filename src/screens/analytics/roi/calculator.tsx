/**
 * The calculator itself: the inputs (kept in the address), the result tiles, how each figure was
 * computed, and the sensitivity table. It knows nothing about sign-in: the caller passes the
 * defaults (from the data or the examples) and the sentences explaining data-derived ones.
 */
import { useId, useState, type ReactNode } from 'react';
import {
  SENSITIVITY_FACTORS,
  ROI_DEFINITION,
  roiSensitivity,
  scenarioRoi,
  type RoiScenario,
  type RoiScenarioField,
} from '../../../metrics/index.ts';
import { useNavigateTo, useRouteQuery, type RouteQuery } from '../../../runtime/index.ts';
import { fieldAria } from '../../../ui/form-field.tsx';
import { HrefLink } from '../../../ui/href-link.tsx';
import { InfoTip } from '../../../ui/info-tip.tsx';
import { IgnoredParams, Panel } from '../../../ui/screen-parts.tsx';
import { ShareLink } from './share-link.tsx';
import {
  ROI_FIELDS,
  fieldOf,
  parseFieldValue,
  scenarioFromAddress,
  type RoiField,
} from './fields.ts';
import { formatFieldValue, formatMonths, formatRoi, moneyOf } from './format.ts';

type RoiQuery = RouteQuery<'roi'>;

const SENSITIVITY_FIELDS: readonly RoiScenarioField[] = [
  'ahtReductionSeconds',
  'avoidedRepeatCallsPerYear',
  'automatedEvaluationsPerYear',
  'penaltyPerNonCompliantCall',
  'labourCostPerHour',
  'licencePerAgentPerYear',
];

export interface RoiCalculatorProps {
  defaults: RoiScenario;
  /** How a data-derived default was computed, per field. */
  how: Partial<Record<RoiScenarioField, string>>;
  /** The calls behind a data-derived figure (a call-list address). */
  drill?: Partial<Record<RoiScenarioField, string>>;
  currency: string;
  /** Says where the volumes come from (the data, or examples to replace). */
  volumesNote: ReactNode;
}

export function RoiCalculator(props: RoiCalculatorProps) {
  const query = useRouteQuery('roi');
  const navigateTo = useNavigateTo();
  const { scenario, fromAddress, problems } = scenarioFromAddress(query, props.defaults);
  // What the visitor is typing, per field, until the field loses focus (so "0." stays "0.").
  const [drafts, setDrafts] = useState<Partial<Record<string, string>>>({});

  const setParam = (field: RoiField, value: string | undefined) => {
    const next: RoiQuery = { ...query, [field.param]: value };
    if (value === undefined) delete next[field.param];
    navigateTo('roi', next, { replace: true });
  };
  const reset = () => {
    setDrafts({});
    navigateTo('roi', {}, { replace: true });
  };
  const money = moneyOf(props.currency);
  const result = scenarioRoi(scenario);

  const fieldProps = (field: RoiField) => ({
    field,
    text: drafts[field.param] ?? String(scenario[field.key]),
    changed: fromAddress.has(field.key),
    how: props.how[field.key],
    drill: props.drill?.[field.key],
    onText: (text: string) => {
      setDrafts((d) => ({ ...d, [field.param]: text }));
      const value = parseFieldValue(field, text);
      if (typeof value === 'number') setParam(field, String(value));
    },
    onDone: () =>
      setDrafts((d) => {
        const rest = { ...d };
        delete rest[field.param];
        return rest;
      }),
  });

  return (
    <>
      <IgnoredParams problems={problems} />
      <RoiResults result={result} money={money} />
      <div className="roi-layout">
        <Panel
          title="Your assumptions"
          subtitle="Every change goes into the address: share the link and the other person sees this scenario."
          actions={
            <button type="button" className="an-button an-button--small" onClick={reset}>
              Reset to defaults
            </button>
          }
          testId="roi-inputs"
        >
          <fieldset className="roi-fieldset">
            <legend>Prices</legend>
            {ROI_FIELDS.filter((f) => f.group === 'prices').map((f) => (
              <RoiInput key={f.key} {...fieldProps(f)} currency={props.currency} />
            ))}
          </fieldset>
          <fieldset className="roi-fieldset">
            <legend>Volumes</legend>
            <p className="roi-note" data-testid="roi-volumes-note">
              {props.volumesNote}
            </p>
            {ROI_FIELDS.filter((f) => f.group === 'volumes').map((f) => (
              <RoiInput key={f.key} {...fieldProps(f)} currency={props.currency} />
            ))}
          </fieldset>
          <ShareLink />
        </Panel>
        <div className="roi-side">
          <HowComputed scenario={scenario} result={result} money={money} />
          <Sensitivity scenario={scenario} currency={props.currency} />
        </div>
      </div>
    </>
  );
}

function RoiInput(props: {
  field: RoiField;
  text: string;
  changed: boolean;
  how: string | undefined;
  drill: string | undefined;
  currency: string;
  onText: (text: string) => void;
  onDone: () => void;
}) {
  const { field } = props;
  const id = useId();
  const error = parseFieldValue(field, props.text);
  const invalid = typeof error === 'string';
  const unit =
    field.unit === 'money'
      ? props.currency
      : field.unit === 'hours'
        ? 'hours'
        : field.unit === 'seconds'
          ? 'seconds'
          : '';
  return (
    <div className="roi-input" data-field={field.param}>
      <label htmlFor={id}>
        {field.label}
        {unit && <span className="muted"> ({unit})</span>}
      </label>
      <input
        id={id}
        className="an-input"
        inputMode="decimal"
        autoComplete="off"
        value={props.text}
        {...fieldAria(invalid, `${id}-help`, invalid && `${id}-error`)}
        onChange={(e) => props.onText(e.target.value)}
        onBlur={props.onDone}
        data-testid={`roi-input-${field.param}`}
      />
      {invalid && (
        <p id={`${id}-error`} className="roi-error" role="alert">
          {`“${props.text}” ${error}: the last valid value is used.`}
        </p>
      )}
      <p id={`${id}-help`} className="roi-help">
        {props.changed ? (
          <span className="roi-tag">your figure</span>
        ) : props.how ? (
          <span className="roi-tag roi-tag--data">from your data</span>
        ) : null}{' '}
        {props.how && !props.changed ? props.how : field.help}
        {props.drill && !props.changed && (
          <>
            {' '}
            <HrefLink href={props.drill}>List the calls</HrefLink>
          </>
        )}
      </p>
    </div>
  );
}

function RoiResults(props: {
  result: ReturnType<typeof scenarioRoi>;
  money: (v: number) => string;
}) {
  const { result, money } = props;
  const tiles = [
    {
      id: 'roi',
      label: 'Return on investment',
      value: formatRoi(result.roi),
      raw: result.roi,
      note: 'per year, after paying the yearly cost',
    },
    {
      id: 'gains',
      label: 'Yearly gains',
      value: money(result.gains.total),
      raw: result.gains.total,
      note: 'handle time, repeats, QA and penalties',
    },
    {
      id: 'cost',
      label: 'Yearly cost',
      value: money(result.inputs.yearlyCost),
      raw: result.inputs.yearlyCost,
      note: 'licences and analysis',
    },
    {
      id: 'payback',
      label: 'Payback',
      value: formatMonths(result.paybackMonths),
      raw: result.paybackMonths,
      note: 'until the gains have paid a year’s cost',
    },
  ];
  return (
    <section className="an-kpis" aria-label="Results" data-testid="roi-results">
      {tiles.map((t) => (
        <article key={t.id} className="an-kpi roi-result" aria-labelledby={`roi-${t.id}-label`}>
          <div className="an-kpi__head">
            <h2 id={`roi-${t.id}-label`} className="an-kpi__title">
              {t.label}
            </h2>
            {t.id === 'roi' && <InfoTip label="How ROI is defined">{ROI_DEFINITION}</InfoTip>}
          </div>
          <p className="an-kpi__value" data-testid={`roi-${t.id}`} data-value={t.raw ?? ''}>
            {t.value}
          </p>
          <p className="an-kpi__note">{t.note}</p>
        </article>
      ))}
    </section>
  );
}

function HowComputed(props: {
  scenario: RoiScenario;
  result: ReturnType<typeof scenarioRoi>;
  money: (v: number) => string;
}) {
  const { scenario: s, result: r, money } = props;
  const n = (key: RoiScenarioField) => formatFieldValue(fieldOf(key), s[key], money);
  const hours = (h: number) => `${h.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`;
  const rows: { label: string; how: string; value: string; id: string }[] = [
    {
      id: 'handle',
      label: 'Handle time saved',
      how: `${n('ahtReductionSeconds')} × ${n('handledCallsPerYear')} calls ÷ 3,600 = ${hours(r.inputs.handleHoursSaved)} × ${n('labourCostPerHour')}`,
      value: money(r.gains.handleTime),
    },
    {
      id: 'repeats',
      label: 'Repeat calls avoided',
      how: `${n('avoidedRepeatCallsPerYear')} calls × ${n('costPerCall')}`,
      value: money(r.gains.repeatCalls),
    },
    {
      id: 'qa',
      label: 'QA hours saved',
      how: `${n('automatedEvaluationsPerYear')} evaluations × ${n('qaHoursPerEvaluation')} = ${hours(r.inputs.qaHoursSaved)} × ${n('labourCostPerHour')}`,
      value: money(r.gains.qa),
    },
    {
      id: 'penalties',
      label: 'Penalties avoided',
      how: `${n('avoidedNonCompliantCallsPerYear')} calls × ${n('penaltyPerNonCompliantCall')}`,
      value: money(r.gains.penalties),
    },
    {
      id: 'gains',
      label: 'Yearly gains',
      how: 'the four lines above',
      value: money(r.gains.total),
    },
    {
      id: 'cost',
      label: 'Yearly cost',
      how: `${n('agents')} agents × ${n('licencePerAgentPerYear')} + ${n('analysisCostPerYear')} analysis`,
      value: money(r.inputs.yearlyCost),
    },
    {
      id: 'roi',
      label: 'ROI',
      how:
        r.roi === null
          ? 'no cost to divide by'
          : `(${money(r.gains.total)} − ${money(r.inputs.yearlyCost)}) ÷ ${money(r.inputs.yearlyCost)}`,
      value: formatRoi(r.roi),
    },
    {
      id: 'payback',
      label: 'Payback',
      how:
        r.paybackMonths === null
          ? 'no gains to pay the cost back'
          : `${money(r.inputs.yearlyCost)} ÷ ${money(r.gains.total)} × 12 months`,
      value: formatMonths(r.paybackMonths),
    },
  ];
  return (
    <Panel title="How the figures are computed" subtitle={ROI_DEFINITION} testId="roi-how">
      <div className="an-table-scroll" tabIndex={0} aria-label="How the figures are computed">
        <table className="an-table roi-how">
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col">Computation</th>
              <th scope="col" className="an-num">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-row={row.id}>
                <th scope="row" className="an-rowhead">
                  {row.label}
                </th>
                <td className="roi-how__formula">{row.how}</td>
                <td className="an-num" data-testid={`roi-how-${row.id}`}>
                  {row.value}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

function Sensitivity(props: { scenario: RoiScenario; currency: string }) {
  const rows = roiSensitivity(props.scenario, SENSITIVITY_FIELDS);
  const base = SENSITIVITY_FACTORS.indexOf(1);
  return (
    <Panel
      title="Sensitivity"
      subtitle="ROI when one assumption is lower or higher and the others stay as they are: the rows that move most are the ones to check."
      testId="roi-sensitivity"
    >
      <div className="an-table-scroll" tabIndex={0} aria-label="Sensitivity of ROI">
        <table className="an-table">
          <caption className="sr-only">
            ROI with each assumption scaled from 50% to 150% of its value
          </caption>
          <thead>
            <tr>
              <th scope="col">Assumption</th>
              {SENSITIVITY_FACTORS.map((f) => (
                <th key={f} scope="col" className="an-num">
                  {f === 1
                    ? 'As entered'
                    : `${f > 1 ? '+' : '−'}${Math.round(Math.abs(f - 1) * 100)}%`}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field}>
                <th scope="row" className="an-rowhead">
                  {fieldOf(row.field).label}
                </th>
                {row.roi.map((roi, k) => (
                  <td
                    key={k}
                    className={`an-num${k === base ? ' roi-base' : ''}`}
                    data-tone={roi === null ? undefined : roi >= 0 ? 'good' : 'bad'}
                  >
                    {formatRoi(roi)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
