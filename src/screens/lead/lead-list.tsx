import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function LeadList() {
  return (
    <PlannedScreen
      shows={[
        'Leads found in calls, ranked by score (0 to 100) and marked hot, warm or cold',
        'Campaign, owner, stage and the buying signals heard',
        'The next action for each lead',
      ]}
    />
  );
}
