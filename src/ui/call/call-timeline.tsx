/**
 * The speaker timeline of one call: a lane per speaker with their turns, silences longer than
 * the threshold across all lanes, interruption marks where a turn starts over the other party,
 * each turn's sentiment on a strip below, rule evidence marks on top, and the playhead.
 *
 * It is one slider for the keyboard (arrows 5 s, Page Up/Down 30 s, Home/End) and the pointer
 * (click or drag to seek), with the moment spoken as "1:23 of 5:40, customer speaking".
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { RuleResult, TranscriptSegment } from '../../data/index.ts';
import { linear } from '../charts/scale.ts';
import { useWidth } from '../charts/use-width.ts';
import { formatClock } from '../format.ts';
import './call-timeline.css';

export interface TimelineMarker {
  ms: number;
  label: string;
  tone: 'bad' | 'warn' | 'accent';
}

/** Where failed compliance rules show in the transcript, for the timeline's marks. */
export function failureMarkers(results: readonly RuleResult[]): TimelineMarker[] {
  return results
    .filter((r) => r.kind === 'compliance' && !r.passed)
    .flatMap((r) =>
      r.evidence.map((e) => ({
        ms: e.beginMs,
        label: r.name,
        tone: r.severity === 'critical' ? ('bad' as const) : ('warn' as const),
      })),
    );
}

export interface CallTimelineProps {
  durationMs: number;
  segments: readonly TranscriptSegment[];
  /** Gaps where nobody spoke (the call's non-talk instances). */
  gaps: readonly { beginMs: number; endMs: number }[];
  /** Gaps longer than this are drawn as silence. */
  silenceThresholdMs: number;
  markers: readonly TimelineMarker[];
  positionMs: number;
  onSeek: (ms: number) => void;
}

/**
 * Turns that start while the other party is still speaking (the interruption definition of the
 * metrics module), as the moments they start.
 */
export function interruptionMoments(
  segments: readonly TranscriptSegment[],
): { ms: number; by: 'AGENT' | 'CUSTOMER' }[] {
  const sorted = [...segments].sort((a, b) => a.beginMs - b.beginMs);
  const out: { ms: number; by: 'AGENT' | 'CUSTOMER' }[] = [];
  let agentEnd = -1;
  let customerEnd = -1;
  for (const s of sorted) {
    if (s.speaker === 'IVR') continue;
    const otherEnd = s.speaker === 'AGENT' ? customerEnd : agentEnd;
    if (otherEnd > s.beginMs) out.push({ ms: s.beginMs, by: s.speaker });
    if (s.speaker === 'AGENT') agentEnd = Math.max(agentEnd, s.endMs);
    else customerEnd = Math.max(customerEnd, s.endMs);
  }
  return out;
}

/** Who is speaking at a moment ("agent", "customer and agent", or "nobody"). */
export function speakingAt(segments: readonly TranscriptSegment[], ms: number): string {
  const who = new Set(
    segments.filter((s) => s.beginMs <= ms && ms < s.endMs).map((s) => s.speaker.toLowerCase()),
  );
  return who.size === 0 ? 'nobody speaking' : `${[...who].join(' and ')} speaking`;
}

const LANES = ['AGENT', 'CUSTOMER', 'IVR'] as const;
const LANE_LABEL = { AGENT: 'Agent', CUSTOMER: 'Customer', IVR: 'IVR' } as const;
const LANE_H = 22;
const LANE_GAP = 8;
const LABEL_W = 74;
const TOP = 18;

