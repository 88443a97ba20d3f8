import { AppLink, useRouteQuery } from '../../runtime/index.ts';
import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function AgentPerformance() {
  const { compliant, vendor } = useRouteQuery('/performance/agents');
  const nonCompliant = compliant === false;
  return (
    <PlannedScreen
      shows={
        nonCompliant
          ? [
              'Every call that failed a compliance rule: call, agent, rule failed and its severity',
              'The evidence: the transcript moment and its time in the call, ready to play',
              'A call fails when any critical rule fails; its score weighs the rules that apply',
            ]
          : [
              'An agent leaderboard: calls, AHT, talk %, silence %, interruptions, QA, compliance, sentiment, repeat % and fake-call flags',
              'Quartile bands, so the top and bottom performers stand out',
              'Each agent one click from their calls and report card',
            ]
      }
    >
      <section className="card" aria-labelledby="agents-view-title">
        <h2 id="agents-view-title">{nonCompliant ? 'Non-compliant calls' : 'All agents'}</h2>
        <p className="muted">
          {vendor ? `Limited to vendor ${vendor}. ` : ''}
          {nonCompliant ? (
            <>
              Back to <AppLink to="/performance/agents">the agent leaderboard</AppLink>.
            </>
          ) : (
            <>
              See{' '}
              <AppLink to="/performance/agents" query={{ compliant: false }}>
                non-compliant calls
              </AppLink>{' '}
              only.
            </>
          )}
        </p>
      </section>
    </PlannedScreen>
  );
}
