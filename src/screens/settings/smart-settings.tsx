import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function SmartSettings() {
  return (
    <PlannedScreen
      shows={[
        'Analysis thresholds: silence length, repeat window, short-call seconds',
        'Churn-risk levels',
        'What each threshold changes, shown before saving',
      ]}
    />
  );
}
