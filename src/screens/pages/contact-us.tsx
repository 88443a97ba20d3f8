import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function ContactUs() {
  return (
    <PlannedScreen
      shows={[
        'How to reach sales, support and partnerships',
        'Office locations and hours',
        'A contact form',
      ]}
    />
  );
}
