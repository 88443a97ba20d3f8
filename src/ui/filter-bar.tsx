/**
 * The global filters: period (presets or custom days), vendor, team, queue and brand. Native
 * controls with visible labels, so they work with every keyboard, screen reader and phone.
 * Every change goes straight into the URL (see use-url-filters.ts).
 */
import { useId, useState, type ReactNode } from 'react';
import { CALL_COLUMNS, type CallFilters, type Catalog, type CorpusInfo } from '../data/index.ts';
import { PERIOD_PRESETS, presetOf, type Period } from './period.ts';
import { inclusiveDays, lastDaysBefore } from './url-filters.ts';

export type GlobalFilterField = 'vendor' | 'team' | 'queue' | 'brand';

export interface FilterBarProps {
  filters: CallFilters;
  /** The period shown; undefined = all data (only with allowAllTime). */
  period: Period | undefined;
  /** Offer "All data" (the call list, where no period means every call). */
  allowAllTime?: boolean;
  catalog: Catalog;
  info: Pick<CorpusInfo, 'range'>;
  onChange: (next: CallFilters) => void;
  /** Which filters to offer besides the period (default all). */
  fields?: readonly GlobalFilterField[];
  /** Extra controls at the end of the bar. */
  children?: ReactNode;
}

/** The fields are call columns: labelled and filtered as the columns declare. */
const FIELD_TEXT: Record<GlobalFilterField, { label: string; all: string }> = {
  vendor: { label: CALL_COLUMNS.vendor.label, all: 'All vendors' },
  team: { label: CALL_COLUMNS.team.label, all: 'All teams' },
  queue: { label: CALL_COLUMNS.queue.label, all: 'All queues' },
  brand: { label: CALL_COLUMNS.brand.label, all: 'All brands' },
};

const DAY_MS = 86_400_000;
const one = (value: CallFilters[keyof CallFilters]): string =>
  Array.isArray(value) ? String(value[0] ?? '') : value === undefined ? '' : String(value);

