/**
 * Fake Call Insights (the VOC's "Fake Call" view): how the fake-call score spreads over the
 * analysed calls, what each signal counts, which vendors and agents flag most against their
 * peers, and the evidence of each flagged call. Across every disposition: agents rarely
 * disposition a fake call as one, which is why the score exists.
 */
import { useState } from 'react';
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import {
  QueryState,
  metricDefinitions,
  useQuery,
  type AggregateRow,
  type CallFilters,
  type FakeCallEvidence,
  type FakeCallInsights,
  type FakeSignal,
} from '../../../data/index.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { formatClock, formatCount, formatDateTime, formatShare } from '../../../ui/format.ts';
import { MetricLabel } from '../../../ui/info-tip.tsx';
import { callHref, callListHref } from '../../../ui/links.ts';
import { Panel } from '../../../ui/screen-parts.tsx';
import { FAKE_SIGNAL_NAMES } from './signal-names.ts';
import { SortedTable } from './sorted-table.tsx';

/** Agents with fewer analysed calls than this are left out of the ranking (too few to compare). */
const MIN_AGENT_CALLS = 20;

export function FakeCallPanels({ filters }: { filters: CallFilters }) {
  const insight = useQuery((s) => s.fakeCallInsights({ filters, evidence: 500 }), [filters]);
  const [signal, setSignal] = useState<FakeSignal | null>(null);
  return (
    <QueryState query={insight} label="fake-call insight" isEmpty={(r) => r.analysedCalls === 0}>
      {(r) => (
        <>
          <div className="an-columns">
            <Panel
              title="Fake-call score distribution"
              subtitle={`Analysed calls per score band, all dispositions. Flagged from ${r.threshold.toFixed(1)}.`}
              testId="fake-distribution"
            >
              <ScoreDistribution insight={r} filters={filters} />
            </Panel>
            <Panel
              title={<MetricLabel metric="fakeCallRate">Signals behind the flags</MetricLabel>}
              subtitle="How many calls show each signal; each count opens those calls. Evidence lists the flagged ones below."
              testId="fake-signals"
            >
              <SignalTable insight={r} filters={filters} selected={signal} onSelect={setSignal} />
            </Panel>
          </div>
          <PeerRanking filters={filters} />
          <Panel
            title="Evidence per flagged call"
            subtitle={
              signal
                ? `Flagged calls showing “${FAKE_SIGNAL_NAMES[signal]}”, highest score first.`
                : 'Flagged calls, highest score first, with every signal found.'
            }
            actions={
              signal && (
                <button
                  type="button"
                  className="an-button an-button--quiet"
                  onClick={() => setSignal(null)}
                >
                  Show every flagged call
                </button>
              )
            }
            testId="fake-evidence"
          >
            <EvidenceList
              evidence={r.evidence.filter(
                (e) => !signal || e.reasons.some((x) => x.signal === signal),
              )}
              flagged={r.flaggedCalls}
              filters={filters}
            />
          </Panel>
        </>
      )}
    </QueryState>
  );
}

/** A count that opens exactly the calls it counts; `what` completes it for screen readers. */
function CountLink(props: { filters: CallFilters; count: number; testId: string; what: string }) {
  return (
    <Link href={callListHref(props.filters)} data-testid={props.testId} data-value={props.count}>
      {formatCount(props.count)}
      <span className="sr-only"> {props.what}</span>
    </Link>
  );
}

