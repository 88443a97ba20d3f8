import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function NetworkOperationsCentre() {
  return (
    <PlannedScreen
      shows={[
        'How network operations centres use speech analytics',
        'Outage and incident topics detected in calls',
        'Escalation and resolution times',
      ]}
    />
  );
}
