/**
 * The agent leaderboard: one row per agent with the coaching KPIs, each value marked with the
 * agent's quartile band for that metric (Q1 = best quarter), sortable by any column. The total
 * row is the selection (a vendor's calls = the sum over its agents).
 */
import { useMemo, useState } from 'react';
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import {
  QueryState,
  metricDefinitions,
  useQuery,
  type Agent,
  type AggregateRow,
  type CallFilters,
  type Catalog,
  type KpiKey,
} from '../../../data/index.ts';
import {
  DataTable,
  sortRows,
  type Column,
  type TableSort,
  nextSort,
} from '../../../ui/data-table.tsx';
import { formatCount, formatMetric } from '../../../ui/format.ts';
import { callListHref } from '../../../ui/links.ts';
import { Panel } from '../../../ui/screen-parts.tsx';
import { BAND_WORDS, quartileBands, type QuartileBand } from './quartiles.ts';

interface AgentRow {
  key: string;
  label: string;
  agent: Agent | undefined;
  vendorName: string;
  metrics: AggregateRow['metrics'];
  filters: CallFilters;
  bands: Partial<Record<KpiKey, QuartileBand | null>>;
  total?: boolean;
}

/** The leaderboard's KPI columns, in order; `band` marks the ones ranked into quartiles. */
const METRIC_COLUMNS: { metric: KpiKey; label: string; band: boolean }[] = [
  { metric: 'analysedCalls', label: 'Calls', band: false },
  { metric: 'ahtMs', label: 'AHT', band: true },
  { metric: 'agentTalkShare', label: 'Talk %', band: false },
  { metric: 'silenceShare', label: 'Silence %', band: true },
  { metric: 'interruptionsPerCall', label: 'Inter\u00adruptions', band: true },
  { metric: 'qaScore', label: 'QA', band: true },
  { metric: 'complianceRate', label: 'Compliance', band: true },
  { metric: 'customerSentiment', label: 'Sentiment', band: true },
  { metric: 'repeatRate', label: 'Repeat %', band: true },
  { metric: 'fakeCalls', label: 'Fake flags', band: true },
];

export function AgentLeaderboard(props: {
  filters: CallFilters;
  catalog: Catalog;
  scope: string;
  vendorName?: string;
}) {
  const board = useQuery(
    (s) => s.aggregate({ filters: props.filters, by: 'agent' }),
    [props.filters],
  );
  return (
    <Panel
      title={props.vendorName ? `${props.vendorName}: agent leaderboard` : 'Agent leaderboard'}
      subtitle={`${props.scope}. Bands rank each agent within this list: Q1 is the best quarter for that metric, Q4 the worst.`}
      testId="agent-leaderboard"
    >
      <QueryState query={board} label="agents" isEmpty={(r) => r.rows.length === 0}>
        {(result) => (
          <Leaderboard
            showVendor={!props.vendorName}
            rows={toRows(result.rows, props.catalog)}
            total={{
              key: 'total',
              label: 'All agents',
              agent: undefined,
              vendorName: '',
              metrics: result.total,
              filters: props.filters,
              bands: {},
              total: true,
            }}
          />
        )}
      </QueryState>
      <p className="an-legend-row">
        <span>
          <span className="an-q" data-band="top">
            Q1
          </span>{' '}
          best quarter of agents for that metric
        </span>
        <span>
          <span className="an-q" data-band="bottom">
            Q4
          </span>{' '}
          worst quarter
        </span>
        <span>
          Fake flags rank by the share of calls flagged, so busy agents are not penalised.
        </span>
      </p>
    </Panel>
  );
}

