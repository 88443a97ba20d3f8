import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function Marketing() {
  return (
    <PlannedScreen
      shows={[
        'How marketing teams use speech analytics',
        'Campaign mentions, competitor mentions and brand perception in calls',
      ]}
    />
  );
}
