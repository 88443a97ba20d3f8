/**
 * The /v1 HTTP contract of ../README.md as data: one entry per CallDataSource method, read by
 * both the browser's HttpSource and the API server (server/), so the two cannot disagree on a
 * path or a verb. A new source method is one line here (the compile-time check below fails
 * until it is added).
 */
import type { DataSourceMethod } from '../source.ts';
import type { DataSourceErrorCode } from '../source-error.ts';

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the method's arguments travel: `none`; `body` (the one argument is the JSON body);
 * `id` (the one argument is the path's {id}); `id+body` (the argument is the body and its
 * `id` field fills the path; a route without {id} serves the argument without one).
 */
export type ArgumentShape = 'none' | 'body' | 'id' | 'id+body';

export interface ContractRoute {
  readonly verb: HttpVerb;
  /** Path under /v1; `{id}` stands for one URL-encoded path segment. */
  readonly path: string;
  readonly args: ArgumentShape;
}

export interface ContractMethod {
  /** Tried in order: the first route whose {id} the arguments can fill is used. */
  readonly routes: readonly ContractRoute[];
  /** Needs the write scope (and the configured role); recorded in the audit log. */
  readonly write: boolean;
  /** A 404 resolves null (reads by id). */
  readonly nullOnNotFound: boolean;
}

const read = (verb: HttpVerb, path: string, args: ArgumentShape): ContractMethod => ({
  routes: [{ verb, path, args }],
  write: false,
  nullOnNotFound: args === 'id',
});
const write = (...routes: ContractRoute[]): ContractMethod => ({
  routes,
  write: true,
  nullOnNotFound: false,
});

export const CONTRACT = {
  info: read('GET', '/info', 'none'),
  catalog: read('GET', '/catalog', 'none'),
  kpis: read('POST', '/kpis', 'body'),
  aggregate: read('POST', '/aggregate', 'body'),
  timeSeries: read('POST', '/time-series', 'body'),
  calls: read('POST', '/calls/query', 'body'),
  call: read('GET', '/calls/{id}', 'id'),
  complianceFailures: read('POST', '/compliance/failures', 'body'),
  search: read('POST', '/search', 'body'),
  customer: read('GET', '/customers/{id}', 'id'),
  leads: read('POST', '/leads/query', 'body'),
  lead: read('GET', '/leads/{id}', 'id'),
  evaluations: read('POST', '/evaluations/query', 'body'),
  usage: read('POST', '/usage', 'body'),
  usageCost: read('POST', '/usage/cost', 'body'),
  repeatCost: read('POST', '/repeats/cost', 'body'),
  repeatFactors: read('POST', '/repeats/factors', 'body'),
  repeatChains: read('POST', '/repeats/chains', 'body'),
  complianceByRule: read('POST', '/compliance/by-rule', 'body'),
  qaBySection: read('POST', '/evaluations/by-section', 'body'),
  voiceOfCustomer: read('POST', '/insight/voc', 'body'),
  fakeCallInsights: read('POST', '/insight/fake-calls', 'body'),
  churnInsights: read('POST', '/insight/churn', 'body'),
  atRiskCustomers: read('POST', '/insight/customers-at-risk', 'body'),
  topicTrends: read('POST', '/insight/trends', 'body'),
  spread: read('POST', '/spread', 'body'),
  ruleStats: read('POST', '/rules/stats', 'body'),
  ruleVersions: read('GET', '/rules/{id}/versions', 'id'),
  startRuleSave: write({ verb: 'POST', path: '/rules/jobs', args: 'body' }),
  ruleJob: read('GET', '/rules/jobs/{id}', 'id'),
  cancelRuleJob: write({ verb: 'DELETE', path: '/rules/jobs/{id}', args: 'id' }),
  reviewQueue: read('POST', '/reviews/queue', 'body'),
  submitEvaluation: write({ verb: 'POST', path: '/evaluations', args: 'body' }),
  updateEvaluation: write({ verb: 'PATCH', path: '/evaluations/{id}', args: 'id+body' }),
  calibration: read('GET', '/calls/{id}/calibration', 'id'),
  rules: read('GET', '/rules', 'none'),
  previewRule: read('POST', '/rules/preview', 'body'),
  saveRule: write(
    { verb: 'PUT', path: '/rules/{id}', args: 'id+body' },
    { verb: 'POST', path: '/rules', args: 'id+body' },
  ),
  deleteRule: write({ verb: 'DELETE', path: '/rules/{id}', args: 'id' }),
  evaluationForms: read('GET', '/evaluation-forms', 'none'),
  saveEvaluationForm: write({ verb: 'PUT', path: '/evaluation-forms/{id}', args: 'id+body' }),
  settings: read('GET', '/settings', 'none'),
  saveSettings: write({ verb: 'PATCH', path: '/settings', args: 'body' }),
  importMetadata: write({ verb: 'POST', path: '/metadata-imports', args: 'body' }),
  // Ingest: the server also takes one call at POST /calls and NDJSON at /calls/batch (server/ingest-routes.ts).
  ingestCalls: write({ verb: 'POST', path: '/calls/batch', args: 'body' }),
  deleteCalls: write({ verb: 'POST', path: '/calls/delete', args: 'body' }),
  metadataImports: read('GET', '/metadata-imports', 'none'),
  undoMetadataImport: write({ verb: 'POST', path: '/metadata-imports/{id}/undo', args: 'id' }),
  previewSettings: read('POST', '/settings/preview', 'body'),
  assignLeads: write({ verb: 'POST', path: '/leads/assign', args: 'body' }),
  inbox: read('GET', '/me/inbox', 'none'),
  markInboxRead: write({ verb: 'POST', path: '/me/inbox/read', args: 'body' }),
  calendar: read('GET', '/me/calendar', 'none'),
  preferences: read('GET', '/me/preferences', 'none'),
  savePreferences: write({ verb: 'PATCH', path: '/me/preferences', args: 'body' }),
  savedSearches: read('POST', '/me/saved-searches/query', 'body'),
  saveSearch: write({ verb: 'PUT', path: '/me/saved-searches/{id}', args: 'id+body' }),
  deleteSavedSearch: write({
    verb: 'POST',
    path: '/me/saved-searches/{id}/delete',
    args: 'id+body',
  }),
  schedules: read('GET', '/schedules', 'none'),
  saveSchedule: write({ verb: 'PUT', path: '/schedules/{id}', args: 'id+body' }),
  deleteSchedule: write({ verb: 'POST', path: '/schedules/{id}/delete', args: 'id+body' }),
} as const satisfies Record<DataSourceMethod, ContractMethod>;

