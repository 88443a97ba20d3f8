/**
 * Small building blocks every analytics screen shares: the panel (a card with an h2), the notice
 * of ignored URL parameters, and the corpus context (info + catalog) most screens start from.
 */
import { useId, type ReactNode } from 'react';
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

/** What the filter bar and the period need: the data's range and the lists to filter by. */
export function useCorpusContext(): QueryResult<CorpusContext> {
  return useQuery(async (source) => {
    const [info, catalog] = await Promise.all([source.info(), source.catalog()]);
    return { info, catalog };
  }, []);
}

/** The currency of the vendors' rate cards (the demo corpus has one). */
export function currencyOf(catalog: Catalog): string {
  return catalog.vendors[0]?.rateCard.currency ?? 'USD';
}