export function CallTimeline(props: CallTimelineProps) {
  const { durationMs, segments, positionMs, onSeek } = props;
  const [box, width] = useWidth<HTMLDivElement>(720);
  const dragging = useRef(false);
  const lanes = LANES.filter((l) => l !== 'IVR' || segments.some((s) => s.speaker === 'IVR'));
  const right = width - 10;
  const x = linear([0, Math.max(1, durationMs)], [LABEL_W, right]);
  const lanesBottom = TOP + lanes.length * (LANE_H + LANE_GAP) - LANE_GAP;
  const stripY = lanesBottom + 10;
  const axisY = stripY + 10 + 16;
  const height = axisY + 6;
  const silences = props.gaps.filter((g) => g.endMs - g.beginMs > props.silenceThresholdMs);
  const interruptions = interruptionMoments(segments);
  const tickStep = niceTimeStep(durationMs, Math.max(2, Math.floor((right - LABEL_W) / 80)));
  const ticks: number[] = [];
  for (let t = 0; t <= durationMs; t += tickStep) ticks.push(t);

  const msAt = (clientX: number, element: Element) => {
    const rect = element.getBoundingClientRect();
    const px = ((clientX - rect.left) / rect.width) * width;
    const ms = ((px - LABEL_W) / (right - LABEL_W)) * durationMs;
    return Math.round(Math.min(durationMs, Math.max(0, ms)));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    onSeek(msAt(event.clientX, event.currentTarget));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) onSeek(msAt(event.clientX, event.currentTarget));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = {
      ArrowRight: 5000,
      ArrowUp: 5000,
      ArrowLeft: -5000,
      ArrowDown: -5000,
      PageUp: 30_000,
      PageDown: -30_000,
    };
    let next: number | undefined;
    if (event.key in steps) next = positionMs + steps[event.key]!;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = durationMs;
    if (next === undefined) return;
    event.preventDefault();
    onSeek(Math.min(durationMs, Math.max(0, next)));
  };

  return (
    <div className="an-timeline">
      <div
        ref={box}
        className="an-timeline__plot"
        role="slider"
        tabIndex={0}
        aria-label="Position in the call"
        aria-valuemin={0}
        aria-valuemax={durationMs}
        aria-valuenow={positionMs}
        aria-valuetext={`${formatClock(positionMs)} of ${formatClock(durationMs)}, ${speakingAt(segments, positionMs)}`}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (dragging.current = false)}
        onPointerCancel={() => (dragging.current = false)}
        data-testid="call-timeline"
      >
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true">
          <defs>
            <pattern
              id="an-silence-hatch"
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <line className="an-tl-hatch" x1="0" y1="0" x2="0" y2="6" />
            </pattern>
          </defs>
          {lanes.map((lane, i) => {
            const y = TOP + i * (LANE_H + LANE_GAP);
            return (
              <g key={lane}>
                <text className="an-axis an-tl-lane-label" x={0} y={y + LANE_H / 2} dy="0.32em">
                  {LANE_LABEL[lane]}
                </text>
                <rect
                  className="an-tl-lane"
                  x={LABEL_W}
                  y={y}
                  width={right - LABEL_W}
                  height={LANE_H}
                  rx={4}
                />
                {segments
                  .filter((s) => s.speaker === lane)
                  .map((s) => (
                    <rect
                      key={s.index}
                      className={`an-tl-turn an-tl-turn--${lane.toLowerCase()}`}
                      x={x(s.beginMs)}
                      y={y + 2}
                      width={Math.max(1.5, x(s.endMs) - x(s.beginMs))}
                      height={LANE_H - 4}
                      rx={3}
                    />
                  ))}
              </g>
            );
          })}
          {silences.map((g) => (
            <rect
              key={`s${g.beginMs}`}
              className="an-tl-silence"
              x={x(g.beginMs)}
              y={TOP - 4}
              width={Math.max(1, x(g.endMs) - x(g.beginMs))}
              height={lanesBottom - TOP + 8}
              fill="url(#an-silence-hatch)"
            />
          ))}
          {segments
            .filter((s) => s.speaker !== 'IVR')
            .map((s) => (
              <rect
                key={`m${s.index}`}
                className={`an-tl-mood an-tl-mood--${s.sentiment.toLowerCase()}`}
                x={x(s.beginMs)}
                y={stripY}
                width={Math.max(1.5, x(s.endMs) - x(s.beginMs))}
                height={8}
              />
            ))}
          <text className="an-axis" x={0} y={stripY + 4} dy="0.32em">
            Sentiment
          </text>
          {interruptions.map((m) => (
            <path
              key={`i${m.ms}`}
              className="an-tl-interrupt"
              d={`M${x(m.ms) - 5},${TOP - 14}h10l-5,8z`}
            />
          ))}
          {props.markers.map((m) => (
            <path
              key={`r${m.ms}-${m.label}`}
              className={`an-tl-marker an-tl-marker--${m.tone}`}
              d={`M${x(m.ms)},${lanesBottom + 2}l4,4l-4,4l-4,-4z`}
            />
          ))}
          {ticks.map((t) => (
            <text key={`t${t}`} className="an-axis" x={x(t)} y={axisY} textAnchor="middle">
              {formatClock(t)}
            </text>
          ))}
          <line
            className="an-tl-playhead"
            x1={x(positionMs)}
            x2={x(positionMs)}
            y1={TOP - 16}
            y2={stripY + 10}
          />
          <circle className="an-tl-playhead-knob" cx={x(positionMs)} cy={TOP - 16} r={4} />
        </svg>
      </div>
      <p className="an-legend-row an-timeline__legend">
        <span>
          <span className="an-key an-key--agent" aria-hidden="true" /> Agent
        </span>
        <span>
          <span className="an-key an-key--customer" aria-hidden="true" /> Customer
        </span>
        {lanes.includes('IVR') && (
          <span>
            <span className="an-key an-key--ivr" aria-hidden="true" /> IVR
          </span>
        )}
        <span>
          <span className="an-key an-key--silence" aria-hidden="true" /> Silence over{' '}
          {Math.round(props.silenceThresholdMs / 1000)} s ({silences.length})
        </span>
        <span>
          <span className="an-key an-key--interrupt" aria-hidden="true" /> Interruption (
          {interruptions.length})
        </span>
        <span>
          <span className="an-key an-key--positive" aria-hidden="true" /> Positive /{' '}
          <span className="an-key an-key--negative" aria-hidden="true" /> negative turn
        </span>
        {props.markers.length > 0 && (
          <span>
            <span className="an-key an-key--marker" aria-hidden="true" /> Rule evidence (
            {props.markers.length})
          </span>
        )}
      </p>
    </div>
  );
}

/** A tick step in whole seconds or minutes giving about `count` ticks. */
function niceTimeStep(durationMs: number, count: number): number {
  const steps = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600].map((s) => s * 1000);
  return steps.find((s) => durationMs / s <= count) ?? 3_600_000;
}

/** A marker at each piece of evidence of a failed compliance rule (critical ones in red). */
export function failedRuleMarkers(
  results: readonly {
    kind: string;
    passed: boolean;
    name: string;
    severity: string;
    evidence: readonly { beginMs: number }[];
  }[],
): TimelineMarker[] {
  return results
    .filter((r) => r.kind === 'compliance' && !r.passed)
    .flatMap((r) =>
      r.evidence.map((e) => ({
        ms: e.beginMs,
        label: r.name,
        tone: r.severity === 'critical' ? ('bad' as const) : ('warn' as const),
      })),
    );
}
