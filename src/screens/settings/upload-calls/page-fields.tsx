/**
 * Metadata typed on the page, for every call whose metadata file leaves a field out (or when
 * there is no metadata file): one vendor's batch of one day, say. A call's own value wins.
 */
import { useId } from 'react';
import { PAGE_FIELDS, type PageField, type PageFields } from './selection.ts';

const LABELS: Record<PageField, { label: string; help: string }> = {
  startedAt: {
    label: 'Started at',
    help: 'ISO 8601 with a zone, e.g. 2026-03-02T09:14:00Z.',
  },
  direction: { label: 'Direction', help: 'Inbound or outbound.' },
  agent: { label: 'Agent', help: 'Name or id; a new one is created the first time.' },
  vendor: { label: 'Vendor', help: 'The in-house team or outsourcer that took the call.' },
  customer: { label: 'Customer', help: 'Customer id or phone number.' },
  queue: { label: 'Queue', help: 'Optional.' },
  disposition: { label: 'Disposition code', help: 'Optional, e.g. BILL-ADJ.' },
};

export function PageFieldsForm(props: {
  fields: PageFields;
  onChange: (fields: PageFields) => void;
}) {
  const id = useId();
  const set = (field: PageField, value: string) =>
    props.onChange({ ...props.fields, [field]: value });
  return (
    <div className="st-fields" data-testid="upload-fields">
      {PAGE_FIELDS.map((field) => {
        const input = `${id}-${field}`;
        const help = `${input}-help`;
        const value = props.fields[field] ?? '';
        return (
          <div key={field} className="st-field">
            <label htmlFor={input}>{LABELS[field].label}</label>
            {field === 'direction' ? (
              <select
                id={input}
                className="an-input"
                value={value}
                aria-describedby={help}
                onChange={(e) => set(field, e.target.value)}
              >
                <option value="">From the metadata file</option>
                <option value="inbound">Inbound</option>
                <option value="outbound">Outbound</option>
              </select>
            ) : (
              <input
                id={input}
                className="an-input"
                name={field}
                value={value}
                autoComplete="off"
                aria-describedby={help}
                onChange={(e) => set(field, e.target.value)}
              />
            )}
            <p id={help} className="st-field__help">
              {LABELS[field].help}
            </p>
          </div>
        );
      })}
    </div>
  );
}
