import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function TrendAnalysis() {
  return (
    <PlannedScreen
      shows={[
        'Topics and categories rising or falling over time',
        'The change against the previous period for each',
        'Example calls behind each trend',
      ]}
    />
  );
}
