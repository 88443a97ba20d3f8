/**
 * One call (`/performance/recordings?call=ID&at=MS`): its facts and summary, the audio player
 * where audio exists, the speaker timeline, the transcript following the position, and what
 * the analysis found. `at` is the position to open at (a hit, a piece of evidence); the
 * "link to this moment" keeps the current position shareable without rewriting the address on
 * every seek (each address change is a navigation for the shell).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryState, useQuery, type CallDetail } from '../../../data/index.ts';
import { formatClock, formatDateTime } from '../../../ui/format.ts';
import { callHref } from '../../../ui/links.ts';
import { Panel } from '../../../ui/screen-parts.tsx';
import { Categories, CallScores, Evaluations, RiskSignals, RuleResults } from './call-analysis.tsx';
import { CallTimeline, failedRuleMarkers } from '../../../ui/call/call-timeline.tsx';
import { Transcript } from '../../../ui/call/transcript.tsx';

const DEFAULT_SILENCE_MS = 5000;

export function CallPage(props: { callId: string; at: number | undefined; backHref: string }) {
  const detail = useQuery(
    async (s) => {
      const [call, settings] = await Promise.all([s.call(props.callId), s.settings()]);
      return call ? { call, silenceThresholdMs: settings.smart.silenceThresholdMs } : null;
    },
    [props.callId],
  );
  return (
    <div className="an-screen an-call">
      <p>
        <Link className="an-back" to={props.backHref}>
          <span aria-hidden="true">←</span> All calls
        </Link>
      </p>
      <QueryState
        query={detail}
        label="the call"
        empty={
          <>
            No call has the id “{props.callId}”.{' '}
            <Link to={props.backHref}>Back to the call list</Link>
          </>
        }
      >
        {(d) => (
          <CallView
            detail={d!.call}
            silenceThresholdMs={d!.silenceThresholdMs ?? DEFAULT_SILENCE_MS}
            at={props.at}
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
}) {
  const { detail } = props;
  const { call } = detail;
  const duration = call.durationMs;
  const clamp = useCallback((ms: number) => Math.min(duration, Math.max(0, ms)), [duration]);
  const [position, setPosition] = useState(() => clamp(props.at ?? 0));
  const [follow, setFollow] = useState(props.at !== undefined);
  const audio = useRef<HTMLAudioElement>(null);

  // A new `at` in the address (another hit of the same call) moves the position.
  useEffect(() => {
    if (props.at === undefined) return;
    setPosition(clamp(props.at));
    setFollow(true);
    if (audio.current) audio.current.currentTime = clamp(props.at) / 1000;
  }, [props.at, clamp]);

  const seek = useCallback(
    (ms: number) => {
      const next = clamp(ms);
      setPosition(next);
      setFollow(true);
      if (audio.current) audio.current.currentTime = next / 1000;
    },
    [clamp],
  );

  const markers = failedRuleMarkers(detail.ruleResults);

  return (
    <>
      <CallHeader detail={detail} />
      <div className="an-call__grid">
        <div className="an-call__main">
          <Panel
            title="Timeline"
            subtitle={
              call.audioUrl
                ? 'Play the recording, or select a moment on the timeline or in the transcript.'
                : 'No audio is kept for this call. Select a moment on the timeline or a turn in the transcript.'
            }
            actions={
              <>
                <span className="an-position" data-testid="call-position" data-value={position}>
                  {formatClock(position)} / {formatClock(duration)}
                </span>
                <Link className="an-button an-button--small" to={callHref(call.id, position)}>
                  Link to this moment
                </Link>
              </>
            }
            testId="call-timeline-panel"
          >
            {call.audioUrl && (
              <audio
                ref={audio}
                className="an-audio"
                controls
                preload="metadata"
                src={call.audioUrl}
                onLoadedMetadata={(e) => (e.currentTarget.currentTime = position / 1000)}
                onTimeUpdate={(e) => {
                  if (e.currentTarget.paused) return;
                  setPosition(clamp(Math.round(e.currentTarget.currentTime * 1000)));
                }}
                onPlay={() => setFollow(true)}
              >
                Your browser cannot play this recording.
              </audio>
            )}
            <CallTimeline
              durationMs={duration}
              segments={detail.transcript}
              gaps={call.analysis?.nonTalk ?? []}
              silenceThresholdMs={props.silenceThresholdMs}
              markers={markers}
              positionMs={position}
              onSeek={seek}
            />
          </Panel>
          <Panel
            title="Transcript"
            subtitle={`${detail.transcript.length} turns · ASR confidence ${Math.round(call.asrConfidence * 100)}%`}
            testId="call-transcript"
          >
            <Transcript
              segments={detail.transcript}
              positionMs={position}
              onSeek={seek}
              follow={follow}
            />
          </Panel>
        </div>
        <div className="an-call__side">
          <CallScores detail={detail} />
          <RuleResults results={detail.ruleResults} onSeek={seek} />
          <Categories detail={detail} onSeek={seek} />
          <RiskSignals detail={detail} onSeek={seek} />
          <Evaluations detail={detail} />
        </div>
      </div>
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
        {a && !a.compliant && (
          <span className="an-chip" data-tone="bad">
            non-compliant
          </span>
        )}
        {a?.fakeCall.flagged && (
          <span className="an-chip" data-tone="bad">
            possible fake call
          </span>
        )}
        {a?.churnRisk.level === 'high' && (
          <span className="an-chip" data-tone="bad">
            high churn risk
          </span>
        )}
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
      <dl className="an-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
