/**
 * Repeated Call analysis `/analytics/repeated-call-analysis`: why customers call back. The
 * repeat rate by the first call's topic, resolution and the customer's sentiment at its end;
 * each customer's repeat chain (call 1 -> 2 -> 3, with the gaps and topics, every call a link);
 * and the agents whose calls are most often followed by a repeat, against their peers.
 */
import { useState } from 'react';
import {
  QueryState,
  useQuery,
  type AggregateResult,
  type CallFilters,
  type CallKpis,
  type RepeatChain,
  type RepeatChainPage,
  type RepeatFactorRow,
} from '../../data/index.ts';
import { repeatRate } from '../../metrics/index.ts';
import '../../ui/analytics.css';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { FilterBar } from '../../ui/filter-bar.tsx';
import { formatCount, formatDateTime, formatMetric } from '../../ui/format.ts';
import { callHref, callListHref } from '../../ui/links.ts';
import { periodLabel } from '../../ui/period.ts';
import { filteredPeriod } from '../../ui/filtered-period.ts';
import { Panel, type CorpusContext } from '../../ui/screen-parts.tsx';
import { GLOBAL_FILTER_PARAMS } from '../../ui/url-filters.ts';
import type { UrlFilters } from '../../ui/use-url-filters.ts';
import { GatedScreen } from './parts/gated-screen.tsx';
import { RepeatSettingsLine, ppDifference } from './parts/repeat-format.tsx';
import { RepeatTable } from './parts/repeat-table.tsx';
import './repeated-calls.css';

/** Agents with fewer analysed calls than this are left out of the ranking: their rate is noise. */
const MIN_AGENT_CALLS = 10;
const TOP_AGENTS = 10;
const CHAINS_PER_PAGE = 10;

export default function RepeatedCallAnalysis() {
  return (
    <GatedScreen params={GLOBAL_FILTER_PARAMS}>
      {(ctx, url) => <AnalysisBody context={ctx} url={url} />}
    </GatedScreen>
  );
}

function AnalysisBody({ context, url }: { context: CorpusContext; url: UrlFilters }) {
  const { period, filters, bar } = filteredPeriod(url, context);
  const key = JSON.stringify(filters);
  const factors = useQuery((s) => s.repeatFactors({ filters }), [key]);
  const topics = useQuery((s) => s.aggregate({ filters, by: 'topic' }), [key]);
  const agents = useQuery((s) => s.aggregate({ filters, by: 'agent' }), [key]);

  return (
    <>
      <FilterBar {...bar} />
      <RepeatSettingsLine />
      {/* A div, not a p: the query's loading and error states are blocks. */}
      <div className="an-period">
        <span>{periodLabel(period)}</span>
        <QueryState query={factors} label="the repeat rate" isEmpty={() => false}>
          {(f) => (
            <span className="muted">
              {' '}
              · repeat %{' '}
              <span data-testid="analysis-repeat-rate" data-value={f.total.repeatRate ?? ''}>
                {formatMetric('repeatRate', f.total.repeatRate)}
              </span>{' '}
              of{' '}
              <span data-testid="analysis-analysed" data-value={f.total.analysedCalls}>
                {formatCount(f.total.analysedCalls)}
              </span>{' '}
              analysed calls
            </span>
          )}
        </QueryState>
      </div>
      <div className="rc-factors">
        <Panel
          title="By the first call’s topic"
          subtitle="Which topics bring customers back. Select a number to list the calls."
          testId="factor-topic"
        >
          <QueryState query={topics} label="topics" isEmpty={(r) => r.rows.length === 0}>
            {(result) => (
              <RepeatTable
                caption="Repeat % by the first call's topic"
                groupLabel="Topic"
                rows={result.rows}
                total={{
                  key: 'total',
                  label: 'All topics',
                  metrics: result.total,
                  filters: { ...filters, status: 'analysed' },
                  total: true,
                }}
              />
            )}
          </QueryState>
        </Panel>
        <QueryState query={factors} label="resolution and sentiment" isEmpty={() => false}>
          {(f) => (
            <>
              <FactorPanel
                title="By whether the first call was resolved"
                subtitle="Calls the analysis marked resolved against those it did not."
                groupLabel="Resolution"
                rows={f.resolution}
                total={f.total}
                filters={filters}
                testId="factor-resolution"
              />
              <FactorPanel
                title="By the customer’s sentiment at the end"
                subtitle="The customer's sentiment in the last quarter of the first call. No call-list filter narrows to it, so these counts do not link."
                groupLabel="Sentiment at the end"
                rows={f.endSentiment}
                total={f.total}
                filters={filters}
                testId="factor-sentiment"
              />
            </>
          )}
        </QueryState>
      </div>
      <Panel
        title="Agents whose calls are most often followed by a repeat"
        subtitle={`Agents with at least ${MIN_AGENT_CALLS} analysed calls, against their peers (every other agent in the selection).`}
        testId="repeat-agents"
      >
        <QueryState query={agents} label="agents" isEmpty={(r) => r.rows.length === 0}>
          {(result) => <AgentRanking result={result} />}
        </QueryState>
      </Panel>
      <Panel
        title="Repeat chains"
        subtitle="Customers who called again and again: each chain starts at a call followed by a repeat and follows each repeat in turn. Longest chains first."
        testId="repeat-chains"
      >
        <Chains filters={filters} filtersKey={key} />
      </Panel>
    </>
  );
}

