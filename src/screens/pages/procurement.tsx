import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function Procurement() {
  return (
    <PlannedScreen
      shows={[
        'How procurement teams use speech analytics',
        'Vendor performance against SLA targets and rate cards',
      ]}
    />
  );
}
