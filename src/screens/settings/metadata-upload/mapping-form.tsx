/** One select per call field: which column of the file fills it. */
import { useId } from 'react';
import { FIELD_LABELS, MAPPABLE_FIELDS, type MappableField, type Mapping } from './mapping.ts';

export function MappingForm(props: {
  header: readonly string[];
  mapping: Mapping;
  problems: Partial<Record<MappableField, string>>;
  onChange: (mapping: Mapping) => void;
}) {
  const id = useId();
  return (
    <fieldset className="st-fields st-fieldset" data-testid="column-mapping">
      <legend className="sr-only">Column mapping</legend>
      {MAPPABLE_FIELDS.map((field) => {
        const error = props.problems[field];
        return (
          <div key={field} className="st-field" data-field={field}>
            <label htmlFor={`${id}-${field}`}>
              {FIELD_LABELS[field]}
              {field === 'callId' ? ' (required)' : ''}
            </label>
            <select
              id={`${id}-${field}`}
              className="an-input"
              value={props.mapping[field] ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${field}-error` : undefined}
              onChange={(e) => props.onChange({ ...props.mapping, [field]: e.target.value })}
            >
              <option value="">{field === 'callId' ? 'Choose a column' : 'Not imported'}</option>
              {props.header.map((h, k) => (
                <option key={`${k}:${h}`} value={h}>
                  {h || `(column ${k + 1} has no name)`}
                </option>
              ))}
            </select>
            {error && (
              <p id={`${id}-${field}-error`} className="an-error" role="alert">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
