/**
 * Churn VOC (the VOC's "Churn Prediction" view): the churn signals with how many calls show
 * them and where customers said it, and the customers most at risk. Across every disposition:
 * the churn score reads every call, whatever the agent chose as disposition.
 */
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import { AppLink } from '../../../runtime/index.ts';
import { QueryState, useQuery, type CallFilters } from '../../../data/index.ts';
import { formatCount, formatShare } from '../../../ui/format.ts';
import { MetricLabel } from '../../../ui/info-tip.tsx';
import { callListHref } from '../../../ui/links.ts';
import { Panel } from '../../../ui/screen-parts.tsx';
import { inclusiveDays } from '../../../ui/url-filters.ts';
import { AtRiskTable } from './at-risk-table.tsx';
import { QuoteList } from './quote-list.tsx';
import { CHURN_SIGNAL_NAMES } from './signal-names.ts';

export function ChurnVocPanels({
  filters,
}: {
  filters: CallFilters & { from: string; to: string };
}) {
  const insight = useQuery((s) => s.churnInsights({ filters }), [filters]);
  const atRisk = useQuery(
    (s) => s.atRiskCustomers({ filters, level: 'high', limit: 10 }),
    [filters],
  );
  const days = inclusiveDays(filters);
  return (
    <>
      <Panel
        title={<MetricLabel metric="churnRiskCalls">Why customers may leave</MetricLabel>}
        subtitle="Analysed calls showing each churn signal, all dispositions (a call can show several), with what customers said."
        testId="churn-reasons"
      >
        <QueryState query={insight} label="churn reasons" isEmpty={(r) => r.analysedCalls === 0}>
          {(r) => (
            <>
              <p className="cx-total">
                <Link
                  href={callListHref({ ...filters, status: 'analysed', churnRisk: 'high' })}
                  data-testid="churn-high-calls"
                  data-value={r.followUp.total.highRiskCalls}
                >
                  {formatCount(r.followUp.total.highRiskCalls)} high-risk calls
                </Link>{' '}
                of {formatCount(r.analysedCalls)} analysed.
              </p>
              <div className="cx-reason-grid">
                {r.reasons.map((reason) => (
                  <section
                    key={reason.signal}
                    className="cx-reason"
                    aria-label={CHURN_SIGNAL_NAMES[reason.signal]}
                  >
                    <h3>
                      {CHURN_SIGNAL_NAMES[reason.signal]}{' '}
                      <Link
                        className="cx-count"
                        href={callListHref({
                          ...filters,
                          status: 'analysed',
                          churnSignal: reason.signal,
                        })}
                        data-testid="churn-reason-calls"
                        data-value={reason.calls}
                      >
                        {formatCount(reason.calls)} calls
                      </Link>
                      <span className="an-cell-sub">
                        {formatShare(r.analysedCalls ? reason.calls / r.analysedCalls : 0)} of
                        analysed calls
                      </span>
                    </h3>
                    <QuoteList
                      quotes={reason.quotes}
                      label={`Quotes: ${CHURN_SIGNAL_NAMES[reason.signal]}`}
                    />
                  </section>
                ))}
              </div>
            </>
          )}
        </QueryState>
      </Panel>
      <Panel
        title="Customers most at risk"
        subtitle="Highest rolling churn risk in this period."
        actions={
          <AppLink route="churn-prediction" query={{ from: days.from, to: days.to, level: 'high' }}>
            All customers at risk →
          </AppLink>
        }
      >
        <QueryState
          query={atRisk}
          label="customers at risk"
          isEmpty={(r) => r.items.length === 0}
          empty="No high-risk customers in this selection."
        >
          {(r) => <AtRiskTable rows={r.items} />}
        </QueryState>
      </Panel>
    </>
  );
}
