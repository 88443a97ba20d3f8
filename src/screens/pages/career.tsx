import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function Careers() {
  return (
    <PlannedScreen
      shows={['Open positions by team and location', 'Life at the company and how hiring works']}
    />
  );
}
