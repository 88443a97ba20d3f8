import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function TextAnalysis() {
  return (
    <PlannedScreen
      shows={[
        'Sentiment of a chat, an email or any pasted text',
        'Topics and intent',
        'The same categories and rules used for calls',
      ]}
    />
  );
}
