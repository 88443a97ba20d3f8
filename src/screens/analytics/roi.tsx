import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function ReturnOnInvestment() {
  return (
    <PlannedScreen
      shows={[
        'Yearly gains: shorter calls, avoided repeat calls, QA hours saved, penalties avoided',
        'Against the yearly cost of analysis',
        'ROI = (yearly gains - yearly cost) / yearly cost, with each assumption editable',
      ]}
    />
  );
}
