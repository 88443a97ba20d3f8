import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function ImageAnalysis() {
  return (
    <PlannedScreen
      shows={[
        'Text extracted from screenshots and scanned documents',
        'The context found in them (account numbers, products, dates)',
        'Links to the calls about the same customer',
      ]}
    />
  );
}
