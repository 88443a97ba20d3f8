/**
 * The call list's own filters beside the global ones: status, customer sentiment, churn risk
 * and compliance. Each is one select writing one URL parameter, so a drill-down's filter shows
 * here too and can be changed or cleared in place.
 */
import { useId } from 'react';
import type { CallFilters } from '../../../data/index.ts';

interface SelectSpec {
  field: 'status' | 'sentiment' | 'churnRisk' | 'compliant';
  label: string;
  all: string;
  options: { value: string; label: string }[];
}

const SELECTS: SelectSpec[] = [
  {
    field: 'status',
    label: 'Status',
    all: 'Any status',
    options: ['analysed', 'transcribing', 'queued', 'failed', 'excluded'].map((v) => ({
      value: v,
      label: v[0]!.toUpperCase() + v.slice(1),
    })),
  },
  {
    field: 'sentiment',
    label: 'Customer sentiment',
    all: 'Any sentiment',
    options: [
      { value: 'negative', label: 'Negative (−1 or below)' },
      { value: 'neutral', label: 'Neutral' },
      { value: 'positive', label: 'Positive (+1 or above)' },
    ],
  },
  {
    field: 'churnRisk',
    label: 'Churn risk',
    all: 'Any churn risk',
    options: ['high', 'medium', 'low'].map((v) => ({
      value: v,
      label: v[0]!.toUpperCase() + v.slice(1),
    })),
  },
  {
    field: 'compliant',
    label: 'Compliance',
    all: 'Any',
    options: [
      { value: 'false', label: 'Non-compliant' },
      { value: 'true', label: 'Compliant' },
    ],
  },
];

/** One value of a filter for a select; lists (from a shared link) show as their first value. */
function shown(value: CallFilters[keyof CallFilters]): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.length === 1 ? String(value[0]) : 'several';
  return String(value);
}

export function CallFilterSelects(props: {
  filters: CallFilters;
  onChange: (next: CallFilters) => void;
}) {
  const id = useId();
  return (
    <>
      {SELECTS.map((spec) => {
        const current = shown(props.filters[spec.field]);
        return (
          <div className="an-field" key={spec.field}>
            <label htmlFor={`${id}-${spec.field}`}>{spec.label}</label>
            <select
              id={`${id}-${spec.field}`}
              value={current}
              onChange={(event) => {
                const raw = event.target.value;
                const next: Record<string, unknown> = { ...props.filters };
                if (raw === '') delete next[spec.field];
                else next[spec.field] = spec.field === 'compliant' ? raw === 'true' : raw;
                props.onChange(next as CallFilters);
              }}
            >
              <option value="">{spec.all}</option>
              {current === 'several' && (
                <option value="several" disabled>
                  Several
                </option>
              )}
              {spec.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </>
  );
}
