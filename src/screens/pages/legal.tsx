import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function Legal() {
  return (
    <PlannedScreen
      shows={[
        'Terms of use and the privacy notice',
        'How recordings and transcripts are processed, redacted and retained',
        'Compliance certifications',
      ]}
    />
  );
}
