import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function Quantum() {
  return (
    <PlannedScreen
      shows={[
        'Research on the next generation of speech analytics',
        'Publications and experiments from the lab',
      ]}
    />
  );
}
