import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function RepeatedCallAnalysis() {
  return (
    <PlannedScreen
      shows={[
        'Repeat chains: the calls one customer made about the same matter',
        'The reason for each repeat, with its transcript',
        'What the first call missed',
      ]}
    />
  );
}
