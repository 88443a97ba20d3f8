import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function ReportCard() {
  return (
    <PlannedScreen
      shows={[
        'A printable scorecard for an agent, a team or a vendor',
        'Quality, compliance and customer outcomes for the period',
        'Strengths and coaching points with the calls that show them',
      ]}
    />
  );
}
