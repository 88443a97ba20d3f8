import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function ChurnReport() {
  return (
    <PlannedScreen
      shows={[
        'Churn-risk calls over time, by level (low, medium, high)',
        'The reasons heard: cancellation intent, competitor or price comparison, repeated contact, unresolved negative sentiment',
        'Breakdown by vendor, queue and brand',
      ]}
    />
  );
}
