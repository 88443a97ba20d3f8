/**
 * Recordings `/performance/recordings`: the call list under the URL's filters (where every
 * drill-down lands), and with `?call=ID&at=MS` one call's page opened at that moment.
 */
import { useRouteQuery } from '../../runtime/index.ts';
import '../../ui/analytics.css';
import { callListHref } from '../../ui/links.ts';
import { FilteredScreen } from '../../ui/screen-parts.tsx';
import { readAheadWithInfo } from '../../data/index.ts';
import { CALL_LIST_FILTER_PARAMS, filtersFromParams } from '../../ui/url-filters.ts';
import { useUrlFilters } from '../../ui/use-url-filters.ts';
import { CallList, firstPageRead, sortFromParams } from './recordings/call-list.tsx';
import { CallPage } from './recordings/call-page.tsx';

export default function Recordings() {
  const { call, at } = useRouteQuery('recordings');
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

/**
 * With an API, the list's first page is read as the screen's chunk arrives (runtime: a route
 * change calls this before the screen renders), not after the filter lists have come back.
 */
Recordings.readAhead = (search: URLSearchParams) => {
  if (search.get('call')) return;
  const { filters } = filtersFromParams(search, CALL_LIST_FILTER_PARAMS);
  const sort = sortFromParams(search);
  readAheadWithInfo((info) => [{ method: 'calls', args: [firstPageRead(filters, sort, info)] }]);
};
