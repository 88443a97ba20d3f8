import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function UsageAndCost() {
  return (
    <PlannedScreen
      shows={[
        'Calls, audio minutes, speech-to-text minutes and storage per vendor, day by day',
        'Cost against budget',
        'Cost per analysed call',
      ]}
    />
  );
}
