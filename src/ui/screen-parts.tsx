/**
 * Small building blocks every analytics screen shares: the panel (a card with an h2), the notice
 * of ignored URL parameters, and the corpus context (info + catalog) most screens start from.
 */
import { useCallback, useId, useMemo, type ReactNode } from 'react';
import { useIgnoredParams, type IgnoredParam } from '../runtime/index.ts';
import {
  QueryState,
  useQuery,
  type Catalog,
  type CorpusInfo,
  type QueryResult,
} from '../data/index.ts';

export function Panel(props: {
  title: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Controls on the right of the title (links, toggles). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <section
      className={`an-panel ${props.className ?? ''}`}
      aria-labelledby={id}
      data-testid={props.testId}
    >
      <header className="an-panel__head">
        <div>
          <h2 id={id} className="an-panel__title">
            {props.title}
          </h2>
          {props.subtitle && <p className="an-panel__subtitle">{props.subtitle}</p>}
        </div>
        {props.actions && <div className="an-panel__actions">{props.actions}</div>}
      </header>
      {props.children}
    </section>
  );
}

/**
 * Parameters of the URL that were left out for a reason only the screen or its data can judge:
 * reported into the one notice the shell draws above every screen (values that do not fit the
 * route's declared types are already there). Renders nothing itself.
 */
export function IgnoredParams({ problems }: { problems: readonly IgnoredParam[] }) {
  useIgnoredParams(problems);
  return null;
}

export interface CorpusContext {
  info: CorpusInfo;
  catalog: Catalog;
}

/**
 * The frame of an analytics screen kept under URL filters: the notice of ignored parameters,
 * then the body once the data's range and filter lists have loaded (through QueryState).
 */
export function FilteredScreen(props: {
  problems: readonly IgnoredParam[];
  children: (context: CorpusContext) => ReactNode;
  /** The screen's shape while the filters' lists load (see QueryState's placeholder). */
  placeholder?: ReactNode;
}) {
  const context = useCorpusContext();
  return (
    <div className="an-screen">
      <IgnoredParams problems={props.problems} />
      <QueryState
        query={context}
        label="filters"
        isEmpty={() => false}
        placeholder={props.placeholder}
      >
        {props.children}
      </QueryState>
    </div>
  );
}

/**
 * What the filter bar and the period need: the data's range and the lists to filter by. Two
 * queries of one read each, so answers read ahead that are already here render in the first
 * render (data/read-cache.ts). As one query of both, a screen drew its placeholder first even when
 * both had arrived, and its body one React render and commit later (about 100-180 ms at 1x on
 * `/` with an API, issue 18).
 */
export function useCorpusContext(): QueryResult<CorpusContext> {
  const info = useQuery((source) => source.info(), []);
  const catalog = useQuery((source) => source.catalog(), []);
  const data = useMemo(
    () => (info.data && catalog.data ? { info: info.data, catalog: catalog.data } : undefined),
    [info.data, catalog.data],
  );
  const failed = [info, catalog].find((query) => query.status === 'error');
  const status = failed ? 'error' : info.status === catalog.status ? info.status : 'loading';
  const { status: infoStatus, retry: retryInfo } = info;
  const { status: catalogStatus, retry: retryCatalog } = catalog;
  const retry = useCallback(() => {
    if (infoStatus === 'error') retryInfo();
    if (catalogStatus === 'error') retryCatalog();
  }, [infoStatus, catalogStatus, retryInfo, retryCatalog]);
  return {
    status,
    data,
    error: failed?.error ?? null,
    stale: status === 'loading' && data !== undefined,
    retry,
  };
}

/** The currency of the vendors' rate cards (the demo corpus has one). */
export function currencyOf(catalog: Catalog): string {
  return catalog.vendors[0]?.rateCard.currency ?? 'USD';
}
