/** The sampling rules of cost control: one row per queue or vendor with its analysed share. */
import { useId } from 'react';
import type { Catalog, CostControlSettings } from '../../../data/index.ts';
import { Field } from '../../../ui/form-field.tsx';

type Rule = CostControlSettings['sampling'][number];

export function SamplingRules(props: {
  rules: readonly Rule[];
  catalog: Catalog;
  errorAt: (path: string) => string | undefined;
  onChange: (rules: Rule[]) => void;
}) {
  const { rules, catalog } = props;
  const set = (k: number, patch: Partial<Rule>) =>
    props.onChange(rules.map((r, j) => (j === k ? { ...r, ...patch } : r)));
  const add = () => {
    const used = new Set(rules.filter((r) => r.scope === 'queue').map((r) => r.value));
    const queue = catalog.queues.find((q) => !used.has(q)) ?? catalog.queues[0] ?? '';
    props.onChange([...rules, { scope: 'queue', value: queue, rate: 0.5 }]);
  };
  return (
    <div className="st-form">
      {rules.length === 0 ? (
        <p className="muted">Every call is analysed (no sampling rule).</p>
      ) : (
        <ol className="st-rows" aria-label="Sampling rules">
          {rules.map((rule, k) => (
            <SamplingRow
              key={k}
              index={k}
              rule={rule}
              catalog={catalog}
              valueError={props.errorAt(`sampling[${k}].value`)}
              rateError={props.errorAt(`sampling[${k}].rate`)}
              onChange={(patch) => set(k, patch)}
              onRemove={() => props.onChange(rules.filter((_, j) => j !== k))}
            />
          ))}
        </ol>
      )}
      <p>
        <button type="button" className="an-button" onClick={add}>
          Add a sampling rule
        </button>
      </p>
    </div>
  );
}

function SamplingRow(props: {
  index: number;
  rule: Rule;
  catalog: Catalog;
  valueError?: string;
  rateError?: string;
  onChange: (patch: Partial<Rule>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const { rule, catalog } = props;
  const options =
    rule.scope === 'queue'
      ? catalog.queues.map((q) => ({ value: q, label: q }))
      : catalog.vendors.map((v) => ({ value: v.id, label: v.name }));
  const n = props.index + 1;
  return (
    <li className="st-row" data-testid="sampling-rule">
      <div className="st-field">
        <label htmlFor={`${id}-scope`}>Rule {n}: applies to</label>
        <select
          id={`${id}-scope`}
          className="an-input"
          value={rule.scope}
          onChange={(e) => {
            const scope = e.target.value as Rule['scope'];
            const first = scope === 'queue' ? catalog.queues[0] : catalog.vendors[0]?.id;
            props.onChange({ scope, value: first ?? '' });
          }}
        >
          <option value="queue">Queue</option>
          <option value="vendor">Vendor</option>
        </select>
      </div>
      <Field
        id={`${id}-value`}
        label={rule.scope === 'queue' ? 'Queue' : 'Vendor'}
        className="st-field"
        error={props.valueError}
        alert
      >
        {(control) => (
          <select
            {...control}
            className="an-input"
            value={rule.value}
            onChange={(e) => props.onChange({ value: e.target.value })}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={`${id}-rate`}
        label="Share analysed"
        className="st-field"
        error={props.rateError}
        alert
      >
        {(control) => (
          <div className="st-field__input">
            <input
              {...control}
              className="an-input"
              type="number"
              min={0}
              max={100}
              step={5}
              value={Number.isFinite(rule.rate) ? Math.round(rule.rate * 1000) / 10 : ''}
              onChange={(e) =>
                props.onChange({
                  rate: e.target.value === '' ? NaN : Number(e.target.value) / 100,
                })
              }
            />
            <span className="st-field__unit">%</span>
          </div>
        )}
      </Field>
      <button type="button" className="an-button an-button--quiet" onClick={props.onRemove}>
        Remove rule {n}
      </button>
    </li>
  );
}
