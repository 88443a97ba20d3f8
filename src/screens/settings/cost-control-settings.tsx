import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function CostControlSettings() {
  return (
    <PlannedScreen
      shows={[
        'Sampling per queue or vendor',
        'Duration filters for calls not worth analysing',
        'A monthly cap with alerts before it is reached',
      ]}
    />
  );
}