/** One outcome of the first call (resolution, end sentiment) against the repeat rate. */
function FactorPanel(props: {
  title: string;
  subtitle: string;
  groupLabel: string;
  rows: RepeatFactorRow[];
  total: CallKpis;
  filters: CallFilters;
  testId: string;
}) {
  return (
    <Panel title={props.title} subtitle={props.subtitle} testId={props.testId}>
      <RepeatTable
        caption={`Repeat % ${props.title.toLowerCase()}`}
        groupLabel={props.groupLabel}
        rows={props.rows}
        total={{
          key: 'total',
          label: 'All analysed calls',
          metrics: props.total,
          filters: props.filters,
          total: true,
        }}
        initialSort={{ column: 'group', direction: 'asc' }}
      />
    </Panel>
  );
}

interface AgentRow {
  key: string;
  label: string;
  analysedCalls: number;
  followed: number;
  rate: number | null;
  peers: number | null;
  filters: CallFilters;
}

function AgentRanking({ result }: { result: AggregateResult }) {
  const all = result.total;
  const rows: AgentRow[] = result.rows
    .filter((r) => r.metrics.analysedCalls >= MIN_AGENT_CALLS)
    .map((r) => ({
      key: r.key,
      label: r.label,
      analysedCalls: r.metrics.analysedCalls,
      followed: r.metrics.followedByRepeatCalls,
      rate: r.metrics.repeatRate,
      peers: repeatRate(
        all.followedByRepeatCalls - r.metrics.followedByRepeatCalls,
        all.analysedCalls - r.metrics.analysedCalls,
      ),
      filters: r.filters,
    }))
    .sort((a, b) => (b.rate ?? -1) - (a.rate ?? -1) || b.analysedCalls - a.analysedCalls)
    .slice(0, TOP_AGENTS);
  if (rows.length === 0)
    return (
      <p className="an-empty">No agent has {MIN_AGENT_CALLS} analysed calls in this selection.</p>
    );
  const columns: Column<AgentRow>[] = [
    { id: 'agent', label: 'Agent', rowHeader: true, cell: (r) => r.label },
    {
      id: 'analysedCalls',
      label: 'Calls',
      metric: 'analysedCalls',
      align: 'end',
      cell: (r) => formatCount(r.analysedCalls),
    },
    {
      id: 'followed',
      label: 'Followed by a repeat',
      metric: 'followedByRepeatCalls',
      align: 'end',
      cell: (r) => (
        <HrefLink
          href={callListHref({ ...r.filters, followedByRepeat: true })}
          value={r.followed}
          testId="agent-followed"
        >
          {formatCount(r.followed)}
        </HrefLink>
      ),
    },
    {
      id: 'rate',
      label: 'Repeat\u00a0%',
      metric: 'repeatRate',
      align: 'end',
      cell: (r) => formatMetric('repeatRate', r.rate),
    },
    {
      id: 'peers',
      label: 'Peers',
      help: 'Repeat % of every other agent in the selection taken together.',
      align: 'end',
      cell: (r) => formatMetric('repeatRate', r.peers),
    },
    {
      id: 'difference',
      label: 'Difference',
      help: 'The agent’s repeat % minus the peers’, in percentage points.',
      align: 'end',
      cell: (r) => ppDifference(r.rate, r.peers),
    },
  ];
  return (
    <DataTable
      caption="Agents whose calls are most often followed by a repeat"
      captionHidden
      columns={columns}
      rowCount={rows.length}
      row={(i) => rows[i]}
      rowKey={(r) => r.key}
      testId="repeat-agent-table"
    />
  );
}