function ScoreDistribution({
  insight,
  filters,
}: {
  insight: FakeCallInsights;
  filters: CallFilters;
}) {
  const max = Math.max(1, ...insight.distribution.map((b) => b.calls));
  return (
    <>
      <table className="cx-histogram">
        <caption className="sr-only">Analysed calls per fake-call score band</caption>
        <thead>
          <tr>
            <th scope="col">Score</th>
            <th scope="col">Calls</th>
            <th scope="col">Flagged</th>
          </tr>
        </thead>
        <tbody>
          {insight.distribution.map((b, band) => {
            const bandFilters = { ...filters, status: 'analysed', fakeScoreBand: band } as const;
            const range = `${b.from.toFixed(1)}–${b.to.toFixed(1)}`;
            return (
              <tr key={b.from} data-flagged={b.flagged > 0 || undefined}>
                <th scope="row">{range}</th>
                <td>
                  <span className="cx-bar" aria-hidden="true">
                    <span style={{ width: `${(b.calls / max) * 100}%` }} />
                  </span>
                  <CountLink
                    filters={bandFilters}
                    count={b.calls}
                    testId="fake-band-calls"
                    what={`calls scoring ${range}`}
                  />
                </td>
                <td>
                  <CountLink
                    filters={{ ...bandFilters, fakeCall: true }}
                    count={b.flagged}
                    testId="fake-band-flagged"
                    what={`flagged calls scoring ${range}`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="cx-total">
        <Link
          href={callListHref({ ...filters, status: 'analysed', fakeCall: true })}
          data-testid="fake-flagged-calls"
          data-value={insight.flaggedCalls}
        >
          {formatCount(insight.flaggedCalls)} flagged calls
        </Link>{' '}
        of {formatCount(insight.analysedCalls)} analysed (
        {formatShare(insight.analysedCalls ? insight.flaggedCalls / insight.analysedCalls : 0)})
      </p>
    </>
  );
}

function SignalTable(props: {
  insight: FakeCallInsights;
  filters: CallFilters;
  selected: FakeSignal | null;
  onSelect: (s: FakeSignal | null) => void;
}) {
  const { insight } = props;
  return (
    <div className="an-table-scroll">
      <table className="an-table cx-simple">
        <caption className="sr-only">Fake-call signals and how many calls show them</caption>
        <thead>
          <tr>
            <th scope="col">Signal</th>
            <th scope="col" className="cx-num">
              Flagged calls
            </th>
            <th scope="col" className="cx-num">
              All analysed
            </th>
            <th scope="col">
              <span className="sr-only">Evidence</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {insight.signals.map((s) => {
            const name = FAKE_SIGNAL_NAMES[s.signal];
            const signalFilters = {
              ...props.filters,
              status: 'analysed',
              fakeSignal: s.signal,
            } as const;
            return (
              <tr key={s.signal}>
                <th scope="row">{name}</th>
                <td className="cx-num">
                  <CountLink
                    filters={{ ...signalFilters, fakeCall: true }}
                    count={s.flaggedCalls}
                    testId="fake-signal-count"
                    what={`flagged calls with ${name}`}
                  />
                  <span className="an-cell-sub">
                    {formatShare(insight.flaggedCalls ? s.flaggedCalls / insight.flaggedCalls : 0)}
                  </span>
                </td>
                <td className="cx-num">
                  <CountLink
                    filters={signalFilters}
                    count={s.analysedCalls}
                    testId="fake-signal-analysed"
                    what={`analysed calls with ${name}`}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className="cx-link-button"
                    aria-pressed={props.selected === s.signal}
                    disabled={s.flaggedCalls === 0}
                    onClick={() => props.onSelect(props.selected === s.signal ? null : s.signal)}
                    data-testid="fake-signal-evidence"
                    data-value={s.flaggedCalls}
                  >
                    Evidence<span className="sr-only"> of {name}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

interface PeerRow {
  row: AggregateRow;
  peerRate: number | null;
}

/** Vendors and agents with the highest fake-call rate, against the rate of everyone else. */
function PeerRanking({ filters }: { filters: CallFilters }) {
  const ranking = useQuery(
    async (s) => {
      const analysed = { ...filters, status: 'analysed' as const };
      const [vendors, agents] = await Promise.all([
        s.aggregate({
          filters: analysed,
          by: 'vendor',
          sort: { key: 'fakeCallRate', direction: 'desc' },
        }),
        s.aggregate({
          filters: analysed,
          by: 'agent',
          sort: { key: 'fakeCallRate', direction: 'desc' },
        }),
      ]);
      const peers = (rows: AggregateRow[], total: AggregateRow['metrics']): PeerRow[] =>
        rows.map((row) => {
          const others = total.analysedCalls - row.metrics.analysedCalls;
          return {
            row,
            peerRate: others > 0 ? (total.fakeCalls - row.metrics.fakeCalls) / others : null,
          };
        });
      return {
        vendors: peers(vendors.rows, vendors.total),
        agents: peers(
          agents.rows.filter((r) => r.metrics.analysedCalls >= MIN_AGENT_CALLS),
          agents.total,
        ).slice(0, 10),
      };
    },
    [filters],
  );
  return (
    <QueryState query={ranking} label="fake-call rates">
      {(r) => (
        <div className="an-columns">
          <Panel
            title="Vendors by fake-call rate"
            subtitle="Each vendor against all other vendors together (its peers)."
            testId="fake-vendors"
          >
            <PeerTable rows={r.vendors} noun="Vendor" />
          </Panel>
          <Panel
            title="Agents with the highest fake-call rate"
            subtitle={`Top 10 agents with at least ${MIN_AGENT_CALLS} analysed calls, against all other agents.`}
            testId="fake-agents"
          >
            <PeerTable rows={r.agents} noun="Agent" />
          </Panel>
        </div>
      )}
    </QueryState>
  );
}

function PeerTable({ rows, noun }: { rows: PeerRow[]; noun: string }) {
  const columns: Column<PeerRow>[] = [
    {
      id: 'name',
      label: noun,
      rowHeader: true,
      sortable: true,
      firstSort: 'asc',
      cell: (r) => r.row.label,
    },
    {
      id: 'fakeCalls',
      label: 'Flagged',
      metric: 'fakeCalls',
      sortable: true,
      align: 'end',
      cell: (r) => (
        <Link
          href={callListHref({ ...r.row.filters, fakeCall: true })}
          data-testid="fake-peer-calls"
          data-value={r.row.metrics.fakeCalls}
        >
          {formatCount(r.row.metrics.fakeCalls)}
          <span className="an-cell-sub">of {formatCount(r.row.metrics.analysedCalls)}</span>
        </Link>
      ),
    },
    {
      id: 'fakeCallRate',
      label: metricDefinitions.fakeCallRate.label,
      metric: 'fakeCallRate',
      sortable: true,
      align: 'end',
      cell: (r) => formatShare(r.row.metrics.fakeCallRate ?? 0),
    },
    {
      id: 'vsPeers',
      label: 'vs peers',
      help: 'Its fake-call rate divided by the rate of all the others together.',
      sortable: true,
      align: 'end',
      cell: (r) => {
        const ratio = ratioOf(r);
        if (ratio === null) return <span className="muted">–</span>;
        return (
          <span
            className="cx-tone"
            data-tone={ratio >= 1.5 ? 'bad' : ratio <= 0.67 ? 'good' : 'neutral'}
          >
            {ratio.toFixed(1)}×
            <span className="an-cell-sub">peers {formatShare(r.peerRate ?? 0)}</span>
          </span>
        );
      },
    },
  ];
  return (
    <SortedTable
      caption={`${noun}s by fake-call rate against their peers`}
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={(r) => r.row.key}
      sortValue={(r, column) =>
        column === 'name'
          ? r.row.label
          : column === 'fakeCalls'
            ? r.row.metrics.fakeCalls
            : column === 'vsPeers'
              ? ratioOf(r)
              : r.row.metrics.fakeCallRate
      }
      initialSort={{ column: 'fakeCallRate', direction: 'desc' }}
    />
  );
}

function ratioOf(r: PeerRow): number | null {
  if (!r.peerRate || r.row.metrics.fakeCallRate === null) return null;
  return r.row.metrics.fakeCallRate / r.peerRate;
}

const EVIDENCE_PAGE = 25;

function EvidenceList(props: {
  evidence: FakeCallEvidence[];
  flagged: number;
  filters: CallFilters;
}) {
  const [shown, setShown] = useState(EVIDENCE_PAGE);
  if (props.evidence.length === 0)
    return <p className="muted">No flagged calls in this selection.</p>;
  return (
    <>
      <ul className="cx-evidence" aria-label="Flagged calls with their signals">
        {props.evidence.slice(0, shown).map((e) => (
          <li key={e.callId} data-testid="fake-evidence-call">
            <p className="cx-evidence__head">
              <Link href={callHref(e.callId)}>{e.callId}</Link>
              <span className="cx-tone" data-tone={e.score >= 0.8 ? 'bad' : 'warn'}>
                score {e.score.toFixed(2)}
              </span>
            </p>
            <p className="cx-quote__who">
              {formatDateTime(e.startedAt)} · {formatClock(e.durationMs)} · {e.agentName},{' '}
              {e.vendorName} · {e.dispositionLabel}
            </p>
            <ul className="cx-reasons">
              {e.reasons.map((r) => (
                <li key={r.signal}>
                  <strong>{FAKE_SIGNAL_NAMES[r.signal]}</strong> (weight {r.weight}):{' '}
                  {r.description}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="cx-total">
        Showing {formatCount(Math.min(shown, props.evidence.length))} of{' '}
        {formatCount(props.evidence.length)}
        {props.evidence.length < props.flagged && ' (the highest scores)'}.{' '}
        {shown < props.evidence.length && (
          <button
            type="button"
            className="an-button an-button--small"
            onClick={() => setShown(shown + EVIDENCE_PAGE)}
          >
            Show {EVIDENCE_PAGE} more
          </button>
        )}{' '}
        <Link href={callListHref({ ...props.filters, status: 'analysed', fakeCall: true })}>
          All {formatCount(props.flagged)} flagged calls in the call list
        </Link>
      </p>
    </>
  );
}
