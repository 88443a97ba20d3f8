/**
 * The server's own routes under /v1, beside the contract's (contract.ts lists the data source's
 * JSON methods): one call's ingest and the deletions by path (server/ingest-routes.ts), a call's
 * audio (audio-contract.ts, server/audio/routes.ts), the audit log and the health check
 * (server/http.ts). The API reference (scripts/data/openapi.ts) documents them from this table,
 * their bodies by the name of their type in one of ROUTE_TYPE_FILES; server-routes.test.ts
 * checks that the server answers each of them and nothing the reference does not name.
 */

/** Who may call a route. */
export type RouteAccess =
  /** No token (a load balancer's probe). */
  | 'public'
  /** The read scope. */
  | 'read'
  /** The read scope, or the signed link of a call's `audioUrl` instead of a token. */
  | 'read-or-link'
  /** The ingest scope and the role table's ingest-calls permission. */
  | 'ingest'
  /** The ingest scope and the role table's delete-calls permission. */
  | 'delete'
  /** The read scope and a role that may read the audit log. */
  | 'audit';

export interface RouteBody {
  /** A type's name exported by one of ROUTE_TYPE_FILES, sent as JSON. */
  type?: string;
  /** Raw bytes of these content types instead. */
  bytes?: readonly string[];
}

export interface ServerRoute {
  readonly verb: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  /** Under /v1, `{id}` standing for one path segment. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly access: RouteAccess;
  readonly query?: readonly { name: string; description: string; integer?: boolean }[];
  /** Request headers the route reads (Range). */
  readonly headers?: readonly { name: string; description: string }[];
  readonly request?: RouteBody;
  /** Status -> what it means, and its body when it has one (an error otherwise for 4xx). */
  readonly responses: Readonly<Record<number, { description: string } & RouteBody>>;
}

/** Where the types the table names are declared (repository paths). */
export const ROUTE_TYPE_FILES = [
  'src/data/source.ts',
  'src/data/http/audio-contract.ts',
  'src/data/http/server-routes.ts',
  'server/store/write-log.ts',
] as const;

/** GET /v1/health's answer. */
export interface HealthAnswer {
  ok: true;
  /** How many calls the served corpus holds. */
  calls: number;
}

const ID_OF_CALL = "the product's call id (call-000123) or the deployment's own id of the call";
const AUDIO_TYPES = ['audio/wav', 'audio/ogg', 'audio/mpeg'] as const;
const PAGE = [
  { name: 'offset', description: 'Rows to skip, newest first (default 0).', integer: true },
  { name: 'limit', description: 'Rows to answer, at most 500 (default 50).', integer: true },
] as const;

export const SERVER_ROUTES: readonly ServerRoute[] = [
  {
    verb: 'POST',
    path: '/calls',
    operationId: 'ingestCall',
    summary:
      'Ingest one call (its metadata and transcript file); re-sending its id replaces it. Card numbers and other personal data are redacted before it is stored.',
    access: 'ingest',
    request: { type: 'IngestRecord' },
    responses: {
      201: { description: 'A new call, stored and analysed.', type: 'IngestOutcome' },
      200: { description: 'The call of this id, replaced.', type: 'IngestOutcome' },
      413: { description: 'The body is larger than the limit.' },
      422: { description: 'The call was not ingested: details name the field and why.' },
    },
  },
  {
    verb: 'DELETE',
    path: '/calls/{id}',
    operationId: 'deleteCall',
    summary: `Delete one call (${ID_OF_CALL}) with its audio and every derived row; audited.`,
    access: 'delete',
    responses: { 200: { description: 'The calls deleted.', type: 'CallDeletionResult' } },
  },
  {
    verb: 'DELETE',
    path: '/customers/{id}/calls',
    operationId: 'deleteCustomerCalls',
    summary:
      "Delete every call of one customer (the product's id or the deployment's), with their audio: a data-subject request; audited.",
    access: 'delete',
    responses: { 200: { description: 'The calls deleted.', type: 'CallDeletionResult' } },
  },
  {
    verb: 'PUT',
    path: '/calls/{id}/audio',
    operationId: 'putCallAudio',
    summary: `Store a call's recording (${ID_OF_CALL}; the call first): the raw bytes, WAV (16-bit PCM, µ-law or A-law), Opus in Ogg or MP3, told by the bytes; what the transcript redacted is silenced.`,
    access: 'ingest',
    request: { bytes: AUDIO_TYPES },
    responses: {
      201: { description: 'Stored.', type: 'AudioStored' },
      404: { description: 'No such call: send the call before its audio.' },
      413: { description: 'Larger than the audio limit.' },
      415: { description: 'Not a format taken.' },
      422: { description: 'Audio that cannot carry the redactions its transcript needs.' },
    },
  },
  ...(['GET', 'HEAD'] as const).map((verb): ServerRoute => ({
    verb,
    path: '/calls/{id}/audio',
    operationId: verb === 'GET' ? 'getCallAudio' : 'headCallAudio',
    summary: `A call's recording (${ID_OF_CALL}), with a token or the signed link of the call's audioUrl (query expires and signature); byte ranges answered 206.`,
    access: 'read-or-link',
    query: [
      { name: 'expires', description: 'The signed link’s end (seconds since 1970).' },
      { name: 'signature', description: 'The signed link’s signature.' },
    ],
    headers: [{ name: 'Range', description: 'bytes=first-last (one range).' }],
    responses: {
      200: { description: 'The whole recording.', bytes: AUDIO_TYPES },
      206: { description: 'The range asked for (Content-Range).', bytes: AUDIO_TYPES },
      404: { description: 'No such call, or it has no audio.' },
      416: { description: 'A range past the end.' },
    },
  })),
  {
    verb: 'GET',
    path: '/audit',
    operationId: 'audit',
    summary: 'The audit log: every accepted write with who made it and when, newest first.',
    access: 'audit',
    query: PAGE,
    responses: { 200: { description: 'One page of the log.', type: 'AuditPage' } },
  },
  {
    verb: 'GET',
    path: '/health',
    operationId: 'health',
    summary: 'Whether the server answers, and how many calls it holds.',
    access: 'public',
    responses: { 200: { description: 'It answers.', type: 'HealthAnswer' } },
  },
];
