import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function SentimentReport() {
  return (
    <PlannedScreen
      shows={[
        'Customer and agent sentiment (from -5 to +5) over time',
        'Sentiment through the call, quarter by quarter',
        'Calls whose sentiment fell from start to end',
      ]}
    />
  );
}
