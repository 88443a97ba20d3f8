import { AppLink, useRouteQuery } from '../../runtime/index.ts';
import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function ComplianceRules() {
  const { rule } = useRouteQuery('/settings/compliance-rules');
  return (
    <PlannedScreen
      shows={[
        'A rule builder: phrases with speaker and time window, sentiment, silence, interruptions and call attributes, combined with all, any and not',
        'Scope (queues, vendors, agents, direction), severity and points',
        'A live preview of the calls the rule hits, and a re-run on history',
      ]}
    >
      <section className="card" aria-labelledby="rule-title">
        <h2 id="rule-title">{rule ? `Editing rule ${rule}` : 'New rule'}</h2>
        <p className="muted">
          All rules are in the{' '}
          <AppLink to="/settings/compliance-rules-list">compliance rules list</AppLink>.
        </p>
      </section>
    </PlannedScreen>
  );
}
