/**
 * Lead `/lead/lead?id=`: one lead's contact details, stage, score and owner; the buying
 * signals with the words that gave them away (each opens the call at that moment); its calls;
 * and a timeline from the first call to the next action.
 */
import {
  QueryState,
  useQuery,
  type CallRow,
  type LeadDetail as LeadDetailData,
} from '../../data/index.ts';
import { AppLink, useRouteQuery } from '../../runtime/index.ts';
import '../../ui/analytics.css';
import { formatClock, formatDateTime, formatSentiment } from '../../ui/format.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { callHref } from '../../ui/links.ts';
import { Panel, useCorpusContext } from '../../ui/screen-parts.tsx';
import { SCORE_HELP, TEMPERATURE_TONE } from './parts/lead-words.ts';
import './lead.css';

export default function LeadDetail() {
  const { id } = useRouteQuery('lead');
  if (!id)
    return (
      <div className="an-screen">
        <div className="an-notice" role="status">
          No lead chosen: the address needs <code>?id=</code>.{' '}
          <AppLink route="lead-list">Open the lead list</AppLink>.
        </div>
      </div>
    );
  return <LeadPage id={id} />;
}

function LeadPage({ id }: { id: string }) {
  const lead = useQuery((s) => s.lead(id), [id]);
  const context = useCorpusContext();
  return (
    <div className="an-screen">
      <QueryState
        query={lead}
        label="the lead"
        isEmpty={(d) => d === null}
        empty={
          <>
            There is no lead {id}. <AppLink route="lead-list">Open the lead list</AppLink>.
          </>
        }
      >
        {(detail) => (
          <LeadBody
            detail={detail!}
            ownerName={
              context.data?.catalog.agents.find((a) => a.id === detail!.lead.ownerAgentId)?.name
            }
          />
        )}
      </QueryState>
    </div>
  );
}

function LeadBody({ detail, ownerName }: { detail: LeadDetailData; ownerName?: string }) {
  const { lead, calls, evidence } = detail;
  return (
    <>
      <Panel
        title={lead.name}
        subtitle={`${lead.campaign} · ${lead.id}`}
        actions={<AppLink route="lead-list">All leads</AppLink>}
        testId="lead-facts"
      >
        <dl className="ld-dl">
          <dt>Stage</dt>
          <dd data-testid="lead-stage">{lead.stage}</dd>
          <dt>Score</dt>
          <dd>
            <span data-testid="lead-score">{lead.score}</span> / 100{' '}
            <span className="an-chip" data-tone={TEMPERATURE_TONE[lead.temperature]}>
              {lead.temperature}
            </span>
            <span className="muted"> {SCORE_HELP}</span>
          </dd>
          <dt>Owner</dt>
          <dd data-testid="lead-owner" data-owner={lead.ownerAgentId}>
            {ownerName ?? lead.ownerAgentId}
          </dd>
          <dt>Phone</dt>
          <dd>{lead.phone}</dd>
          <dt>Next action</dt>
          <dd>{lead.nextAction}</dd>
          <dt>Signals</dt>
          <dd>{lead.signals.join(', ')}</dd>
        </dl>
      </Panel>
      <Panel
        title="Signals with evidence"
        subtitle="Where each buying signal was heard; open the call at that moment."
        testId="lead-evidence"
      >
        {evidence.length === 0 ? (
          <p className="muted">
            No transcript evidence: the signals come from how the calls ended (disposition).
          </p>
        ) : (
          <ul className="ld-list">
            {evidence.map((e, k) => (
              <li key={k}>
                <strong>{e.signal}</strong>{' '}
                <HrefLink href={callHref(e.callId, e.evidence.beginMs)}>
                  {e.callId} at {formatClock(e.evidence.beginMs)}
                </HrefLink>
                <blockquote className="ld-quote">“{e.evidence.text}”</blockquote>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Calls" subtitle="Oldest first. Times in UTC." testId="lead-calls">
        <div className="an-table-scroll">
          <table className="an-table">
            <caption className="sr-only">Calls of {lead.name}</caption>
            <thead>
              <tr>
                <th scope="col">Call</th>
                <th scope="col">Started</th>
                <th scope="col">Agent</th>
                <th scope="col">Length</th>
                <th scope="col">Outcome</th>
                <th scope="col">Customer sentiment</th>
              </tr>
            </thead>
            <tbody>
              {calls.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <HrefLink href={callHref(c.id)}>{c.id}</HrefLink>
                  </th>
                  <td>{formatDateTime(c.startedAt)}</td>
                  <td>{c.agentName}</td>
                  <td>{formatClock(c.durationMs)}</td>
                  <td>{c.dispositionLabel}</td>
                  <td>
                    {c.customerSentiment === null ? '–' : formatSentiment(c.customerSentiment)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
      <Panel title="Timeline" testId="lead-timeline">
        <ol className="ld-timeline">
          {calls.map((c, k) => (
            <li key={c.id}>
              <TimelineCall
                call={c}
                first={k === 0}
                signals={evidence.filter((e) => e.callId === c.id).map((e) => e.signal)}
              />
            </li>
          ))}
          <li>
            <strong>Now: {lead.stage}</strong> — next, {lead.nextAction.toLowerCase()} (
            {ownerName ?? lead.ownerAgentId}).
          </li>
        </ol>
      </Panel>
    </>
  );
}

function TimelineCall(props: { call: CallRow; first: boolean; signals: string[] }) {
  const { call } = props;
  return (
    <>
      <strong>{formatDateTime(call.startedAt)}</strong>: {props.first ? 'first call' : 'call'} with{' '}
      {call.agentName} ({call.direction}), ended “{call.dispositionLabel}”
      {props.signals.length > 0 && <> · heard: {[...new Set(props.signals)].join(', ')}</>}.
    </>
  );
}
