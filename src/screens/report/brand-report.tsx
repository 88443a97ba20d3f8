import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function BrandReport() {
  return (
    <PlannedScreen
      shows={[
        'Call volume and sentiment for each brand',
        'Top customer concerns per brand',
        'Comparison between brands over the period',
      ]}
    />
  );
}
