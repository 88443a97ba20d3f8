/**
 * Developer Assist (the sidebar's BI Setup Guide): how to get the call data into a BI tool, the
 * API reference and the connectors, each a topic of its own in the address (?topic=).
 */
import { AppLink, useRouteQuery } from '../../runtime/index.ts';
import { ApiReference } from './dev-assist/api-reference.tsx';
import { BiSetupGuide } from './dev-assist/bi-setup.tsx';
import { Connectors } from './dev-assist/connectors.tsx';
import './dev-assist/dev-assist.css';

const TOPICS = [
  {
    id: 'bi-setup',
    title: 'BI setup guide',
    summary:
      'Connect Power BI, Tableau, Looker Studio or Excel; every table, field and metric definition.',
  },
  {
    id: 'api',
    title: 'API reference',
    summary:
      'The /v1 endpoints, their requests and results, authentication and errors (OpenAPI 3.1).',
  },
  {
    id: 'connectors',
    title: 'Connectors',
    summary: 'Recording sources, transcript formats, metadata imports and exports.',
  },
] as const;

export default function DeveloperAssist() {
  const { topic } = useRouteQuery('dev-assist');
  return (
    <div className="stack">
      <nav className="dev-topics" aria-label="Developer topics">
        <ul>
          {TOPICS.map((t) => (
            <li key={t.id}>
              <AppLink
                route="dev-assist"
                query={{ topic: t.id }}
                aria-current={topic === t.id ? 'page' : undefined}
                className="dev-topic-link"
              >
                <strong>{t.title}</strong>
                <span>{t.summary}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {topic === 'bi-setup' && <BiSetupGuide />}
      {topic === 'api' && <ApiReference />}
      {topic === 'connectors' && <Connectors />}
      {topic === undefined && (
        <p className="muted">Choose a topic above; each has an address of its own to share.</p>
      )}
    </div>
  );
}