/**
 * Every method of the data source, in the contract's order: the worker protocol, the persisted
 * demo source and the API server list methods from here, so a new method is one line above
 * (beside its interface signature and its implementations). `satisfies` above fails to compile
 * when a method of the interface has no route, or a route names no method.
 */
export const SOURCE_METHODS = Object.keys(CONTRACT) as readonly DataSourceMethod[];

/** Error body of every non-2xx response. */
export interface ContractErrorBody {
  error: { code: DataSourceErrorCode; message: string; details: string[] };
}

/** The status a source error is answered with, and back (README "Errors"). */
export const STATUS_OF_CODE: Record<DataSourceErrorCode, number> = {
  'invalid-query': 400,
  unauthorised: 401,
  'not-found': 404,
  // Saved elsewhere since the client read it (a stale base version): 409 Conflict.
  conflict: 409,
  unavailable: 503,
  internal: 500,
};

export function codeOfStatus(status: number): DataSourceErrorCode {
  if (status === 400 || status === 413 || status === 422) return 'invalid-query';
  if (status === 401 || status === 403) return 'unauthorised';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429 || status === 502 || status === 503 || status === 504) return 'unavailable';
  return 'internal';
}

/** The path with {id} filled from the arguments, or null when they cannot fill it. */
export function routePath(route: ContractRoute, args: readonly unknown[]): string | null {
  if (!route.path.includes('{id}')) return route.path;
  const arg = args[0];
  const id =
    route.args === 'id' ? arg : arg && typeof arg === 'object' ? (arg as { id?: unknown }).id : '';
  if (typeof id !== 'string' || id === '') return null;
  return route.path.replace('{id}', encodeURIComponent(id));
}

/** The JSON body a route sends, or undefined. */
export function routeBody(route: ContractRoute, args: readonly unknown[]): unknown {
  return route.args === 'body' || route.args === 'id+body' ? args[0] : undefined;
}
