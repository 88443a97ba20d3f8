import { Component, type ReactNode } from 'react';
import { DataSourceError } from '../source.ts';
import type { QueryResult } from './use-query.ts';

export interface QueryStateProps<T> {
  query: QueryResult<T>;
  /** What is loading, for the status text: "Loading calls…". */
  label: string;
  /** When the data counts as empty; default: an empty array or a { total: 0 } page. */
  isEmpty?: (data: T) => boolean;
  /** Shown when empty; default "No {label} match these filters." */
  empty?: ReactNode;
  /**
   * Drawn while loading instead of the one-line status: the content's shape (see
   * KpiCardSkeleton), so nothing below moves when the data arrives. Hidden from assistive
   * technology; the status text is still announced.
   */
  placeholder?: ReactNode;
  children: (data: T) => ReactNode;
}

// Minimal layout so the states read well before any theme styles them.
const BOX = { padding: '1rem' } as const;
const ERROR_BOX = { ...BOX, border: '1px solid currentColor', borderRadius: 4 } as const;

function defaultIsEmpty(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  if (data && typeof data === 'object' && 'total' in data)
    return (data as { total: unknown }).total === 0;
  return data === null || data === undefined;
}

/**
 * The one place loading, empty and error states are drawn. Screens render only the ready
 * case in `children`; a failed query (or a render error in children) shows a message and a
 * retry, never a blank screen.
 */
export function QueryState<T>(props: QueryStateProps<T>) {
  const { query, label } = props;
  if (query.status === 'error' && query.error) {
    return <QueryError error={query.error} label={label} retry={query.retry} />;
  }
  if (query.data === undefined && props.placeholder !== undefined) {
    return (
      <div
        className="sa-query-state sa-query-state--placeholder"
        role="status"
        aria-live="polite"
        aria-busy="true"
      >
        <span className="sr-only">Loading {label}…</span>
        <div className="sa-query-state__placeholder" aria-hidden="true">
          {props.placeholder}
        </div>
      </div>
    );
  }
  if (query.data === undefined) {
    return (
      <div
        className="sa-query-state sa-query-state--loading"
        role="status"
        aria-live="polite"
        aria-busy="true"
      >
        <span className="sa-query-state__spinner" aria-hidden="true" />
        Loading {label}…
      </div>
    );
  }
  const data = query.data;
  const empty = (props.isEmpty ?? defaultIsEmpty)(data);
  return (
    <div
      className="sa-query-state sa-query-state--ready"
      aria-busy={query.stale}
      data-stale={query.stale || undefined}
    >
      {empty ? (
        <div className="sa-query-state sa-query-state--empty" role="status" style={BOX}>
          {props.empty ?? `No ${label} match these filters.`}
        </div>
      ) : (
        <RenderGuard label={label} retry={query.retry}>
          <RenderData render={props.children} data={data} />
        </RenderGuard>
      )}
    </div>
  );
}

/** Calls the screen's render function inside the guard, so its errors are caught. */
function RenderData<T>(props: { render: (data: T) => ReactNode; data: T }) {
  return <>{props.render(props.data)}</>;
}

function QueryError(props: { error: DataSourceError; label: string; retry: () => void }) {
  const { error } = props;
  const canRetry = error.code !== 'invalid-query';
  return (
    <div className="sa-query-state sa-query-state--error" role="alert" style={ERROR_BOX}>
      <p>
        <strong>Could not load {props.label}.</strong> {error.message}
      </p>
      {error.details.length > 0 && (
        <ul>
          {error.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      {canRetry && (
        <button type="button" onClick={props.retry}>
          Retry
        </button>
      )}
    </div>
  );
}

/** Catches a render error in the screen's part so the rest of the page stays usable. */
class RenderGuard extends Component<
  { label: string; retry: () => void; children: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      const retry = () => {
        this.setState({ error: null });
        this.props.retry();
      };
      return (
        <QueryError
          error={
            new DataSourceError(
              'internal',
              `Showing the ${this.props.label} failed: ${this.state.error.message}`,
            )
          }
          label={this.props.label}
          retry={retry}
        />
      );
    }
    return this.props.children;
  }
}
