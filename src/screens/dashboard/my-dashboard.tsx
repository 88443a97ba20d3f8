import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function MyDashboard() {
  return (
    <PlannedScreen
      shows={[
        'The dashboard widgets you choose, order and save',
        'Your saved keyword searches, one click from their results',
        'The same numbers as the main dashboard, from the same metric definitions',
      ]}
    />
  );
}
