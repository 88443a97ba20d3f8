import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function RepeatedCallStatistics() {
  return (
    <PlannedScreen
      shows={[
        'First-contact resolution and repeat-call rate (same customer within 7 days; calls under 15 minutes apart count as one contact)',
        'Rates by queue, vendor and reason',
        'The trend over time',
      ]}
    />
  );
}
