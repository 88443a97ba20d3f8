import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function AutomatedQualityManagement() {
  return (
    <PlannedScreen
      shows={[
        'Calls scored automatically against a quality form',
        'The evidence behind each answer, with its place in the transcript',
        'Answers a reviewer should check',
      ]}
    />
  );
}
