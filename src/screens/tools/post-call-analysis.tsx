import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function PostCallAnalysis() {
  return (
    <PlannedScreen
      shows={[
        'Upload of a call recording',
        'Its transcript by speaker, with sentiment per segment',
        'Topics, summary and the categories the call hits',
      ]}
    />
  );
}
