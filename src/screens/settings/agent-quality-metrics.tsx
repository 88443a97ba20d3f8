import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function AgentQualityMetrics() {
  return (
    <PlannedScreen
      shows={[
        'Evaluation forms with weighted sections',
        'Questions (single choice, numeric, yes/no, text) with option scores and N/A',
        'Auto-fail answers, and answers filled automatically from a rule',
        'Form versions, so past evaluations keep the form they were scored with',
      ]}
    />
  );
}
