import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function HumanResources() {
  return (
    <PlannedScreen
      shows={[
        'How HR help desks use speech analytics',
        'Common employee questions and how they are resolved',
      ]}
    />
  );
}
