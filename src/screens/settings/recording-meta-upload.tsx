import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function RecordingMetadataUpload() {
  return (
    <PlannedScreen
      shows={[
        'Upload of a CSV file of recording metadata',
        'Column mapping to call fields',
        'Row-level errors; nothing is imported half-way',
      ]}
    />
  );
}
