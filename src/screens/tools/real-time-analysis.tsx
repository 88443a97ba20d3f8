/**
 * Real-time analysis (`/tool/real-time-analysis`): a supervisor's wallboard of calls in
 * progress, fed turn by turn at real speed. The tools worker runs the stream and the analysis
 * (rolling customer sentiment, rule alerts as they happen, agent-assist prompts) and sends a
 * snapshot a few times a second; this page only draws it, so the main thread stays free. The
 * demo streams corpus-like calls; a deployment connects the same LiveStream interface to its
 * telephony events (src/data/analysis/live/websocket-stream.ts).
 */
import { useEffect, useState } from 'react';
import {
  getToolsClient,
  liveSocketTarget,
  type LiveCall,
  type LiveSnapshot,
} from '../../data/index.ts';
import '../../ui/analytics.css';
import { Transcript } from '../../ui/call/transcript.tsx';
import { Sparkline } from '../../ui/charts/sparkline.tsx';
import { formatClock, formatSentiment } from '../../ui/format.ts';
import { Panel } from '../../ui/screen-parts.tsx';
import { ToolIntro } from './parts/tool-intro.tsx';
import './parts/tools.css';

const CONCURRENT = 24;

export default function RealTimeAnalysis() {
  const [running, setRunning] = useState(true);
  // Bumped by Reconnect: starts the stream again after the deployment's socket closed.
  const [attempt, setAttempt] = useState(0);
  const [snapshot, setSnapshot] = useState<LiveSnapshot | null>(null);
  const [focus, setFocus] = useState<string | null>(null);
  // The deployment's stream (its API's /v1/live, signed in), else the demo; undefined: asking.
  const [socket, setSocket] = useState<{ url: string; token: string } | null | undefined>();

  useEffect(() => {
    let current = true;
    void liveSocketTarget(window.location.origin).then((target) => current && setSocket(target));
    return () => {
      current = false;
    };
  }, []);
  useEffect(() => {
    if (!running || socket === undefined) return;
    const options = { concurrent: CONCURRENT, speed: 1, ...(socket ? { socket } : {}) };
    setSnapshot(null);
    return getToolsClient().live(options, setSnapshot);
  }, [running, socket, attempt]);
  useEffect(() => {
    getToolsClient().focusLive(focus);
  }, [focus]);

  const calls = snapshot?.calls ?? [];
  const focused = calls.find((c) => c.callId === focus) ?? null;
  const atRisk = calls.filter((c) => c.failedRules > 0 || (c.rollingSentiment ?? 0) <= -1.5);

  return (
    <div className="an-screen">
      <ToolIntro>
        Calls in progress, analysed turn by turn as they are spoken: rolling customer sentiment,
        compliance alerts the moment a rule breaks, and prompts for the agent.{' '}
        {socket
          ? 'Calls come from this deployment’s live stream.'
          : `This demo streams ${CONCURRENT} made-up calls at real speed; a deployment connects its own telephony stream (its API’s live WebSocket, used when you are signed in).`}
      </ToolIntro>
      <div className="tool-row">
        <button
          type="button"
          className="an-button"
          aria-pressed={!running}
          onClick={() => setRunning((r) => !r)}
        >
          {running ? 'Pause the stream' : 'Resume the stream'}
        </button>
        <p className="tool-hint" data-testid="live-status" role="status">
          {snapshot?.closed
            ? `Not receiving calls: ${snapshot.closed}.`
            : snapshot
              ? `${calls.filter((c) => !c.ended).length} calls live · ${atRisk.length} need attention`
              : 'Connecting…'}
        </p>
        {snapshot?.closed && running ? (
          <button
            type="button"
            className="an-button"
            data-testid="live-reconnect"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Reconnect
          </button>
        ) : null}
      </div>
      <div className="tool-columns">
        <Panel
          title="Wallboard"
          subtitle="Select a call to follow its transcript."
          testId="wallboard"
        >
          <ul className="tool-wallboard">
            {calls.map((c) => (
              <li key={c.callId}>
                <LiveCallCard call={c} selected={c.callId === focus} onSelect={setFocus} />
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title="Alerts" subtitle="Newest first." testId="live-alerts">
          {snapshot && snapshot.alerts.length === 0 ? (
            <p className="muted">No alert yet.</p>
          ) : (
            <div
              className="tool-alerts-box"
              role="log"
              aria-live="off"
              aria-label="Alerts"
              tabIndex={0}
            >
              <ol className="tool-alerts">
                {snapshot?.alerts.map((a) => (
                  <li key={a.id} data-tone={a.tone}>
                    <strong>
                      {a.kind === 'assist' ? 'Assist' : 'Rule'} · {a.agentName} ·{' '}
                      {formatClock(a.atMs)}
                    </strong>
                    <br />
                    {a.text}
                  </li>
                ))}
              </ol>
            </div>
          )}
        </Panel>
      </div>
      {focused && (
        <Panel
          title={`${focused.agentName} with ${focused.customerName}`}
          subtitle={`${focused.queue} · ${focused.direction} · ${formatClock(focused.elapsedMs)}${focused.ended ? ' · ended' : ''}`}
          testId="live-focus"
        >
          {focused.assist && (
            <p className="tool-problem" data-tone="info">
              <strong>Assist:</strong> {focused.assist}
            </p>
          )}
          <Transcript
            segments={snapshot?.focus?.callId === focused.callId ? snapshot.focus.segments : []}
            positionMs={focused.elapsedMs}
            onSeek={() => {}}
            follow
          />
        </Panel>
      )}
    </div>
  );
}

function LiveCallCard(props: {
  call: LiveCall;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const c = props.call;
  const mood = c.rollingSentiment;
  const bad = c.failedRules > 0 || (mood !== null && mood <= -1.5);
  return (
    <button
      type="button"
      className="tool-live-call"
      aria-pressed={props.selected}
      data-tone={bad ? 'bad' : undefined}
      data-testid="live-call"
      onClick={() => props.onSelect(c.callId)}
    >
      <span className="tool-label">
        {c.agentName} · {formatClock(c.elapsedMs)}
        {c.ended ? ' · ended' : ''}
      </span>
      <span className="tool-live-call__line">
        {c.queue} · {c.topic ?? 'listening…'}
      </span>
      <span className="tool-live-call__line">
        Customer {mood === null ? 'not heard yet' : formatSentiment(mood)}
        {c.failedRules > 0
          ? ` · ${c.failedRules} rule${c.failedRules === 1 ? '' : 's'} failed`
          : ''}
      </span>
      <Sparkline values={c.sentimentSeries} tone={mood !== null && mood < 0 ? 'bad' : 'accent'} />
      {c.lastTurn && (
        <span className="tool-live-call__line">
          {c.lastTurn.speaker === 'AGENT'
            ? 'Agent'
            : c.lastTurn.speaker === 'CUSTOMER'
              ? 'Customer'
              : 'IVR'}
          : {c.lastTurn.text}
        </span>
      )}
    </button>
  );
}
