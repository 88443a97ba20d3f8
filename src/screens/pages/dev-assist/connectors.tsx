/**
 * Connectors: the ways data gets into and out of Callscope, as the product supports them today.
 */
import { AppLink } from '../../../runtime/index.ts';

export function Connectors() {
  return (
    <div className="dev-topic">
      <section className="card" aria-labelledby="conn-in">
        <h2 id="conn-in">Recordings and transcripts in</h2>
        <ul>
          <li>
            <strong>Speech-to-text output</strong>: Amazon Transcribe JSON (with speaker labels),
            Google Speech-to-Text / CCAI JSON, Azure Speech batch JSON, WebVTT and SRT with speaker
            tags, and plain <code>Agent:</code> / <code>Customer:</code> text. Try any of them in{' '}
            <AppLink route="post-call-analysis">Post-Call Analysis</AppLink>; nothing leaves your
            browser.
          </li>
          <li>
            <strong>Chat and e-mail threads</strong>: JSON or CSV of messages with author and time,
            in <AppLink route="interaction-analysis">Interaction Analysis</AppLink>.
          </li>
          <li>
            <strong>Live calls</strong>:{' '}
            <AppLink route="real-time-analysis">Real-Time Analysis</AppLink> reads a stream of
            turns; a deployment connects it to its telephony events (for example over a WebSocket).
          </li>
        </ul>
      </section>
      <section className="card" aria-labelledby="conn-meta">
        <h2 id="conn-meta">Call metadata</h2>
        <p>
          Queues, brands, products, dispositions and customer ids come with the recordings, and can
          be corrected or completed afterwards with a CSV file in{' '}
          <AppLink route="recording-meta-upload">Recording metadata upload</AppLink>: map its
          columns, preview, and import all rows or none. The same import is{' '}
          <code>POST /api/v1/metadata-imports</code> for scheduled jobs.
        </p>
      </section>
      <section className="card" aria-labelledby="conn-out">
        <h2 id="conn-out">Data out</h2>
        <ul>
          <li>
            <strong>API</strong>: every figure on every screen through the{' '}
            <AppLink route="dev-assist" query={{ topic: 'api' }}>
              /v1 API
            </AppLink>
            , with your identity provider’s access tokens.
          </li>
          <li>
            <strong>Database</strong>: on a ClickHouse server deployment, read-only SQL on the call
            tables (see the{' '}
            <AppLink route="dev-assist" query={{ topic: 'bi-setup' }}>
              BI setup guide
            </AppLink>{' '}
            for the fields).
          </li>
          <li>
            <strong>Reports</strong>: the Churn, Brand and Sentiment reports export CSV and print to
            PDF.
          </li>
        </ul>
      </section>
    </div>
  );
}
