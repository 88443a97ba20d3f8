/**
 * My Dashboard `/view/my-dashboard`: the user's own selection of the Dashboard's tiles and
 * charts, keyword searches and vendor or agent watch lists, under the same global filters as
 * `/`. Widgets are added, removed, moved and resized with buttons (keyboard and mouse) or
 * dragged by their handle; the layout is saved for this user on this deployment.
 *
 * Layout: a CSS grid of four columns (two on tablets, one on phones) with move/resize buttons,
 * rather than a grid-layout library: the libraries' drag-first free placement (react-grid-layout
 * ≈ 40 KB gzip with its deps) has no keyboard resize, and reflowing an ordered list is what a
 * phone and a screen reader need anyway.
 */
import { useRef, useState } from 'react';
import { useStoredUser, type StoredUser } from '../../auth/index.ts';
import { useQuery, type KpiKey } from '../../data/index.ts';
import '../../ui/analytics.css';
import { FilterBar } from '../../ui/filter-bar.tsx';
import { filteredPeriod, type FilteredPeriod } from '../../ui/filtered-period.ts';
import { timeBucket } from '../../ui/period.ts';
import { FilteredScreen, currencyOf, type CorpusContext } from '../../ui/screen-parts.tsx';
import { SignInGate } from '../../ui/sign-in-gate.tsx';
import { GLOBAL_FILTER_PARAMS } from '../../ui/url-filters.ts';
import { useUrlFilters, type UrlFilters } from '../../ui/use-url-filters.ts';
import { useSavedSearches, type SavedSearchState } from '../../ui/saved-searches.ts';
import { AddWidget } from './my-dashboard/add-widget.tsx';
import { addWidget, type Layout, type WidgetSpec } from './my-dashboard/layout.ts';
import { LayoutNoticeBar } from './my-dashboard/notice.tsx';
import { useSavedLayout } from './my-dashboard/saved-layout.ts';
import { WidgetGrid } from './my-dashboard/widget-grid.tsx';
import type { WidgetData } from './my-dashboard/widgets.tsx';
import { TILES } from './overview.tsx';
import './my-dashboard/my-dashboard.css';

const METRICS: readonly KpiKey[] = TILES.map((t) => t.metric);

export default function MyDashboard() {
  return (
    <SignInGate>
      <SignedInDashboard />
    </SignInGate>
  );
}

function SignedInDashboard() {
  const user = useStoredUser();
  const url = useUrlFilters(GLOBAL_FILTER_PARAMS);
  if (!user) return null;
  return (
    <FilteredScreen problems={url.problems}>
      {(ctx) => (
        // A new user (sign-out, another account) starts from their own saved layout.
        <MyDashboardBody key={user.username ?? user.name} user={user} context={ctx} url={url} />
      )}
    </FilteredScreen>
  );
}

function MyDashboardBody(props: { user: StoredUser; context: CorpusContext; url: UrlFilters }) {
  const { context, url } = props;
  const saved = useSavedLayout(props.user, METRICS);
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState('');
  const idCounter = useRef(0);
  const searches = useSavedSearches();
  const shown = filteredPeriod(url, context);
  const data = useWidgetData(context, shown, saved.layout, searches);

  const change = (next: Layout, said: string) => {
    saved.save(next);
    setMessage(said);
  };
  const add = (spec: WidgetSpec, title: string) => {
    idCounter.current += 1;
    const id = `w-${Date.now().toString(36)}-${idCounter.current}`;
    change(addWidget(saved.layout, spec, id), `Added ${title} at the end.`);
    return id;
  };

  return (
    <>
      <LayoutNoticeBar notice={saved.notice} onDismiss={saved.dismiss} />
      <FilterBar {...shown.bar}>
        <div className="md-actions">
          <button
            type="button"
            className={`an-button${editing ? ' an-button--primary' : ''}`}
            aria-pressed={editing}
            onClick={() => setEditing((e) => !e)}
            data-testid="md-edit"
          >
            {editing ? 'Done' : 'Edit layout'}
          </button>
        </div>
      </FilterBar>
      {editing && (
        <AddWidget
          layout={saved.layout}
          catalog={context.catalog}
          metrics={METRICS}
          searches={searches}
          onAdd={add}
          onReset={() => {
            saved.reset();
            setMessage('Layout reset to the default.');
          }}
        />
      )}
      <p className="sr-only" role="status" aria-live="polite" data-testid="md-announce">
        {message}
      </p>
      <WidgetGrid layout={saved.layout} editing={editing} data={data} onChange={change} />
    </>
  );
}

/** The Dashboard's queries, run only when a widget needs them. */
function useWidgetData(
  context: CorpusContext,
  shown: Pick<FilteredPeriod, 'period' | 'filters'>,
  layout: Layout,
  savedSearches: SavedSearchState,
): WidgetData {
  const { period, filters } = shown;
  const bucket = timeBucket(period);
  const has = (test: (w: Layout['widgets'][number]) => boolean) => layout.widgets.some(test);
  const needKpis = has((w) => w.type === 'kpi');
  const needSeries = needKpis || has((w) => w.type === 'chart' && w.chart === 'volume');
  const needCategories = has((w) => w.type === 'chart' && w.chart === 'categories');
  const needTopics = has((w) => w.type === 'chart' && w.chart === 'topics');
  const skip = () => new Promise<never>(() => {});
  return {
    filters,
    period,
    bucket,
    currency: currencyOf(context.catalog),
    catalog: context.catalog,
    savedSearches,
    kpis: useQuery((s) => (needKpis ? s.kpis({ filters }) : skip()), [filters, needKpis]),
    series: useQuery(
      (s) => (needSeries ? s.timeSeries({ filters, bucket }) : skip()),
      [filters, bucket, needSeries],
    ),
    categories: useQuery(
      (s) => (needCategories ? s.aggregate({ filters, by: 'category', limit: 8 }) : skip()),
      [filters, needCategories],
    ),
    topics: useQuery(
      (s) => (needTopics ? s.aggregate({ filters, by: 'topic', limit: 8 }) : skip()),
      [filters, needTopics],
    ),
  };
}
