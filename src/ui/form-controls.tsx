/**
 * The labelled select and number fields the rule builder and the settings forms are made of
 * (moved here from the rule builder), each a Field: its problem under it, tied to the control.
 */
import { useState } from 'react';
import { Field } from './form-field.tsx';

/** The wrapper the rule builder's forms lay their fields out with. */
const RULE_FIELD = 'an-field rb-field';

export function Select(props: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Field label={props.label} className={RULE_FIELD} error={props.error}>
      {(control) => (
        <select {...control} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
          {props.options.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A number input that keeps what is typed; empty = undefined, not a number = NaN (reported). */
export function NumberField(props: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  error?: string;
  step?: number;
}) {
  const [text, setText] = useState(
    props.value === undefined || Number.isNaN(props.value) ? '' : String(props.value),
  );
  return (
    <Field label={props.label} className={RULE_FIELD} error={props.error}>
      {(control) => (
        <input
          {...control}
          inputMode="decimal"
          value={text}
          step={props.step}
          onChange={(e) => {
            setText(e.target.value);
            const t = e.target.value.trim();
            props.onChange(t === '' ? undefined : Number(t));
          }}
        />
      )}
    </Field>
  );
}
