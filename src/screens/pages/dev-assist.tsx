import { AppLink, useRouteQuery } from '../../runtime/index.ts';
import { PlannedScreen } from '../parts/planned-screen.tsx';

const topics = {
  'bi-setup': {
    title: 'BI setup guide',
    shows: [
      'Connecting a BI tool to the analysed-call data',
      'The tables and fields available, with the metric definitions behind them',
      'Example dashboards to start from',
    ],
  },
  api: {
    title: 'API',
    shows: [
      'Authentication for API clients',
      'Endpoints for calls, transcripts and metrics',
      'Rate limits and paging',
    ],
  },
  connectors: {
    title: 'Connectors',
    shows: [
      'Recording sources and telephony platforms',
      'Metadata imports',
      'Export to data warehouses',
    ],
  },
} as const;

export default function DeveloperAssist() {
  const { topic } = useRouteQuery('/page/dev-assist');
  const chosen = topic ? topics[topic] : undefined;
  return (
    <PlannedScreen
      shows={
        chosen?.shows ?? [
          'The BI setup guide',
          'The API reference',
          'Connectors for recording sources',
        ]
      }
    >
      <section className="card" aria-labelledby="dev-topics-title">
        <h2 id="dev-topics-title">{chosen ? chosen.title : 'Topics'}</h2>
        <ul>
          <li>
            <AppLink to="/page/dev-assist" query={{ topic: 'bi-setup' }}>
              BI setup guide
            </AppLink>
          </li>
          <li>
            <AppLink to="/page/dev-assist" query={{ topic: 'api' }}>
              API
            </AppLink>
          </li>
          <li>
            <AppLink to="/page/dev-assist" query={{ topic: 'connectors' }}>
              Connectors
            </AppLink>
          </li>
        </ul>
      </section>
    </PlannedScreen>
  );
}
