/**
 * The transcript: one entry per turn with its time, speaker and sentiment; the turn at the
 * current position is marked (aria-current) and kept in view while the audio plays. Each turn's
 * time is a button that moves the position there. Masked personal data is shown as such.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { TranscriptSegment } from '../../data/index.ts';
import { formatClock } from '../format.ts';
import './transcript.css';

const SPEAKER = { AGENT: 'Agent', CUSTOMER: 'Customer', IVR: 'IVR' } as const;
const REDACTION_WORDS: Record<TranscriptSegment['redactions'][number]['kind'], string> = {
  'card-number': 'card number',
  'account-number': 'account number',
  'date-of-birth': 'date of birth',
  address: 'address',
  email: 'email address',
  phone: 'phone number',
};

/** The turn at a moment: the one running, else the last one begun (so silence keeps context). */
export function activeSegmentIndex(segments: readonly TranscriptSegment[], ms: number): number {
  let active = -1;
  for (const s of segments) {
    if (s.beginMs <= ms) active = s.index;
    if (s.beginMs <= ms && ms < s.endMs) return s.index;
  }
  return active;
}

/** The text with its masked ranges as marked elements (never as HTML). */
export function RedactedText({ segment }: { segment: TranscriptSegment }) {
  const parts: ReactNode[] = [];
  let at = 0;
  const ranges = [...segment.redactions].sort((a, b) => a.start - b.start);
  for (const r of ranges) {
    if (r.start < at || r.end > segment.text.length) continue;
    if (r.start > at) parts.push(segment.text.slice(at, r.start));
    parts.push(
      <span key={r.start} className="an-redacted" title={`${REDACTION_WORDS[r.kind]} masked`}>
        {segment.text.slice(r.start, r.end)}
        <span className="sr-only"> ({REDACTION_WORDS[r.kind]} masked)</span>
      </span>,
    );
    at = r.end;
  }
  if (at < segment.text.length) parts.push(segment.text.slice(at));
  return <>{parts}</>;
}

export function Transcript(props: {
  segments: readonly TranscriptSegment[];
  positionMs: number;
  onSeek: (ms: number) => void;
  /** Keep the current turn in view (while playing, or after a seek from elsewhere). */
  follow: boolean;
}) {
  const { segments, positionMs, onSeek, follow } = props;
  const box = useRef<HTMLOListElement>(null);
  const active = activeSegmentIndex(segments, positionMs);

  useEffect(() => {
    if (!follow || active < 0) return;
    const list = box.current;
    const item = list?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    if (!list || !item) return;
    // Scroll the transcript box only, never the page.
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTo({ top: Math.max(0, top - list.clientHeight / 3), behavior: 'smooth' });
    }
  }, [active, follow]);

  if (segments.length === 0) {
    return <p className="muted">This call has no transcript: nobody spoke.</p>;
  }
  return (
    <ol className="an-transcript" ref={box} tabIndex={0} aria-label="Transcript">
      {segments.map((s) => (
        <li
          key={s.index}
          data-index={s.index}
          className={`an-turn an-turn--${s.speaker.toLowerCase()}`}
          aria-current={s.index === active ? 'true' : undefined}
        >
          <button
            type="button"
            className="an-turn__time"
            onClick={() => onSeek(s.beginMs)}
            aria-label={`Go to ${formatClock(s.beginMs)}, ${SPEAKER[s.speaker]}`}
          >
            {formatClock(s.beginMs)}
          </button>
          <div className="an-turn__body">
            <span className="an-turn__speaker">
              {SPEAKER[s.speaker]}
              <span
                className={`an-turn__mood an-turn__mood--${s.sentiment.toLowerCase()}`}
                title={`${s.sentiment.toLowerCase()} (${s.sentimentScore.toFixed(1)})`}
              >
                <span className="sr-only">, {s.sentiment.toLowerCase()}</span>
              </span>
            </span>
            <p className="an-turn__text">
              <RedactedText segment={s} />
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
