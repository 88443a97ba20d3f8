import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function ComplianceRulesList() {
  return (
    <PlannedScreen
      shows={[
        'Every compliance rule with its scope, severity and version',
        "Each rule's pass rate on analysed calls",
        'Active and inactive rules, with a link to edit each one',
      ]}
    />
  );
}
