import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function Finance() {
  return (
    <PlannedScreen
      shows={[
        'How finance and collections teams use speech analytics',
        'Payment promises, disputes and compliance disclosures heard in calls',
      ]}
    />
  );
}
