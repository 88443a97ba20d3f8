/**
 * The report card's KPIs: the value with its change against the previous period, the SLA
 * target of the subject's vendor (red / amber / green), where it stands among its peers
 * (percentile and median) and its trend over the period.
 */
import { metricDefinitions, type TimeSeriesResult } from '../../../data/index.ts';
import { PEER_PERCENTILE_DEFINITION, SLA_STATUS_DEFINITION } from '../../../metrics/index.ts';
import { Sparkline } from '../../../ui/charts/sparkline.tsx';
import { DataTable, type Column } from '../../../ui/data-table.tsx';
import { NO_VALUE, formatMetric, metricChange } from '../../../ui/format.ts';
import type { KpiLine } from './scorecard.ts';

const STATUS_WORDS = { green: 'meets target', amber: 'just misses target', red: 'misses target' };

export function KpiLinesTable(props: {
  lines: readonly KpiLine[];
  series: TimeSeriesResult | undefined;
  peerNoun: string;
}) {
  const columns: Column<KpiLine>[] = [
    {
      id: 'metric',
      label: 'KPI',
      rowHeader: true,
      cell: (l) => metricDefinitions[l.metric].label,
    },
    {
      id: 'value',
      label: 'This period',
      align: 'end',
      cell: (l) => {
        const change = metricChange(l.metric, l.value, l.previous);
        return (
          <span data-testid={`card-${l.metric}`} data-value={l.value ?? ''}>
            {formatMetric(l.metric, l.value)}
            {change && (
              <span
                className="an-cell-sub"
                data-tone={
                  change.good === true ? 'good' : change.good === false ? 'bad' : 'neutral'
                }
              >
                <span aria-hidden="true">{change.text}</span>
                <span className="sr-only">{change.spoken}</span>
              </span>
            )}
          </span>
        );
      },
    },
    {
      id: 'target',
      label: 'SLA target',
      help: SLA_STATUS_DEFINITION,
      align: 'end',
      cell: (l) =>
        l.target === null ? (
          <span className="muted">{NO_VALUE}</span>
        ) : (
          <span className="an-rag" data-status={l.status ?? 'none'}>
            <span>
              {metricDefinitions[l.metric].better === 'lower' ? '≤ ' : '≥ '}
              {formatMetric(l.metric, l.target)}
              {l.status && <span className="sr-only">, {STATUS_WORDS[l.status]}</span>}
            </span>
          </span>
        ),
    },
    {
      id: 'percentile',
      label: 'Percentile',
      help: PEER_PERCENTILE_DEFINITION,
      align: 'end',
      cell: (l) =>
        l.percentile === null ? (
          NO_VALUE
        ) : (
          <span data-testid="card-percentile" data-value={l.percentile}>
            {Math.round(l.percentile)}
            <span className="rp-meter" aria-hidden="true">
              <span style={{ width: `${Math.max(2, l.percentile)}%` }} />
            </span>
            <span className="an-cell-sub">
              of {l.peers} {props.peerNoun}
            </span>
          </span>
        ),
    },
    {
      id: 'median',
      label: 'Peer median',
      align: 'end',
      cell: (l) => formatMetric(l.metric, l.peerMedian),
    },
    {
      id: 'trend',
      label: 'Trend',
      help: 'The KPI per bucket of the period.',
      cell: (l) => {
        const values = props.series?.points.map((p) => p.metrics[l.metric]);
        return values ? (
          <Sparkline values={values} width={92} height={26} />
        ) : (
          <span className="an-skeleton" />
        );
      },
    },
  ];
  return (
    <DataTable
      caption="KPIs against SLA target and peers"
      captionHidden
      columns={columns}
      rowCount={props.lines.length}
      row={(i) => props.lines[i]}
      rowKey={(l) => l.metric}
      testId="card-kpis"
    />
  );
}
