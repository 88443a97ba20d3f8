/**
 * A transcript's analysis as the call page shows a call: a head with the suggested summary and
 * who spoke, then the shared conversation view (timeline, transcript, analysis panels).
 */
import type { ReactNode } from 'react';
import type { ToolConversation } from '../../../data/index.ts';
import { ConversationView } from '../../../ui/call/conversation-view.tsx';
import { FactList, RiskChips } from '../../../ui/call/risk-chips.tsx';
import { formatClock } from '../../../ui/format.ts';

export function ConversationResult(props: {
  title: string;
  formatName: string;
  conversation: ToolConversation;
  audioUrl?: string | undefined;
  /** More panels under the analysis. */
  side?: ReactNode;
  /** A written thread counts messages, not talk time. */
  written?: boolean;
}) {
  const c = props.conversation;
  const a = c.analysis;
  const turnsOf = (speaker: 'AGENT' | 'CUSTOMER') =>
    c.segments.filter((s) => s.speaker === speaker).length;
  const outcome: [string, string] = [
    'Outcome',
    `${a.resolved ? 'resolved' : 'unresolved'} (estimated from the customer's last words)`,
  ];
  const facts: [string, string][] = props.written
    ? [
        ['Read as', props.formatName],
        ['Customer', `${turnsOf('CUSTOMER')} messages`],
        ['Agent', `${turnsOf('AGENT')} messages`],
        outcome,
      ]
    : [
        ['Read as', props.formatName],
        [
          'Length',
          `${formatClock(c.durationMs)}${c.estimatedTimes ? ' (estimated from the words)' : ''}`,
        ],
        ['Agent', `${turnsOf('AGENT')} turns · ${formatClock(a.talk.agentMs)} talking`],
        ['Customer', `${turnsOf('CUSTOMER')} turns · ${formatClock(a.talk.customerMs)} talking`],
        outcome,
      ];
  return (
    <div className="tool-result" data-testid="tool-result">
      <section className="an-panel an-call__head" aria-label={`Analysis of ${props.title}`}>
        <div className="an-call__title-row">
          <h2 className="an-call__title">{props.title}</h2>
          <RiskChips analysis={{ ...a, qaScore: c.qa.score }} />
        </div>
        <p className="an-call__summary" data-testid="tool-summary">
          <span className="tool-label">Suggested summary: </span>
          {a.summary}
        </p>
        <FactList facts={facts} />
        {c.notices.length > 0 && (
          <ul className="tool-notices" aria-label="How the transcript was read">
            {c.notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
      </section>
      <ConversationView
        segments={c.segments}
        durationMs={c.durationMs}
        analysis={{ ...a, qaScore: c.qa.score }}
        ruleResults={c.ruleResults}
        silenceThresholdMs={5000}
        audioUrl={props.audioUrl}
        noAudio="No recording was given."
        transcriptSubtitle={`${c.segments.length} turns`}
        side={props.side}
        written={props.written}
      />
    </div>
  );
}