function toRows(rows: readonly AggregateRow[], catalog: Catalog): AgentRow[] {
  const agents = new Map(catalog.agents.map((a) => [a.id, a]));
  const vendors = new Map(catalog.vendors.map((v) => [v.id, v.name]));
  const out: AgentRow[] = rows.map((row) => {
    const agent = agents.get(row.key);
    return {
      key: row.key,
      label: row.label,
      agent,
      vendorName: agent ? (vendors.get(agent.vendorId) ?? agent.vendorId) : '',
      metrics: row.metrics,
      filters: row.filters,
      bands: {},
    };
  });
  for (const column of METRIC_COLUMNS) {
    if (!column.band) continue;
    // Fake flags are a count; rank by the rate so the band is fair across call volumes.
    const metric = column.metric === 'fakeCalls' ? 'fakeCallRate' : column.metric;
    const better = metricDefinitions[metric].better;
    if (!better) continue;
    const bands = quartileBands(
      out.map((r) => r.metrics[metric] as number | null),
      better,
    );
    out.forEach((r, i) => (r.bands[column.metric] = bands[i] ?? null));
  }
  return out;
}

function Leaderboard({
  rows,
  total,
  showVendor,
}: {
  rows: AgentRow[];
  total: AgentRow;
  showVendor: boolean;
}) {
  const [sort, setSort] = useState<TableSort>({ column: 'qaScore', direction: 'desc' });
  const sorted = useMemo(() => {
    const value = (r: AgentRow) =>
      sort.column === 'agent' ? r.label : (r.metrics[sort.column as KpiKey] as number | null);
    return sortRows(rows, value, sort.direction);
  }, [rows, sort]);
  const rank = useMemo(() => new Map(sorted.map((r, i) => [r.key, i + 1])), [sorted]);

  const columns: Column<AgentRow>[] = [
    {
      id: 'rank',
      label: '#',
      help: 'Rank in the current sort order.',
      align: 'end',
      width: '3.5rem',
      cell: (r) => (r.total ? '' : rank.get(r.key)),
    },
    {
      id: 'agent',
      label: 'Agent',
      rowHeader: true,
      sortable: true,
      firstSort: 'asc',
      cell: (r) =>
        r.total ? (
          r.label
        ) : (
          <Link href={callListHref({ ...r.filters, status: 'analysed' })} data-testid="agent-link">
            {r.label}
            <span className="an-cell-sub">
              {r.agent?.team}
              {showVendor && ` · ${r.vendorName}`}
            </span>
          </Link>
        ),
    },
    ...METRIC_COLUMNS.map((c): Column<AgentRow> => ({
      id: c.metric,
      label: c.label,
      metric: c.metric,
      sortable: true,
      firstSort: metricDefinitions[c.metric].better === 'lower' ? 'asc' : 'desc',
      align: 'end',
      cell: (r) => {
        const text = formatMetric(c.metric, r.metrics[c.metric] as number | null);
        const band = r.bands[c.metric];
        // The band tints the value (Q1 green, Q4 red): a heat map that costs no column width.
        const content = band ? (
          <span
            className="an-q"
            data-band={band === 1 ? 'top' : band === 4 ? 'bottom' : 'mid'}
            title={`Q${band}: ${BAND_WORDS[band]}`}
          >
            {text}
            <span className="sr-only">, {BAND_WORDS[band]}</span>
          </span>
        ) : (
          text
        );
        if (c.metric === 'analysedCalls') {
          return (
            <span
              data-testid={r.total ? 'agents-total-calls' : 'agent-calls'}
              data-value={r.metrics.analysedCalls}
            >
              {content}
            </span>
          );
        }
        if (c.metric === 'fakeCalls' && r.metrics.fakeCalls > 0) {
          return (
            <Link href={callListHref({ ...r.filters, status: 'analysed', fakeCall: true })}>
              {content}
            </Link>
          );
        }
        return content;
      },
    })),
  ];

  return (
    <DataTable
      caption={`Agent leaderboard, ${formatCount(rows.length)} agents`}
      captionHidden
      columns={columns}
      rowCount={sorted.length}
      row={(i) => sorted[i]}
      rowKey={(r) => r.key}
      footer={[total]}
      rowHeight={52}
      sort={sort}
      onSort={(column) => setSort((s) => nextSort(s, column))}
      testId="agent-table"
    />
  );
}
