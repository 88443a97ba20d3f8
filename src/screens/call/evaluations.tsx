import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function RecordingEvaluations() {
  return (
    <PlannedScreen
      shows={[
        'Evaluations of recordings by AI and by reviewers, with score against potential',
        'Status of each evaluation: draft, submitted, acknowledged, disputed or resolved',
        'Calibration sessions comparing reviewers on the same call',
      ]}
    />
  );
}
