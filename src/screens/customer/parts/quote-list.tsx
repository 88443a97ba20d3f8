/**
 * Verbatim customer turns: who said it, when in the call, and a link that opens the call at
 * that moment. Used by the voice of the customer and the churn reasons.
 */
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import type { VocQuote } from '../../../data/index.ts';
import { formatClock, formatDay, formatSentiment } from '../../../ui/format.ts';
import { callHref } from '../../../ui/links.ts';

const SPEAKER = { CUSTOMER: 'Customer', AGENT: 'Agent', IVR: 'IVR' } as const;

export function QuoteList({
  quotes,
  label,
  empty = 'No quotes in this selection.',
}: {
  quotes: readonly VocQuote[];
  label: string;
  /** What to say when there is nothing to quote. */
  empty?: string;
}) {
  if (quotes.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="cx-quotes" aria-label={label}>
      {quotes.map((q) => (
        <li key={`${q.callId}-${q.segment}`} className="cx-quote" data-testid="voc-quote">
          <blockquote>
            <p>“{q.text}”</p>
          </blockquote>
          <p className="cx-quote__meta">
            <span className="cx-quote__speaker">{SPEAKER[q.speaker]}</span>
            {' · '}
            <Link
              href={callHref(q.callId, q.beginMs)}
              data-testid="voc-quote-link"
              aria-label={`Open call ${q.callId} at ${formatClock(q.beginMs)}`}
            >
              {q.callId} at {formatClock(q.beginMs)}
            </Link>
            {' · '}
            {formatDay(q.startedAt)}
            {q.topic && <> · {q.topic}</>}
            {' · '}
            <span className="cx-tone" data-tone={tone(q.sentimentScore)}>
              sentiment {formatSentiment(q.sentimentScore)}
            </span>
          </p>
          <p className="cx-quote__who">
            {q.agentName}, {q.vendorName} · {q.dispositionLabel}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function tone(score: number): 'good' | 'bad' | 'neutral' {
  return score >= 1 ? 'good' : score <= -1 ? 'bad' : 'neutral';
}
