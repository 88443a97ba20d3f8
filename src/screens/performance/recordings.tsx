/**
 * Recordings `/performance/recordings`: the call list under the URL's filters (where every
 * drill-down lands), and with `?call=ID&at=MS` one call's page opened at that moment.
 */
import { useRouteQuery } from '../../runtime/index.ts';
import '../../ui/analytics.css';
import { callListHref } from '../../ui/links.ts';
import { FilteredScreen } from '../../ui/screen-parts.tsx';
import { CALL_LIST_FILTER_PARAMS } from '../../ui/url-filters.ts';
import { useUrlFilters } from '../../ui/use-url-filters.ts';
import { CallList } from './recordings/call-list.tsx';
import { CallPage } from './recordings/call-page.tsx';

export default function Recordings() {
  const { call, at } = useRouteQuery('/performance/recordings');
  const url = useUrlFilters(CALL_LIST_FILTER_PARAMS);
  if (call) {
    return <CallPage callId={call} at={at} backHref={callListHref(url.filters)} />;
  }
  return (
    <FilteredScreen problems={url.problems}>
      {(ctx) => <CallList context={ctx} url={url} />}
    </FilteredScreen>
  );
}
