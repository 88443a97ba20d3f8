/**
 * One conversation on screen: the timeline (with the recording when there is one), the
 * transcript following the position, and the analysis panels beside them. The call page shows
 * a stored call with it; the public tools show the visitor's own transcript with it, so both
 * look and behave the same.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { RuleResult, TranscriptSegment } from '../../data/index.ts';
import { formatClock } from '../format.ts';
import { Panel } from '../screen-parts.tsx';
import {
  Categories,
  CallScores,
  RiskSignals,
  RuleResults,
  type ShownAnalysis,
} from './analysis-panels.tsx';
import { CallTimeline, failureMarkers } from './call-timeline.tsx';
import { Transcript } from './transcript.tsx';
import './conversation-view.css';

export interface ConversationViewProps {
  segments: readonly TranscriptSegment[];
  durationMs: number;
  /** Absent while a stored call is not analysed yet. */
  analysis: ShownAnalysis | undefined;
  ruleResults: readonly RuleResult[];
  silenceThresholdMs: number;
  /** The recording, when there is one (a stored call's, or a file the visitor chose). */
  audioUrl?: string | undefined;
  /** What to say when there is no audio. */
  noAudio: string;
  /**
   * The recording could not be loaded (a stored call's signed link expires after minutes): the
   * call page asks for the call again, with a fresh link.
   */
  onAudioError?: () => void;
  /** The position to open at (ms). */
  at?: number | undefined;
  transcriptSubtitle: string;
  /** Buttons beside the position (the call page's "Link to this moment"). */
  positionActions?: (positionMs: number) => ReactNode;
  /** More panels under the analysis (the call page's evaluations). */
  side?: ReactNode;
  /** A chat or e-mail thread: no voice measures (silence, interruptions, talk ratio). */
  written?: boolean;
}

export function ConversationView(props: ConversationViewProps) {
  const duration = props.durationMs;
  const clamp = useCallback((ms: number) => Math.min(duration, Math.max(0, ms)), [duration]);
  const [position, setPosition] = useState(() => clamp(props.at ?? 0));
  const [follow, setFollow] = useState(props.at !== undefined);
  const audio = useRef<HTMLAudioElement>(null);
  const [audioFailed, setAudioFailed] = useState<string | null>(null);

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

  const markers = failureMarkers(props.ruleResults);
  const analysis = props.analysis;

  return (
    <div className="an-call__grid">
      <div className="an-call__main">
        <Panel
          title="Timeline"
          subtitle={
            props.audioUrl
              ? 'Play the recording, or select a moment on the timeline or in the transcript.'
              : `${props.noAudio} Select a moment on the timeline or a turn in the transcript.`
          }
          actions={
            <>
              <span className="an-position" data-testid="call-position" data-value={position}>
                {formatClock(position)} / {formatClock(duration)}
              </span>
              {props.positionActions?.(position)}
            </>
          }
          testId="call-timeline-panel"
        >
          {props.audioUrl && (
            <audio
              ref={audio}
              className="an-audio"
              controls
              preload="metadata"
              src={props.audioUrl}
              onLoadedMetadata={(e) => (e.currentTarget.currentTime = position / 1000)}
              onTimeUpdate={(e) => {
                if (e.currentTarget.paused) return;
                setPosition(clamp(Math.round(e.currentTarget.currentTime * 1000)));
              }}
              onPlay={() => setFollow(true)}
              onError={() => {
                setAudioFailed(props.audioUrl ?? null);
                props.onAudioError?.();
              }}
            >
              Your browser cannot play this recording.
            </audio>
          )}
          {props.audioUrl && audioFailed === props.audioUrl && (
            <p className="an-audio__failed" role="status">
              The recording could not be loaded. Select a moment on the timeline or in the
              transcript, or open the call again.
            </p>
          )}
          <CallTimeline
            durationMs={duration}
            segments={props.segments}
            gaps={analysis?.nonTalk ?? []}
            silenceThresholdMs={props.silenceThresholdMs}
            markers={markers}
            positionMs={position}
            onSeek={seek}
          />
        </Panel>
        <Panel title="Transcript" subtitle={props.transcriptSubtitle} testId="call-transcript">
          <Transcript
            segments={props.segments}
            positionMs={position}
            onSeek={seek}
            follow={follow}
          />
        </Panel>
      </div>
      <div className="an-call__side">
        {analysis && (
          <CallScores analysis={analysis} durationMs={duration} written={props.written} />
        )}
        <RuleResults results={props.ruleResults} onSeek={seek} />
        <Categories analysis={analysis} onSeek={seek} />
        {analysis && <RiskSignals analysis={analysis} onSeek={seek} />}
        {props.side}
      </div>
    </div>
  );
}
