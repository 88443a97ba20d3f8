import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function Sales() {
  return (
    <PlannedScreen
      shows={[
        'How sales teams use speech analytics',
        'Buying signals, objections and leads found in calls',
      ]}
    />
  );
}
