/**
 * The API reference, rendered from the OpenAPI document the build generates from the contract
 * table, the data interface and the schemas (the same file is served at /api/openapi.json).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { loadApiReference } from '../../../data/index.ts';

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  items?: Schema;
  prefixItems?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  description?: string;
  format?: string;
};
interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  requestBody?: { content: Content };
  responses: Record<string, { description: string; content?: Content }>;
}
/** JSON, or raw bytes of other content types (a call's audio). */
type Content = Record<string, { schema: Schema } | undefined>;
interface OpenApiDocument {
  info: { title: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

type Loaded = { state: 'loading' } | { state: 'ready'; doc: OpenApiDocument } | { state: 'failed' };

export function ApiReference() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    loadApiReference().then(
      (doc) => live && setLoaded({ state: 'ready', doc: doc as OpenApiDocument }),
      () => live && setLoaded({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);

  if (loaded.state === 'loading') return <p role="status">Loading the API reference…</p>;
  if (loaded.state === 'failed')
    return (
      <p role="alert">
        The API reference could not be loaded. Reload the page, or download{' '}
        <a href="/api/openapi.json">openapi.json</a>.
      </p>
    );
  const { doc } = loaded;
  const operations = Object.entries(doc.paths).flatMap(([path, verbs]) =>
    Object.entries(verbs).map(([verb, op]) => ({ path, verb: verb.toUpperCase(), op })),
  );
  const used = new Set<string>();
  for (const { op } of operations) {
    collectRefs(op.requestBody?.content['application/json']?.schema, doc, used);
    for (const r of Object.values(op.responses))
      collectRefs(r.content?.['application/json']?.schema, doc, used);
  }
  const schemas = Object.entries(doc.components.schemas).filter(([name]) => used.has(name));

  return (
    <div className="dev-topic">
      <section className="card" aria-labelledby="api-start">
        <h2 id="api-start">{doc.info.title}</h2>
        <p>{doc.info.description}</p>
        <ul>
          <li>
            Base address: <code>/api/v1</code> on this site. Send{' '}
            <code>Authorization: Bearer &lt;access token&gt;</code> from your identity provider;
            reads need the <code>calls.read</code> scope, writes <code>settings.write</code>.
          </li>
          <li>
            Errors answer with a status and{' '}
            <code>{'{ "error": { "code", "message", "details" } }'}</code>: 400 invalid-query,
            401/403 unauthorised, 404 not-found, 503 unavailable (honour <code>Retry-After</code>
            ), 500 internal.
          </li>
          <li>
            Lists page with <code>offset</code> and <code>limit</code> (at most 500) and return the{' '}
            <code>total</code>.
          </li>
          <li>
            The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>{' '}
            (OpenAPI 3.1).
          </li>
        </ul>
      </section>
      <section className="card" aria-labelledby="api-endpoints">
        <h2 id="api-endpoints">Endpoints</h2>
        <div className="dev-table" role="region" aria-label="Endpoints" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">What it does</th>
                <th scope="col">Body</th>
                <th scope="col">Returns</th>
              </tr>
            </thead>
            <tbody>
              {operations.map(({ path, verb, op }) => {
                const ok = op.responses['200'] ?? op.responses['201'];
                return (
                  <tr key={`${verb} ${path}`} data-operation={op.operationId}>
                    <th scope="row">
                      <code>
                        {verb} {path}
                      </code>
                    </th>
                    <td>
                      {op.summary}
                      {op.tags.includes('Writes') && <span className="dev-badge">write</span>}
                    </td>
                    <td>{bodyOf(op.requestBody?.content)}</td>
                    <td>{ok ? bodyOf(ok.content) : 'nothing (204)'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card" aria-labelledby="api-schemas">
        <h2 id="api-schemas">Types</h2>
        {schemas.map(([name, schema]) => (
          <details key={name} id={`schema-${name}`} className="dev-entity">
            <summary>
              <strong>{name}</strong>
              {schema.description && <span className="muted"> — {schema.description}</span>}
            </summary>
            {schema.properties ? (
              <div
                className="dev-table"
                role="region"
                aria-label={`${name} properties`}
                tabIndex={0}
              >
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Property</th>
                      <th scope="col">Type</th>
                      <th scope="col">Meaning</th>
                    </tr>
                  </thead>
                  <tbody>
                    {Object.entries(schema.properties).map(([prop, s]) => (
                      <tr key={prop}>
                        <th scope="row">
                          <code>
                            {prop}
                            {schema.required?.includes(prop) ? '' : '?'}
                          </code>
                        </th>
                        <td>{typeOf(s)}</td>
                        <td>{s.description}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p>{typeOf(schema)}</p>
            )}
          </details>
        ))}
      </section>
    </div>
  );
}

/** A schema as a short type expression, with named types linking to their section. */
/** A body's type: its JSON schema's, or the content types of raw bytes. */
function bodyOf(content: Content | undefined): ReactNode {
  const json = content?.['application/json'];
  if (json || !content) return typeOf(json?.schema);
  return `bytes (${Object.keys(content).join(', ')})`;
}

function typeOf(schema: Schema | undefined): ReactNode {
  if (!schema) return '—';
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    return <a href={`#schema-${name}`}>{name}</a>;
  }
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return join(schema.anyOf.map(typeOf), ' | ');
  if (schema.type === 'array')
    return schema.prefixItems ? (
      <>[{join(schema.prefixItems.map(typeOf), ', ')}]</>
    ) : (
      <>{typeOf(schema.items)}[]</>
    );
  if (
    schema.type === 'object' &&
    !schema.properties &&
    typeof schema.additionalProperties === 'object'
  )
    return <>map of {typeOf(schema.additionalProperties)}</>;
  if (schema.type === 'object' && schema.properties)
    return (
      <>
        {'{ '}
        {Object.keys(schema.properties).join(', ')}
        {' }'}
      </>
    );
  const base = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  return schema.format ? `${base} (${schema.format})` : base;
}

function join(parts: ReactNode[], by: string): ReactNode {
  return parts.map((p, i) => (
    <span key={i}>
      {i > 0 && by}
      {p}
    </span>
  ));
}

/** The named types a schema uses, transitively, so the reference lists only those. */
function collectRefs(schema: Schema | undefined, doc: OpenApiDocument, into: Set<string>): void {
  if (!schema || typeof schema !== 'object') return;
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    if (into.has(name)) return;
    into.add(name);
    collectRefs(doc.components.schemas[name], doc, into);
    return;
  }
  for (const value of Object.values(schema)) {
    if (Array.isArray(value)) value.forEach((v) => collectRefs(v as Schema, doc, into));
    else if (value && typeof value === 'object') collectRefs(value as Schema, doc, into);
  }
}
