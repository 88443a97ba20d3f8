/** The chips that flag a conversation at a glance: non-compliant, possible fake call, high churn risk. */
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
