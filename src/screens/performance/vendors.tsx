import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function VendorPerformance() {
  return (
    <PlannedScreen
      shows={[
        'A vendor by KPI matrix: calls, AHT, QA, compliance, FCR, sentiment, fake-call % and cost per call',
        "Each value against the vendor's SLA target, coloured red, amber or green",
        'A trend per vendor, and drill-down to its agents',
      ]}
    />
  );
}
