/**
 * One call (`/performance/recordings?call=ID&at=MS`): its facts and summary, the audio player
 * where audio exists, the speaker timeline, the transcript following the position, and what
 * the analysis found. `at` is the position to open at (a hit, a piece of evidence); the
 * "link to this moment" keeps the current position shareable without rewriting the address on
 * every seek (each address change is a navigation for the shell).
 */
import { useCallback, useRef } from 'react';
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import { QueryState, useQuery, type CallDetail } from '../../../data/index.ts';
import { ConversationView } from '../../../ui/call/conversation-view.tsx';
import { FactList, RiskChips } from '../../../ui/call/risk-chips.tsx';
import { formatClock, formatDateTime } from '../../../ui/format.ts';
import { callHref } from '../../../ui/links.ts';
import { Evaluations } from './call-analysis.tsx';

const DEFAULT_SILENCE_MS = 5000;

export function CallPage(props: { callId: string; at: number | undefined; backHref: string }) {
  const detail = useQuery(
    async (s) => {
      const [call, settings] = await Promise.all([s.call(props.callId), s.settings()]);
      return call ? { call, silenceThresholdMs: settings.smart.silenceThresholdMs } : null;
    },
    [props.callId],
  );
  // A stored recording's link is signed for minutes: when it fails, the call is read again for
  // a fresh one, once per link (a recording that cannot play is not asked for in a loop).
  const retried = useRef(new Set<string>());
  const { retry } = detail;
  const audioUrl = detail.data?.call.call.audioUrl;
  const onAudioError = useCallback(() => {
    if (!audioUrl || retried.current.has(audioUrl)) return;
    retried.current.add(audioUrl);
    retry();
  }, [audioUrl, retry]);
  return (
    <div className="an-screen an-call">
      <p>
        <Link className="an-back" href={props.backHref}>
          <span aria-hidden="true">←</span> All calls
        </Link>
      </p>
      <QueryState
        query={detail}
        label="the call"
        empty={
          <>
            No call has the id “{props.callId}”.{' '}
            <Link href={props.backHref}>Back to the call list</Link>
          </>
        }
      >
        {(d) => (
          <CallView
            detail={d!.call}
            silenceThresholdMs={d!.silenceThresholdMs ?? DEFAULT_SILENCE_MS}
            at={props.at}
            onAudioError={onAudioError}
          />
        )}
      </QueryState>
    </div>
  );
}

function CallView(props: {
  detail: CallDetail;
  silenceThresholdMs: number;
  at: number | undefined;
  onAudioError: () => void;
}) {
  const { detail } = props;
  const { call } = detail;
  return (
    <>
      <CallHeader detail={detail} />
      <ConversationView
        segments={detail.transcript}
        durationMs={call.durationMs}
        analysis={call.analysis}
        ruleResults={detail.ruleResults}
        silenceThresholdMs={props.silenceThresholdMs}
        audioUrl={call.audioUrl}
        onAudioError={props.onAudioError}
        noAudio="No audio is kept for this call."
        at={props.at}
        transcriptSubtitle={`${detail.transcript.length} turns · ASR confidence ${Math.round(call.asrConfidence * 100)}%`}
        positionActions={(position) => (
          <Link className="an-button an-button--small" href={callHref(call.id, position)}>
            Link to this moment
          </Link>
        )}
        side={<Evaluations detail={detail} />}
      />
    </>
  );
}

function CallHeader({ detail }: { detail: CallDetail }) {
  const { call, agent, vendor, customer, disposition } = detail;
  const a = call.analysis;
  const facts: [string, React.ReactNode][] = [
    ['Started', `${formatDateTime(call.startedAt)} UTC`],
    ['Duration', formatClock(call.durationMs)],
    ['Agent', `${agent.name} · ${agent.team}`],
    ['Vendor', `${vendor.name} · ${agent.site}`],
    ['Customer', `${customer.name} · ${customer.account}`],
    ['Queue', `${call.queue} · ${call.brand} · ${call.product}`],
    [
      'Disposition',
      `${disposition.label}${call.disposition.source === 'ai' ? ' (set by AI)' : ''}`,
    ],
    ['Direction', call.direction],
  ];
  return (
    <section
      className="an-panel an-call__head"
      aria-labelledby="call-title"
      data-testid="call-header"
    >
      <div className="an-call__title-row">
        <h2 id="call-title" className="an-call__title">
          {agent.name} with {customer.name}
          <span className="an-call__id">{call.id}</span>
        </h2>
        <span
          className="an-chip"
          data-tone={
            call.status === 'analysed' ? 'good' : call.status === 'failed' ? 'bad' : 'warn'
          }
        >
          {call.status}
        </span>
        <RiskChips analysis={a} />
        {a && (
          <span className="an-chip" data-tone={a.resolved ? 'good' : 'warn'}>
            {a.resolved ? 'resolved' : 'unresolved'}
          </span>
        )}
      </div>
      {a?.summary && <p className="an-call__summary">{a.summary}</p>}
      {!a && (
        <p className="an-call__summary muted">
          {call.status === 'excluded'
            ? 'This call was left out of the analysis by cost control (sampling or duration limits): it has no analysis.'
            : `This call is ${call.status}; its analysis is not available yet.`}
        </p>
      )}
      <FactList facts={facts} />
    </section>
  );
}
