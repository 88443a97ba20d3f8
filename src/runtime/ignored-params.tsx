/**
 * The notice of ignored address values, drawn once above every screen. The route's declared
 * types are checked here; a screen adds what only it (or its data) can judge through
 * `useIgnoredParams`, and both land in the same list, one entry per parameter.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import './ignored-params.css';
import type { QuerySpec } from '../generated/routes.gen.ts';
import { DeclaredQueryContext } from './declared-query.ts';
import {
  describeIgnored,
  invalidParams,
  mergeIgnored,
  type IgnoredParam,
} from './address-check.ts';

type Report = (reporter: string, items: readonly IgnoredParam[]) => void;

const ReportContext = createContext<Report | null>(null);

/**
 * Reports values of the address the screen did not use (e.g. an id the data does not know), for
 * the one notice above the screen. Values that do not fit the route's declared types are already
 * there: report only what the types cannot tell.
 */
export function useIgnoredParams(items: readonly IgnoredParam[]): void {
  const report = useContext(ReportContext);
  const reporter = useId();
  const key = JSON.stringify(items);
  useEffect(() => {
    if (!report) return;
    report(reporter, JSON.parse(key) as IgnoredParam[]);
    return () => report(reporter, []);
  }, [report, reporter, key]);
}

/**
 * Checks the current address against the route's declared query and shows what was ignored;
 * the screen below reads the declaration (useRouteQuery) from here.
 */
export function AddressCheck(props: { path: string; declared: QuerySpec; children: ReactNode }) {
  const { search } = useLocation();
  const [reports, setReports] = useState<ReadonlyMap<string, readonly IgnoredParam[]>>(new Map());
  const report = useCallback<Report>((reporter, items) => {
    setReports((current) => {
      if (items.length === 0 && !current.has(reporter)) return current;
      const next = new Map(current);
      if (items.length === 0) next.delete(reporter);
      else next.set(reporter, items);
      return next;
    });
  }, []);
  const { path, declared } = props;
  const ignored = useMemo(
    () => mergeIgnored(invalidParams(declared, new URLSearchParams(search)), ...reports.values()),
    [declared, search, reports],
  );
  const route = useMemo(() => ({ path, declared }), [path, declared]);
  return (
    <DeclaredQueryContext.Provider value={route}>
      <ReportContext.Provider value={report}>
        <IgnoredParamsNotice ignored={ignored} />
        {props.children}
      </ReportContext.Provider>
    </DeclaredQueryContext.Provider>
  );
}

function IgnoredParamsNotice({ ignored }: { ignored: readonly IgnoredParam[] }) {
  if (ignored.length === 0) return null;
  return (
    <div role="status" className="an-notice address-notice" data-testid="address-notice">
      <strong>
        {ignored.length === 1
          ? 'A value in the address was ignored.'
          : 'Some values in the address were ignored.'}
      </strong>
      <ul>
        {ignored.map((item) => (
          <li key={describeIgnored(item)} data-param={item.param}>
            {describeIgnored(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}
