import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function Dashboard() {
  return (
    <PlannedScreen
      shows={[
        'KPI cards with change against the previous period: calls analysed, average handling time, customer sentiment, QA %, compliance %, repeat %, fake-call % and churn-risk calls',
        'Daily call volume and sentiment over time',
        'Top categories and topics',
        'Global filters (date range, vendor, team, queue, brand) kept in the address, so a view can be shared',
        'Every tile drills into the matching, filtered call list',
      ]}
    />
  );
}
