/**
 * The BI setup guide: how to connect a BI tool to the call data, with the tables and fields
 * generated from schema/data and the metric definitions from src/metrics, so this page changes
 * when the schemas or the definitions do and can never describe data that does not exist.
 */
import { dataReference, metricDefinitions, type KpiKey } from '../../../data/index.ts';

const TOOLS = [
  {
    name: 'Power BI',
    steps: [
      'Get data → Web → Advanced: the URL of an API read endpoint (e.g. /api/v1/aggregate), method POST, with the query as body.',
      'Authentication: Organisational account, signed in with Microsoft Entra ID for the API (resource api://callscope, or your deployment’s).',
      'Or, on a deployment with a ClickHouse server: the ClickHouse connector (ODBC) with a read-only user.',
    ],
  },
  {
    name: 'Tableau',
    steps: [
      'On a ClickHouse server: the ClickHouse JDBC driver as “Other Databases (JDBC)” with a read-only user.',
      'Without direct database access: a Web Data Connector or a scheduled extract from /api/v1/calls/query, paging with offset and limit (500 per page at most).',
    ],
  },
  {
    name: 'Looker Studio',
    steps: [
      'Export an aggregate (POST /api/v1/aggregate) on a schedule into a Google Sheet or BigQuery table, and connect the report to it.',
    ],
  },
  {
    name: 'Excel',
    steps: [
      'Data → From Web (Power Query) with the same requests as Power BI; or download a report as CSV from the Churn, Brand and Sentiment reports.',
    ],
  },
] as const;

const EXAMPLES: { kpi: KpiKey; request: string }[] = [
  {
    kpi: 'analysedCalls',
    request: `POST /api/v1/kpis
Authorization: Bearer <access token>
Content-Type: application/json

{ "filters": { "from": "2026-10-01", "to": "2026-11-01" } }
→ KpiSummary: current.analysedCalls, previous.analysedCalls, drillDown.analysedCalls`,
  },
  {
    kpi: 'ahtMs',
    request: `POST /api/v1/aggregate
{ "filters": { "from": "2026-10-01", "to": "2026-11-01" }, "dimension": "vendor" }
→ rows[].metrics.ahtMs per vendor; total.metrics.ahtMs for all`,
  },
  {
    kpi: 'repeatRate',
    request: `POST /api/v1/time-series
{ "filters": { "from": "2026-10-01", "to": "2026-11-01" }, "bucket": "week" }
→ points[].metrics.repeatRate per week (pending contacts left out)`,
  },
];

export function BiSetupGuide() {
  const kpis = Object.entries(metricDefinitions) as [KpiKey, (typeof metricDefinitions)[KpiKey]][];
  return (
    <div className="dev-topic">
      <section className="card" aria-labelledby="bi-connect">
        <h2 id="bi-connect">Connect your BI tool</h2>
        <p>
          BI tools read the same numbers as the screens, through the API server’s read endpoints
          (every request carries an access token from your identity provider) or, on a deployment
          that runs ClickHouse as a server, directly from its database with a read-only user. Both
          apply the metric definitions below, so a dashboard in your BI tool matches Callscope’s.
        </p>
        <div className="dev-tools">
          {TOOLS.map((tool) => (
            <div key={tool.name} className="dev-tool">
              <h3>{tool.name}</h3>
              <ol>
                {tool.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </div>
          ))}
        </div>
      </section>

      <section className="card" aria-labelledby="bi-tables">
        <h2 id="bi-tables">Tables and fields</h2>
        <p className="muted">
          Generated from the data schemas in <code>schema/data/</code> ({dataReference.length}{' '}
          entities). Times are integer milliseconds; timestamps are ISO 8601 in UTC.
        </p>
        {dataReference.map((entity) => (
          <details key={entity.name} className="dev-entity">
            <summary>
              <strong>{entity.name}</strong> <span className="muted">— {entity.description}</span>
            </summary>
            <div
              className="dev-table"
              role="region"
              aria-label={`${entity.name} fields`}
              tabIndex={0}
            >
              <table>
                <caption className="sr-only">
                  Fields of {entity.name}, from {entity.file}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Type</th>
                    <th scope="col">Always present</th>
                    <th scope="col">Meaning</th>
                  </tr>
                </thead>
                <tbody>
                  {entity.fields.map((field) => (
                    <tr key={field.path}>
                      <th scope="row">
                        <code>{field.path}</code>
                      </th>
                      <td>
                        {field.type}
                        {field.values && (
                          <span className="dev-values">: {field.values.join(', ')}</span>
                        )}
                      </td>
                      <td>{field.required ? 'yes' : 'no'}</td>
                      <td>{field.description}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        ))}
      </section>

      <section className="card" aria-labelledby="bi-metrics">
        <h2 id="bi-metrics">Metric definitions</h2>
        <p className="muted">
          The definitions the product computes with (from <code>src/metrics</code>), word for word.
        </p>
        <dl className="dev-metrics">
          {kpis.map(([key, m]) => (
            <div key={key}>
              <dt>
                {m.label} <code>{key}</code>
              </dt>
              <dd>{m.definition}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="card" aria-labelledby="bi-examples">
        <h2 id="bi-examples">Example queries for the Dashboard’s KPIs</h2>
        {EXAMPLES.map((e) => (
          <div key={e.kpi} className="dev-example">
            <h3>{metricDefinitions[e.kpi].label}</h3>
            <pre tabIndex={0}>
              <code>{e.request}</code>
            </pre>
          </div>
        ))}
      </section>
    </div>
  );
}
