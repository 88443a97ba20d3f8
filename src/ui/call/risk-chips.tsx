/** The head of a conversation: the chips that flag it at a glance and its facts. */
import type { ReactNode } from 'react';
import type { ShownAnalysis } from './analysis-panels.tsx';

export function RiskChips({ analysis: a }: { analysis: ShownAnalysis | undefined }) {
  if (!a) return null;
  return (
    <>
      {!a.compliant && (
        <span className="an-chip" data-tone="bad">
          non-compliant
        </span>
      )}
      {a.fakeCall.flagged && (
        <span className="an-chip" data-tone="bad">
          possible fake call
        </span>
      )}
      {a.churnRisk.level === 'high' && (
        <span className="an-chip" data-tone="bad">
          high churn risk
        </span>
      )}
    </>
  );
}

/** A conversation's facts as a term/value list (the call page's and the tools' head). */
export function FactList({ facts }: { facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="an-facts">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
