import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function RealTimeAnalysis() {
  return (
    <PlannedScreen
      shows={[
        "A live call's transcript as it is spoken",
        'Customer sentiment as it changes',
        'Alerts when a compliance phrase is missed or a churn signal is heard',
      ]}
    />
  );
}
