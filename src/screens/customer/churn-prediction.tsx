import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function ChurnPrediction() {
  return (
    <PlannedScreen
      shows={[
        'Customers at risk of leaving, by risk level and score',
        'The reasons and the transcript evidence for each',
        'Their recent contacts and sentiment',
      ]}
    />
  );
}
