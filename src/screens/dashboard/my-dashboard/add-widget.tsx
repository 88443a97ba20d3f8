/**
 * Adding a widget: a Dashboard tile or chart not yet on the page, one of the user's saved
 * keyword searches (saved, named and checked on Keyword Search), or a watch list of vendors or
 * agents. Also the reset to the default layout.
 */
import { useId, useState, type FormEvent } from 'react';
import { AppLink } from '../../../runtime/index.ts';
import { metricDefinitions, type Catalog, type KpiKey } from '../../../data/index.ts';
import type { SavedSearchState } from '../../../ui/saved-searches.ts';
import { fieldAria } from '../../../ui/form-field.tsx';
import { Panel } from '../../../ui/screen-parts.tsx';
import { CHARTS, MAX_WATCHED, MAX_WIDGETS, type Layout, type WidgetSpec } from './layout.ts';
import { nameOf, widgetTitle } from './widgets.tsx';

type Choice = `kpi:${string}` | `chart:${string}` | 'search' | 'watch:vendor' | 'watch:agent';

export function AddWidget(props: {
  layout: Layout;
  catalog: Catalog;
  metrics: readonly KpiKey[];
  searches: SavedSearchState;
  onAdd: (spec: WidgetSpec, title: string) => string;
  onReset: () => void;
}) {
  const { layout, catalog } = props;
  const id = useId();
  const missingTiles = props.metrics.filter(
    (m) => !layout.widgets.some((w) => w.type === 'kpi' && w.metric === m),
  );
  const missingCharts = CHARTS.filter(
    (c) => !layout.widgets.some((w) => w.type === 'chart' && w.chart === c),
  );
  const [choice, setChoice] = useState<Choice>('search');
  const [searchId, setSearchId] = useState('');
  const savedList = props.searches.list.data ?? [];
  const [keys, setKeys] = useState<string[]>([]);
  const [error, setError] = useState('');
  const full = layout.widgets.length >= MAX_WIDGETS;

  const spec = (): WidgetSpec | string => {
    if (choice.startsWith('kpi:'))
      return { type: 'kpi', metric: choice.slice(4) as KpiKey, w: 1, h: 1 };
    if (choice.startsWith('chart:')) {
      const chart = choice.slice(6) as (typeof CHARTS)[number];
      return { type: 'chart', chart, w: chart === 'volume' ? 4 : 2, h: 2 };
    }
    if (choice === 'search') {
      if (savedList.length === 0) return 'Save a search in Keyword Search first.';
      const search = savedList.find((x) => x.id === searchId) ?? savedList[0]!;
      return { type: 'saved-search', searchId: search.id, name: search.name, w: 2, h: 1 };
    }
    const dimension = choice === 'watch:vendor' ? 'vendor' : 'agent';
    if (keys.length === 0) return `Choose at least one ${dimension}.`;
    if (keys.length > MAX_WATCHED) return `Choose at most ${MAX_WATCHED}.`;
    return { type: 'watch', dimension, keys, w: 2, h: 2 };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const made = spec();
    if (typeof made === 'string') {
      setError(made);
      return;
    }
    setError('');
    props.onAdd(made, widgetTitle({ ...made, id: '' } as never, catalog, savedList));
    setSearchId('');
    setKeys([]);
  };

  const watchList = choice === 'watch:vendor' ? catalog.vendors : catalog.agents;
  return (
    <Panel
      title="Add a widget"
      subtitle={`Widgets go at the end; move them with their buttons or by dragging. ${layout.widgets.length} of ${MAX_WIDGETS} used.`}
      actions={
        <button
          type="button"
          className="an-button an-button--small"
          onClick={props.onReset}
          data-testid="md-reset"
        >
          Reset to default
        </button>
      }
      testId="md-add"
    >
      <form className="md-add" onSubmit={submit} noValidate>
        <div className="an-field">
          <label htmlFor={`${id}-kind`}>Widget</label>
          <select
            id={`${id}-kind`}
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value as Choice);
              setKeys([]);
              setError('');
            }}
            data-testid="md-add-kind"
          >
            <optgroup label="Your own">
              <option value="search">Saved keyword search…</option>
              <option value="watch:vendor">Vendor watch list…</option>
              <option value="watch:agent">Agent watch list…</option>
            </optgroup>
            {missingTiles.length > 0 && (
              <optgroup label="Dashboard tiles">
                {missingTiles.map((m) => (
                  <option key={m} value={`kpi:${m}`}>
                    {metricDefinitions[m].label}
                  </option>
                ))}
              </optgroup>
            )}
            {missingCharts.length > 0 && (
              <optgroup label="Dashboard charts">
                {missingCharts.map((c) => (
                  <option key={c} value={`chart:${c}`}>
                    {widgetTitle({ type: 'chart', chart: c, id: '', w: 1, h: 1 }, catalog)}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
        {choice === 'search' &&
          (savedList.length > 0 ? (
            <div className="an-field an-field--grow">
              <label htmlFor={`${id}-saved`}>Saved search</label>
              <select
                id={`${id}-saved`}
                value={searchId || savedList[0]!.id}
                onChange={(e) => setSearchId(e.target.value)}
                data-testid="md-add-saved-search"
              >
                {savedList.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className="muted md-add__hint" data-testid="md-add-no-saved-search">
              {props.searches.list.status === 'loading'
                ? 'Loading your saved searches…'
                : 'You have no saved search yet. '}
              <AppLink route="keyword-search">Search and save one in Keyword Search</AppLink>, then
              add it here.
            </p>
          ))}
        {choice.startsWith('watch:') && (
          <div className="an-field an-field--grow">
            <label htmlFor={`${id}-keys`}>
              {choice === 'watch:vendor' ? 'Vendors' : 'Agents'} (select one or more)
            </label>
            <select
              id={`${id}-keys`}
              multiple
              size={Math.min(6, watchList.length)}
              value={keys}
              onChange={(e) => setKeys([...e.target.selectedOptions].map((o) => o.value))}
              {...fieldAria(error, error && `${id}-error`)}
              data-testid="md-add-keys"
            >
              {watchList.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {nameOf(choice === 'watch:vendor' ? 'vendor' : 'agent', entry.id, catalog)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="md-add__submit">
          <button
            type="submit"
            className="an-button an-button--primary"
            disabled={full}
            data-testid="md-add-submit"
          >
            Add widget
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="md-error" role="alert">
            {error}
          </p>
        )}
        {full && <p className="muted">The dashboard is full: remove a widget first.</p>}
      </form>
    </Panel>
  );
}
