/** One select per call field: which column of the file fills it. */
import { useId } from 'react';
import { Field } from '../../../ui/form-field.tsx';
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
          <Field
            key={field}
            id={`${id}-${field}`}
            label={`${FIELD_LABELS[field]}${field === 'callId' ? ' (required)' : ''}`}
            className="st-field"
            field={field}
            error={error}
            alert
          >
            {(control) => (
              <select
                {...control}
                className="an-input"
                value={props.mapping[field] ?? ''}
                onChange={(e) => props.onChange({ ...props.mapping, [field]: e.target.value })}
              >
                <option value="">{field === 'callId' ? 'Choose a column' : 'Not imported'}</option>
                {props.header.map((h, k) => (
                  <option key={`${k}:${h}`} value={h}>
                    {h || `(column ${k + 1} has no name)`}
                  </option>
                ))}
              </select>
            )}
          </Field>
        );
      })}
    </fieldset>
  );
}