export function FilterBar(props: FilterBarProps) {
  const { filters, period, catalog, info, onChange } = props;
  const fields = props.fields ?? ['vendor', 'team', 'queue', 'brand'];
  const id = useId();
  const whole = { from: info.range.from.slice(0, 10), to: lastDaysBefore(info.range.to, 1).to };
  const shown = period ?? whole;
  // "Custom…" chosen on a period that equals a preset keeps the date fields open: without this
  // the choice snapped back to the preset it matched.
  const [customChosen, setCustomChosen] = useState(false);
  const matched: number | 'all' | null = period ? presetOf(period, info) : 'all';
  const preset = customChosen ? null : matched;
  const days = inclusiveDays(shown);
  const bounds = inclusiveDays(whole);

  const set = (patch: Partial<CallFilters>) => {
    const next: Record<string, unknown> = { ...filters, ...patch };
    for (const [k, v] of Object.entries(next)) if (v === '' || v === undefined) delete next[k];
    onChange(next as CallFilters);
  };
  const setPreset = (value: string) => {
    setCustomChosen(value === 'custom');
    if (value === 'custom') {
      // Start a custom period from what is shown, so switching does not jump.
      set({ from: shown.from, to: shown.to });
      return;
    }
    if (value === 'all') {
      set({ from: undefined, to: undefined });
      return;
    }
    const range = lastDaysBefore(info.range.to, Number(value));
    set({ from: range.from, to: range.to });
  };
  const setDay = (side: 'from' | 'to', value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    const ms = Date.parse(`${value}T00:00:00.000Z`);
    const from = side === 'from' ? value : days.from;
    // The inclusive last day becomes the exclusive next day of the filter.
    const to = side === 'to' ? new Date(ms + DAY_MS).toISOString().slice(0, 10) : shown.to;
    if (
      Date.parse(`${from}T00:00:00.000Z`) >=
      Date.parse(to.length === 10 ? `${to}T00:00:00.000Z` : to)
    )
      return;
    set({ from, to });
  };

  const options: Record<
    GlobalFilterField,
    { label: string; all: string; items: { value: string; label: string }[] }
  > = {
    vendor: {
      ...FIELD_TEXT.vendor,
      items: catalog.vendors.map((v) => ({ value: v.id, label: v.name })),
    },
    team: { ...FIELD_TEXT.team, items: catalog.teams.map((t) => ({ value: t, label: t })) },
    queue: { ...FIELD_TEXT.queue, items: catalog.queues.map((q) => ({ value: q, label: q })) },
    brand: { ...FIELD_TEXT.brand, items: catalog.brands.map((b) => ({ value: b, label: b })) },
  };
  const active =
    fields.some((f) => filters[CALL_COLUMNS[f].filter] !== undefined) || filters.from || filters.to;

  return (
    <form className="an-filters" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <div className="an-field">
        <label htmlFor={`${id}-period`}>Period</label>
        <select
          id={`${id}-period`}
          value={preset === null ? 'custom' : String(preset)}
          onChange={(event) => setPreset(event.target.value)}
        >
          {PERIOD_PRESETS.map((d) => (
            <option key={d} value={d}>
              Last {d} days
            </option>
          ))}
          {props.allowAllTime && <option value="all">All data</option>}
          <option value="custom">Custom…</option>
        </select>
      </div>
      {preset === null && (
        <>
          <div className="an-field an-field--date">
            <label htmlFor={`${id}-from`}>From</label>
            <input
              id={`${id}-from`}
              type="date"
              value={days.from}
              min={bounds.from}
              max={days.to}
              onChange={(event) => setDay('from', event.target.value)}
            />
          </div>
          <div className="an-field an-field--date">
            <label htmlFor={`${id}-to`}>To</label>
            <input
              id={`${id}-to`}
              type="date"
              value={days.to}
              min={days.from}
              max={bounds.to}
              onChange={(event) => setDay('to', event.target.value)}
            />
          </div>
        </>
      )}
      {fields.map((field) => {
        const o = options[field];
        const current = one(filters[CALL_COLUMNS[field].filter]);
        const known = o.items.some((i) => i.value === current);
        return (
          <div className="an-field" key={field}>
            <label htmlFor={`${id}-${field}`}>{o.label}</label>
            <select
              id={`${id}-${field}`}
              value={current}
              onChange={(event) =>
                set({ [CALL_COLUMNS[field].filter]: event.target.value || undefined })
              }
            >
              <option value="">{o.all}</option>
              {current && !known && <option value={current}>{current} (unknown)</option>}
              {o.items.map((i) => (
                <option key={i.value} value={i.value}>
                  {i.label}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      {props.children}
      {active && (
        <button
          type="button"
          className="an-button an-button--quiet"
          onClick={() => {
            const kept: Record<string, unknown> = { ...filters };
            delete kept.from;
            delete kept.to;
            for (const f of fields) delete kept[CALL_COLUMNS[f].filter];
            onChange(kept as CallFilters);
          }}
        >
          Reset
        </button>
      )}
    </form>
  );
}

/**
 * The filter bar's shape while the data's range and lists load: the same fields, disabled and
 * hidden from assistive technology, so the screen below does not move when the bar arrives.
 */
export function FilterBarSkeleton(props: { fields?: readonly GlobalFilterField[] }) {
  const fields = props.fields ?? ['vendor', 'team', 'queue', 'brand'];
  return (
    <div className="an-filters" aria-hidden="true" data-skeleton="">
      {[{ label: 'Period', all: 'Last 30 days' }, ...fields.map((f) => FIELD_TEXT[f])].map(
        (field) => (
          <div className="an-field" key={field.label}>
            <span className="an-field__label">{field.label}</span>
            <select disabled tabIndex={-1}>
              <option>{field.all}</option>
            </select>
          </div>
        ),
      )}
    </div>
  );
}
