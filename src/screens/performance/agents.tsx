/**
 * Agent performance `/performance/agents`: the leaderboard with quartile bands (optionally one
 * vendor's agents, `?vendor=`), and with `?compliant=false` the list of non-compliant calls
 * with the rule failed, its severity and the evidence, one click from the moment in the call.
 */
import { HrefLink as Link } from '../../ui/href-link.tsx';
import { useRouteQuery } from '../../runtime/index.ts';
import { asList, readAheadWithInfo, type CallFilters } from '../../data/index.ts';
import '../../ui/analytics.css';
import { filteredPeriod, filtersOverPeriod } from '../../ui/filtered-period.ts';
import { FilterBar } from '../../ui/filter-bar.tsx';
import { agentsHref, failingCallsHref } from '../../ui/links.ts';
import { periodLabel } from '../../ui/period.ts';
import { FilteredScreen, IgnoredParams, type CorpusContext } from '../../ui/screen-parts.tsx';
import { GLOBAL_FILTER_PARAMS, filtersFromParams } from '../../ui/url-filters.ts';
import { useUrlFilters, type UrlFilters } from '../../ui/use-url-filters.ts';
import { AgentLeaderboard } from './parts/agent-leaderboard.tsx';
import { FailingCalls } from './parts/failing-calls.tsx';

export default function AgentPerformance() {
  const { compliant } = useRouteQuery('agents');
  const url = useUrlFilters(GLOBAL_FILTER_PARAMS);
  return (
    <FilteredScreen problems={url.problems}>
      {(ctx) => <AgentsBody context={ctx} url={url} failing={compliant === false} />}
    </FilteredScreen>
  );
}

/** The address's filters with only the vendors that exist (one id, several, or none). */
function withVendors(filters: CallFilters, known: readonly string[]): CallFilters {
  return {
    ...filters,
    vendorId: known.length === 0 ? undefined : known.length === 1 ? known[0] : known,
  };
}

/**
 * With an API, the leaderboard's read starts as the screen's chunk arrives (runtime: a route
 * change calls this before the screen renders), taking the address's vendors as known: if one
 * is not, the body asks again without it and the early answer goes unused.
 */
AgentPerformance.readAhead = (search: URLSearchParams) => {
  if (search.get('compliant') === 'false') return;
  const { filters } = filtersFromParams(search, GLOBAL_FILTER_PARAMS);
  const vendors = withVendors(filters, asList(filters.vendorId) ?? []);
  readAheadWithInfo((info) => [
    {
      method: 'aggregate',
      args: [{ filters: filtersOverPeriod(vendors, info).filters, by: 'agent' }],
    },
  ]);
};

function AgentsBody(props: { context: CorpusContext; url: UrlFilters; failing: boolean }) {
  const { context, failing } = props;
  // Only the catalog knows whether a vendor id exists: an unknown one is reported into the
  // address notice and left out, so the filters, the subtitle and the list all agree.
  const asked = asList(props.url.filters.vendorId) ?? [];
  const known = asked.filter((id) => context.catalog.vendors.some((v) => v.id === id));
  const unknown = asked.filter((id) => !known.includes(id));
  const url: UrlFilters = { ...props.url, filters: withVendors(props.url.filters, known) };
  const { period, filters, bar } = filteredPeriod(url, context);
  const vendorId = known.length === 1 ? known[0] : undefined;
  const vendor = context.catalog.vendors.find((v) => v.id === vendorId);
  const vendorScope = vendor
    ? ` · ${vendor.name}`
    : known.length > 1
      ? ` · ${known.length} vendors`
      : ' · all vendors';
  // The tabs switch the view and keep the filters.
  const viewHref = (failingView: boolean) =>
    failingView ? failingCallsHref(url.filters) : agentsHref(url.filters, vendorId);

  return (
    <>
      <IgnoredParams
        problems={unknown.map((id) => ({
          param: 'vendor',
          value: id,
          reason: 'no vendor has this id; agents of every vendor are shown',
        }))}
      />
      <FilterBar {...bar} />
      <nav className="an-tabs" aria-label="Agent views">
        <Link href={viewHref(false)} aria-current={failing ? undefined : 'page'}>
          Leaderboard
        </Link>
        <Link href={viewHref(true)} aria-current={failing ? 'page' : undefined}>
          Non-compliant calls
        </Link>
      </nav>
      {failing ? (
        <FailingCalls
          filters={filters}
          scope={`${periodLabel(period)}${known.length > 0 ? vendorScope : ''}`}
        />
      ) : (
        <AgentLeaderboard
          filters={filters}
          catalog={context.catalog}
          scope={`${periodLabel(period)}${vendorScope}`}
          vendorName={vendor?.name}
        />
      )}
    </>
  );
}
