import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function ImpactAnalysis() {
  return (
    <PlannedScreen
      shows={[
        'KPIs before and after a change',
        'Comparison between vendors, queues or periods side by side',
        'Which differences are large enough to matter',
      ]}
    />
  );
}
