/**
 * What to compare: the kind of group, which groups (the first chosen is the baseline), or for
 * periods the day of the change and the days on each side. Native controls with labels; every
 * change goes into the address (history replaced, like the filters).
 */
import { useId } from 'react';
import type { CorpusContext } from '../../../ui/screen-parts.tsx';
import { lastDaysBefore } from '../../../ui/url-filters.ts';
import type { UrlFilters } from '../../../ui/use-url-filters.ts';
import {
  COMPARE_BY,
  COMPARE_BY_LABEL,
  MAX_DAYS,
  type CompareBy,
  type Comparison,
} from './groups.ts';

export function ComparisonControls(props: {
  comparison: Comparison;
  url: UrlFilters;
  context: CorpusContext;
}) {
  const { comparison, url } = props;
  const id = useId();
  const chosen = comparison.groups.map((g) => g.key);
  const setGroups = (keys: string[]) => url.setParams({ groups: keys.join(',') });
  const toggle = (key: string, on: boolean) =>
    setGroups(on ? [...chosen, key] : chosen.filter((k) => k !== key));
  const setBaseline = (key: string) => setGroups([key, ...chosen.filter((k) => k !== key)]);

  return (
    <section className="an-filters cmp-controls" aria-label="What to compare">
      <div className="an-field">
        <label htmlFor={`${id}-by`}>Compare</label>
        <select
          id={`${id}-by`}
          value={comparison.by}
          onChange={(e) => url.setParams({ by: e.target.value as CompareBy, groups: undefined })}
          data-testid="cmp-by"
        >
          {COMPARE_BY.map((by) => (
            <option key={by} value={by}>
              {COMPARE_BY_LABEL[by]}
            </option>
          ))}
        </select>
      </div>
      {comparison.by === 'period' ? (
        <>
          <div className="an-field an-field--date">
            <label htmlFor={`${id}-change`}>Day of the change</label>
            <input
              id={`${id}-change`}
              type="date"
              value={comparison.change}
              min={props.context.info.range.from.slice(0, 10)}
              max={lastDaysBefore(props.context.info.range.to, 1).from}
              onChange={(e) => e.target.value && url.setParams({ change: e.target.value })}
              data-testid="cmp-change"
            />
          </div>
          <div className="an-field">
            <label htmlFor={`${id}-days`}>Days on each side</label>
            <input
              id={`${id}-days`}
              type="number"
              min={1}
              max={MAX_DAYS}
              value={comparison.days}
              onChange={(e) => {
                const n = Number(e.target.value);
                if (Number.isInteger(n) && n >= 1 && n <= MAX_DAYS)
                  url.setParams({ days: String(n) });
              }}
            />
          </div>
          <div className="an-field">
            <label htmlFor={`${id}-vendor`}>Vendor</label>
            <select
              id={`${id}-vendor`}
              value={typeof url.filters.vendorId === 'string' ? url.filters.vendorId : ''}
              onChange={(e) => url.setParams({ vendor: e.target.value || undefined })}
            >
              <option value="">All vendors</option>
              {props.context.catalog.vendors.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </select>
          </div>
        </>
      ) : (
        <>
          <fieldset className="cmp-groups">
            <legend>{COMPARE_BY_LABEL[comparison.by]} to compare</legend>
            <div className="cmp-groups__list">
              {comparison.options.map((o) => {
                const on = chosen.includes(o.key);
                return (
                  <label key={o.key} className="an-check cmp-check">
                    <input
                      type="checkbox"
                      checked={on}
                      // Two groups at least: the last two cannot be unticked.
                      disabled={on && chosen.length <= 2}
                      onChange={(e) => toggle(o.key, e.target.checked)}
                      data-testid="cmp-group"
                      data-key={o.key}
                    />
                    {o.label}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="an-field">
            <label htmlFor={`${id}-baseline`}>Baseline</label>
            <select
              id={`${id}-baseline`}
              value={chosen[0]}
              onChange={(e) => setBaseline(e.target.value)}
            >
              {comparison.groups.map((g) => (
                <option key={g.key} value={g.key}>
                  {g.label}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
    </section>
  );
}
