import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function HealthCare() {
  return (
    <PlannedScreen
      shows={[
        'How health-care contact centres use speech analytics',
        'Redaction of personal health information in transcripts',
      ]}
    />
  );
}
