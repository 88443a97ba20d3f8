import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function InteractionAnalysis() {
  return (
    <PlannedScreen
      shows={[
        "One customer's interaction across calls, chats and emails",
        'A timeline with sentiment and resolution at each contact',
        'Repeat contacts and their reasons',
      ]}
    />
  );
}
