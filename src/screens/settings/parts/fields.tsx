/** Form fields of the settings screens: label, what it changes, the message at the field. */
import type { ReactNode } from 'react';
import { Field } from '../../../ui/form-field.tsx';

export interface NumberFieldProps {
  label: string;
  /** What the value changes, in one sentence (always visible under the input). */
  help: ReactNode;
  value: number;
  onChange: (value: number) => void;
  /** A problem with this value, shown at the field. */
  error?: string;
  unit?: string;
  min?: number;
  max?: number;
  step?: number;
  readOnly?: boolean;
  name: string;
}

export function NumberField(props: NumberFieldProps) {
  return (
    <Field
      label={props.label}
      className="st-field"
      field={props.name}
      error={props.error}
      alert
      help={props.help}
      helpClassName="st-field__help"
    >
      {(control) => (
        <div className="st-field__input">
          <input
            {...control}
            name={props.name}
            className="an-input"
            type="number"
            inputMode="decimal"
            value={Number.isFinite(props.value) ? props.value : ''}
            min={props.min}
            max={props.max}
            step={props.step ?? 1}
            readOnly={props.readOnly}
            onChange={(e) => props.onChange(e.target.value === '' ? NaN : Number(e.target.value))}
          />
          {props.unit && <span className="st-field__unit">{props.unit}</span>}
        </div>
      )}
    </Field>
  );
}

/** Checks done in the page before saving (the source checks again): range and whole numbers. */
export function rangeProblem(
  value: number,
  min: number,
  max: number,
  whole = true,
): string | undefined {
  if (!Number.isFinite(value)) return 'Enter a number';
  if (whole && !Number.isInteger(value)) return 'Enter a whole number';
  if (value < min || value > max) return `Enter a value from ${min} to ${max}`;
  return undefined;
}
