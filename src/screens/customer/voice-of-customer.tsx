/**
 * Voice of the customer `/customer/voc`: what customers say, by disposition, topic and category,
 * with volume, customer sentiment and their change against the previous period, verbatim quotes
 * that open the call at the moment they were said, and the phrases that rose most. With
 * `?disposition=` the view narrows to one disposition group; two groups open special views the
 * sidebar links to: Fake Call Insights ("Fake Call") and Churn VOC ("Churn Prediction").
 */
import {
  QueryState,
  previousPeriod,
  useQuery,
  type CallFilters,
  type DispositionGroup,
} from '../../data/index.ts';
import { useNavigateTo, useRouteQuery } from '../../runtime/index.ts';
import '../../ui/analytics.css';
import { HrefLink } from '../../ui/href-link.tsx';
import { FilterBar } from '../../ui/filter-bar.tsx';
import { formatCount } from '../../ui/format.ts';
import { KpiCard } from '../../ui/kpi-card.tsx';
import { callListHref } from '../../ui/links.ts';
import { periodLabel, previousLabel } from '../../ui/period.ts';
import { filteredPeriod } from '../../ui/filtered-period.ts';
import { FilteredScreen, Panel, type CorpusContext } from '../../ui/screen-parts.tsx';
import { GLOBAL_FILTER_PARAMS, inclusiveDays } from '../../ui/url-filters.ts';
import { useUrlFilters, type UrlFilters } from '../../ui/use-url-filters.ts';
import { ChurnVocPanels } from './parts/churn-voc.tsx';
import { FakeCallPanels } from './parts/fake-call-insights.tsx';
import { QuoteList } from './parts/quote-list.tsx';
import { RisingPhrases } from './parts/rising-phrases.tsx';
import { VocGroups } from './parts/voc-groups.tsx';
import './customer.css';

const TILES = [
  { metric: 'analysedCalls', countOf: 'analysedCalls', noun: 'analysed calls' },
  { metric: 'customerSentiment', countOf: 'sentimentScoredCalls', noun: 'calls scored' },
  { metric: 'negativeCalls', countOf: 'negativeCalls', noun: 'negative calls' },
  { metric: 'churnRiskCalls', countOf: 'churnRiskCalls', noun: 'high-risk calls' },
] as const;
/** In the fake-call view the last tile is how many of these calls the fake-call score flags. */
const FAKE_TILE = { metric: 'fakeCallRate', countOf: 'fakeCalls', noun: 'flagged calls' } as const;

export default function VoiceOfTheCustomer() {
  const url = useUrlFilters(GLOBAL_FILTER_PARAMS);
  const { disposition } = useRouteQuery('voc');
  // A disposition the manifest does not declare is dropped by the typed query and named by
  // the shell's address notice.
  return (
    <FilteredScreen problems={url.problems}>
      {(ctx) => <VocBody context={ctx} url={url} group={disposition} />}
    </FilteredScreen>
  );
}

function VocBody(props: {
  context: CorpusContext;
  url: UrlFilters;
  group: DispositionGroup | undefined;
}) {
  const { context, url, group } = props;
  const navigateTo = useNavigateTo();
  const { period, filters: base, bar } = filteredPeriod(url, context);
  const filters: CallFilters & { from: string; to: string } = group
    ? { ...base, dispositionGroup: group }
    : base;
  const previous = previousPeriod(period);
  const groups = [...new Set(context.catalog.dispositions.map((d) => d.group))];

  const kpis = useQuery((s) => s.kpis({ filters }), [filters]);
  const voc = useQuery((s) => s.voiceOfCustomer({ filters }), [filters]);

  const chooseGroup = (value: string) => {
    const query = Object.fromEntries(url.params) as Record<string, string>;
    navigateTo(
      'voc',
      { ...query, disposition: (value || undefined) as DispositionGroup | undefined },
      { replace: true },
    );
  };

  return (
    <>
      <FilterBar {...bar} />
      <div className="cx-toolbar">
        <div className="an-field an-field--inline">
          <label htmlFor="voc-disposition">Disposition</label>
          <select
            id="voc-disposition"
            value={group ?? ''}
            onChange={(e) => chooseGroup(e.target.value)}
          >
            <option value="">All dispositions</option>
            {groups.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState query={kpis} label="KPIs" isEmpty={() => false}>
        {(summary) => (
          <>
            <p className="an-period" data-testid="voc-period">
              <span>{periodLabel(summary.period)}</span>
              <span className="muted">
                {' '}
                · {group ? `disposition ${group}` : 'every disposition'} ·{' '}
                <HrefLink
                  href={callListHref(summary.drillDown.analysedCalls)}
                  data-testid="voc-total"
                  data-value={summary.current.analysedCalls}
                >
                  {formatCount(summary.current.analysedCalls)} analysed calls
                </HrefLink>
              </span>
            </p>
            <div className="an-kpis" data-testid="voc-kpis">
              {[...TILES.slice(0, 3), group === 'Fake Call' ? FAKE_TILE : TILES[3]].map((tile) => (
                <KpiCard
                  key={tile.metric}
                  metric={tile.metric}
                  value={summary.current[tile.metric]}
                  previous={summary.previous[tile.metric]}
                  previousLabel={previousLabel(period)}
                  drill={{
                    href: callListHref(summary.drillDown[tile.metric]),
                    count: summary.current[tile.countOf],
                    noun: tile.noun,
                  }}
                />
              ))}
            </div>
          </>
        )}
      </QueryState>
      {group === 'Fake Call' && <FakeCallPanels filters={base} />}
      {group === 'Churn Prediction' && <ChurnVocPanels filters={base} />}
      <Panel
        title="What the calls are about"
        subtitle={`Analysed calls${group ? ` with disposition ${group}` : ''}, with the change against ${periodLabel(previous)}. Select a number to list its calls.`}
        testId="voc-groups-panel"
      >
        <VocGroups
          filters={filters}
          previous={previous}
          dispositionBy={group ? 'disposition' : 'dispositionGroup'}
        />
      </Panel>
      <div className="an-columns">
        <Panel
          title="What customers say"
          subtitle="The most strongly felt customer turn of calls across the topics, verbatim. Each opens the call at that moment."
          testId="voc-quotes"
        >
          <QueryState query={voc} label="quotes" isEmpty={() => false}>
            {(r) => (
              <QuoteList
                quotes={r.quotes}
                label="Customer quotes"
                empty={
                  group === 'Fake Call'
                    ? 'The customers of these calls said no whole sentence: nothing to quote. The evidence per flagged call above says what happened instead.'
                    : 'No customer turn to quote in this selection.'
                }
              />
            )}
          </QueryState>
        </Panel>
        <Panel
          title="Rising phrases"
          subtitle="Phrases customers said in a larger share of calls than in the previous period."
          testId="voc-rising"
        >
          <QueryState query={voc} label="rising phrases" isEmpty={() => false}>
            {(r) => (
              <>
                <RisingPhrases phrases={r.risingPhrases} period={inclusiveDays(r.period)} />
                <p className="cx-total muted" data-testid="voc-heard" data-value={r.heardCalls}>
                  Read all {formatCount(r.heardCalls)} analysed calls of this period and{' '}
                  {formatCount(r.previousHeardCalls)} of the previous one.
                </p>
              </>
            )}
          </QueryState>
        </Panel>
      </div>
    </>
  );
}
