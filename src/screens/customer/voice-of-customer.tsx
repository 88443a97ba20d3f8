import { AppLink, useRouteQuery } from '../../runtime/index.ts';
import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function VoiceOfTheCustomer() {
  const { disposition } = useRouteQuery('/customer/voc');
  return (
    <PlannedScreen
      shows={[
        'What customers say, grouped by disposition, topic and sentiment',
        'Representative quotes with the calls they come from',
        'How each group changes over time',
      ]}
    >
      <section className="card" aria-labelledby="voc-filter-title">
        <h2 id="voc-filter-title">
          {disposition ? `Disposition: ${disposition}` : 'All dispositions'}
        </h2>
        <p className="muted">
          {disposition ? (
            <>
              Only calls with this disposition.{' '}
              <AppLink to="/customer/voc">Show all dispositions</AppLink>.
            </>
          ) : (
            'Every analysed call, whatever its disposition.'
          )}
        </p>
      </section>
    </PlannedScreen>
  );
}
