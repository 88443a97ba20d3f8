import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function CustomerSupport() {
  return (
    <PlannedScreen
      shows={[
        'How support teams use speech analytics',
        'First-contact resolution, repeat calls and their causes',
      ]}
    />
  );
}