function Chains({ filters, filtersKey }: { filters: CallFilters; filtersKey: string }) {
  const [page, setPage] = useState({ key: filtersKey, offset: 0 });
  // A new selection starts again at the first page.
  const offset = page.key === filtersKey ? page.offset : 0;
  const chains = useQuery(
    (s) => s.repeatChains({ filters, offset, limit: CHAINS_PER_PAGE }),
    [filtersKey, offset],
  );
  return (
    <QueryState
      query={chains}
      label="repeat chains"
      isEmpty={(r) => r.total === 0}
      empty="No customer called back within the repeat window in this selection."
    >
      {(result) => (
        <ChainList result={result} onPage={(next) => setPage({ key: filtersKey, offset: next })} />
      )}
    </QueryState>
  );
}

function ChainList({
  result,
  onPage,
}: {
  result: RepeatChainPage;
  onPage: (offset: number) => void;
}) {
  const last = Math.min(result.total, result.offset + result.items.length);
  return (
    <>
      <p className="rc-lengths">
        <span>
          <HrefLink
            href={callListHref(result.firstCallFilters)}
            value={result.total}
            testId="chains-total"
          >
            {formatCount(result.total)} chains
          </HrefLink>{' '}
          (their first calls)
        </span>
        {result.lengths.map((l) => (
          <span key={l.calls}>
            {l.calls} calls: <strong>{formatCount(l.chains)}</strong>
          </span>
        ))}
      </p>
      <ol className="rc-chains" aria-label="Repeat chains">
        {result.items.map((chain) => (
          <ChainItem key={chain.calls[0]!.callId} chain={chain} />
        ))}
      </ol>
      {result.total > CHAINS_PER_PAGE && (
        <nav className="an-pager" aria-label="Chain pages">
          <button
            type="button"
            className="an-button"
            disabled={result.offset === 0}
            onClick={() => onPage(Math.max(0, result.offset - CHAINS_PER_PAGE))}
          >
            Previous
          </button>
          <span>
            {formatCount(result.offset + 1)}–{formatCount(last)} of {formatCount(result.total)}
          </span>
          <button
            type="button"
            className="an-button"
            disabled={last >= result.total}
            onClick={() => onPage(result.offset + CHAINS_PER_PAGE)}
          >
            Next
          </button>
        </nav>
      )}
    </>
  );
}

function ChainItem({ chain }: { chain: RepeatChain }) {
  return (
    <li className="rc-chain" data-testid="repeat-chain">
      <p className="rc-chain__head">
        <HrefLink href={callListHref({ customerId: chain.customerId })}>
          {chain.customerName}
        </HrefLink>
        <span className="muted">
          {chain.calls.length} calls over {formatGap(chain.spanMs)}
        </span>
      </p>
      <ol className="rc-chain__calls">
        {chain.calls.map((call, k) => (
          <li key={call.callId} className="rc-chain__call">
            {call.gapMs !== null && (
              <span className="rc-chain__gap">
                <span aria-hidden="true">→ </span>
                {formatGap(call.gapMs)} later
              </span>
            )}
            <HrefLink href={callHref(call.callId)} className="rc-chain__card">
              <strong>
                Call {k + 1} · {formatDateTime(call.startedAt)}
              </strong>
              <span>{call.topic ?? 'Not analysed'}</span>
              <span className="muted">
                {call.agentName}
                {call.resolved === null ? '' : call.resolved ? ' · resolved' : ' · not resolved'}
              </span>
            </HrefLink>
          </li>
        ))}
      </ol>
    </li>
  );
}

/** "3 d 4 h", "5 h 10 min", "12 min". */
function formatGap(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}
