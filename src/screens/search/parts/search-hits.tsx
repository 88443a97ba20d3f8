/**
 * The matching calls, most relevant first: who and when, then up to three snippets, each with
 * its time and speaker and the matched words marked. A snippet's time opens the call there.
 */
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import type { SearchHit } from '../../../data/index.ts';
import { formatClock, formatDateTime, formatSentiment } from '../../../ui/format.ts';
import { callHref } from '../../../ui/links.ts';
import { Highlighted } from './highlight.tsx';

const SPEAKER = { AGENT: 'Agent', CUSTOMER: 'Customer', IVR: 'IVR' } as const;

export function SearchHits({ hits }: { hits: readonly SearchHit[] }) {
  return (
    <ol className="an-hits" data-testid="search-hits">
      {hits.map((hit) => {
        const first = hit.snippets[0];
        const tone =
          hit.customerSentiment === null
            ? undefined
            : hit.customerSentiment <= -1
              ? 'bad'
              : hit.customerSentiment >= 1
                ? 'good'
                : undefined;
        return (
          <li key={hit.callId} className="an-hit" data-call={hit.callId}>
            <div className="an-hit__head">
              <Link href={callHref(hit.callId, first?.beginMs)} className="an-hit__title">
                {hit.agentName} · {formatDateTime(hit.startedAt)} UTC
              </Link>
              <span className="an-hit__meta">
                {hit.vendorName} · {hit.callId}
              </span>
              <span className="an-hit__badges">
                {hit.customerSentiment !== null && (
                  <span className="an-chip" data-tone={tone}>
                    sentiment {formatSentiment(hit.customerSentiment)}
                  </span>
                )}
                <span className="an-chip an-chip--plain">
                  {hit.score} {hit.score === 1 ? 'match' : 'matches'}
                </span>
              </span>
            </div>
            <ul className="an-snippets">
              {hit.snippets.map((s) => (
                <li key={s.segment} className={`an-snippet an-snippet--${s.speaker.toLowerCase()}`}>
                  <Link
                    href={callHref(hit.callId, s.beginMs)}
                    className="an-snippet__time"
                    data-testid="hit-link"
                    data-call={hit.callId}
                    data-at={s.beginMs}
                    aria-label={`Play at ${formatClock(s.beginMs)}: ${SPEAKER[s.speaker]} in call ${hit.callId}`}
                  >
                    <svg viewBox="0 0 12 12" width="9" height="9" aria-hidden="true">
                      <path d="M3 1.5v9l7-4.5z" fill="currentColor" />
                    </svg>
                    {formatClock(s.beginMs)}
                  </Link>
                  <span className="an-snippet__speaker">{SPEAKER[s.speaker]}</span>
                  <p className="an-snippet__text">
                    <Highlighted text={s.text} ranges={s.highlights} />
                  </p>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
