import { AppLink, useRouteQuery } from '../../runtime/index.ts';
import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function Lead() {
  const { id } = useRouteQuery('/lead/lead');
  return (
    <PlannedScreen
      shows={[
        'Contact details, campaign, owner and stage',
        'The lead score and the buying signals heard',
        'The calls the lead came from, and the next action',
      ]}
    >
      <section className="card" aria-labelledby="lead-id-title">
        <h2 id="lead-id-title">{id ? `Lead ${id}` : 'No lead chosen'}</h2>
        <p className="muted">
          {id ? 'Details of this lead will appear here.' : 'Pick a lead from '}
          {!id && <AppLink to="/lead/list">the lead list</AppLink>}
          {!id && '.'}
        </p>
      </section>
    </PlannedScreen>
  );
}
