/**
 * The /v1 contract over node:http: routes from the shared contract table, bearer token and
 * permission checks, body and query limits, a timeout per request, and the contract's error
 * body for every failure. Knows nothing about the database: it calls the service.
 */
import type { HealthAnswer } from '../src/data/http/server-routes.ts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  CONTRACT,
  STATUS_OF_CODE,
  type ContractErrorBody,
  type ContractRoute,
} from '../src/data/http/contract.ts';
import { DataSourceError, type DataSourceMethod } from '../src/data/source.ts';
import {
  authorise,
  authoriseAuditReader,
  authoriseProductRole,
  ForbiddenError,
  type Caller,
  type TokenVerifier,
} from './auth.ts';
import type { ApiConfig } from './config.ts';
import { actingAs } from './acting-user.ts';
import { applyCors } from './cors.ts';
import { attachLiveSocket } from './live-socket.ts';
import { searchCostProblem } from './query/search-cost.ts';
import { requestProblems } from './request-validation.ts';
import { securityHeaders } from './security-headers.ts';
import type { ApiService } from './service.ts';
import { unchangedAnswer } from './unchanged-write.ts';
import { answerIngest, IngestFailure, ingestRoute } from './ingest-routes.ts';
import { audioOf } from './audio/index.ts';
import { answerAudio, audioRoute } from './audio/routes.ts';
import { withAudioLink } from './audio/call-detail.ts';

interface CompiledRoute {
  method: DataSourceMethod;
  route: ContractRoute;
  pattern: RegExp;
}

function compileRoutes(): CompiledRoute[] {
  return (Object.keys(CONTRACT) as DataSourceMethod[]).flatMap((method) =>
    CONTRACT[method].routes.map((route) => ({
      method,
      route,
      // Contract paths are letters, dashes and slashes, so only {id} needs translating.
      pattern: new RegExp(`^${route.path.replace('{id}', '([^/]+)')}$`),
    })),
  );
}

/** Thrown for bad requests before they reach the service; carries its own status. */
class HttpFailure extends DataSourceError {
  constructor(
    readonly status: number,
    code: ConstructorParameters<typeof DataSourceError>[0],
    message: string,
    details: string[] = [],
  ) {
    super(code, message, details);
  }
}

export interface ApiServerParts {
  readonly config: ApiConfig;
  readonly service: ApiService;
  readonly verifier: TokenVerifier;
}

export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The request handler alone, to mount under a prefix of another server (`npm start`: /api). */
export function createApiHandler({ config, service, verifier }: ApiServerParts): ApiHandler {
  const routes = compileRoutes();
  const allowedOrigins = new Set(config.allowedOrigins);
  const audio = audioOf(config);
  let inFlight = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    securityHeaders(res);
    const cors = applyCors(req, res, allowedOrigins);
    if (cors === 'preflight') return send(res, 204, undefined);
    if (cors === 'refused') {
      throw new HttpFailure(
        403,
        'unauthorised',
        `The origin ${req.headers.origin ?? '(none)'} may not call this API`,
        ['Origin'],
      );
    }
    // A request target like `//[` is no URL: answered 400 (URL would throw).
    const url = URL.parse(req.url ?? '/', 'http://api.local');
    if (!url) throw new HttpFailure(400, 'invalid-query', 'The request path is not a valid URL');
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    if (!path.startsWith('/v1/')) throw new HttpFailure(404, 'not-found', `No such path ${path}`);
    const local = path.slice(3);
    if (local === '/health' && req.method === 'GET') {
      return send(res, 200, { ok: true, calls: service.corpus.n } satisfies HealthAnswer);
    }
    // A call's audio: its own routes and checks (a signed link stands for the token).
    const audioCall = audioRoute(local);
    if (audioCall) {
      return answerAudio(audioCall, { req, res, url, config, service, verifier, audio });
    }
    const caller = await verifier.verify(req.headers.authorization);
    if (local === '/audit' && req.method === 'GET') {
      authorise(caller, false, config);
      if (config.productRoles) authoriseAuditReader(caller);
      onlyParameters(url, ['offset', 'limit']);
      const offset = pageNumber(url.searchParams.get('offset'), 0, 'offset', MAX_OFFSET);
      const limit = pageNumber(url.searchParams.get('limit'), 50, 'limit', 500);
      return send(res, 200, await service.audit(offset, limit));
    }
    // Ingest and deletion of calls: their own scope, role and body reading (ingest-routes.ts).
    const ingest = ingestRoute(req.method ?? 'GET', local);
    if (ingest) {
      onlyParameters(url, []);
      const answer = await answerIngest(ingest, req, caller, config, service, audio.calls);
      return send(res, answer.status, answer.body);
    }
    const match = matchRoute(routes, req.method ?? 'GET', local);
    authorise(caller, CONTRACT[match.method].write, config);
    // The contract's requests travel in the path and the body, never in the query string.
    onlyParameters(url, []);
    const body = await readBody(req, config.limits.bodyBytes);
    const requested = argumentsOf(match, body);
    checkRequest(match.method, requested, config);
    // Who acts and who owns are the token's, whatever the body says (acting-user.ts).
    const args = actingAs(match.method, requested, caller);
    if (config.productRoles) authoriseProductRole(match.method, args, caller);
    if (inFlight >= config.limits.queueDepth) {
      throw new HttpFailure(503, 'unavailable', 'The server is busy; try again shortly');
    }
    // A client that goes away (a superseded rule preview, a page left) stops the work it asked
    // for where the method can stop (it takes CallOptions); so does the request's timeout.
    const stop = new AbortController();
    res.once('close', () => {
      if (!res.writableEnded) stop.abort();
    });
    inFlight++;
    try {
      // A write that would change nothing is answered with what is there: no audit row, no
      // recomputation.
      const unchanged = await unchangedAnswer(service, match.method, args, caller);
      if (unchanged !== undefined) return send(res, 200, unchanged);
      const result = await withTimeout(
        service.call(match.method, args, caller as Caller, stop.signal),
        config.limits.requestTimeoutMs,
        stop,
      );
      if (result === undefined) return send(res, 204, undefined);
      if (result === null && CONTRACT[match.method].nullOnNotFound) {
        throw new HttpFailure(404, 'not-found', `No ${match.method} with id ${String(args[0])}`);
      }
      // A call with a stored recording carries a signed link to it for the player.
      if (match.method === 'call') return send(res, 200, await withAudioLink(result, audio));
      return send(res, 200, result);
    } finally {
      inFlight--;
    }
  };

  return (req, res) => {
    // Nothing a request causes may end the process: a failure is answered, and a failure to
    // answer (the socket gone, headers already sent) closes this connection only.
    handle(req, res)
      .catch((error: unknown) => sendError(res, error))
      .catch((error: unknown) => {
        console.error('api: could not answer a request', error);
        res.destroy();
      });
  };
}

export function createApiServer(parts: ApiServerParts): Server {
  const { config } = parts;
  const server = createServer(createApiHandler(parts));
  // Upgraded live sockets are not the server's connections any more: end them when it closes.
  const live = attachLiveSocket(server, {
    verifierFor: () => parts.verifier,
    allowedOrigins: new Set(config.allowedOrigins),
  });
  const close = server.close.bind(server);
  server.close = (callback) => {
    live.closeAll();
    return close(callback);
  };
  // Slow or stuck clients cannot hold a connection for ever.
  server.requestTimeout = config.limits.requestTimeoutMs + 5_000;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 5_000;
  return server;
}

function matchRoute(routes: CompiledRoute[], verb: string, path: string) {
  let pathKnown = false;
  for (const candidate of routes) {
    const m = candidate.pattern.exec(path);
    if (!m) continue;
    pathKnown = true;
    if (candidate.route.verb !== verb) continue;
    let id: string | undefined;
    try {
      id = m[1] === undefined ? undefined : decodeURIComponent(m[1]);
    } catch {
      throw new HttpFailure(400, 'invalid-query', 'The id in the path is not valid');
    }
    return { ...candidate, id };
  }
  if (pathKnown) throw new HttpFailure(405, 'invalid-query', `${verb} is not allowed on ${path}`);
  throw new HttpFailure(404, 'not-found', `No such path /v1${path}`);
}

function argumentsOf(match: CompiledRoute & { id?: string }, body: unknown): unknown[] {
  const { args } = match.route;
  if (args === 'none' || args === 'id') {
    if (body !== undefined) {
      throw new HttpFailure(400, 'invalid-query', `${match.method} takes no request body`, [
        'body',
      ]);
    }
    return args === 'none' ? [] : [match.id];
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpFailure(400, 'invalid-query', 'The request body must be a JSON object', ['body']);
  }
  if (args === 'id+body' && match.id !== undefined) return [{ ...body, id: match.id }];
  return [body];
}

/** The furthest page any list is read at; a larger offset is a client's mistake, not a page. */
const MAX_OFFSET = 1_000_000_000;

/**
 * 400 naming the fields unless the argument is what the method's type allows (generated from
 * the contract's types, request-validation.ts); then the limits a type cannot state: the
 * configured length of a search expression and the cost of running it (query/search-cost.ts).
 */
function checkRequest(method: DataSourceMethod, args: unknown[], config: ApiConfig): void {
  const problems = requestProblems(method, args[0]);
  if (problems.length > 0) {
    throw new HttpFailure(
      400,
      'invalid-query',
      `The request is not valid: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
      problems,
    );
  }
  const query = args[0] as { expression?: unknown } | undefined;
  if (method === 'search' && typeof query?.expression === 'string') {
    if (query.expression.length > config.limits.expressionChars) {
      throw new HttpFailure(
        400,
        'invalid-query',
        `The search expression is longer than ${config.limits.expressionChars} characters`,
        ['expression'],
      );
    }
    const tooCostly = searchCostProblem(query.expression);
    if (tooCostly) throw new HttpFailure(422, 'invalid-query', tooCostly, ['expression']);
  }
}

/** 400 naming the first query parameter the route does not take. */
function onlyParameters(url: URL, allowed: readonly string[]): void {
  for (const name of url.searchParams.keys()) {
    if (!allowed.includes(name)) {
      throw new HttpFailure(400, 'invalid-query', `Unknown query parameter ${name}`, [name]);
    }
  }
}

function pageNumber(raw: string | null, fallback: number, name: string, max: number): number {
  if (raw === null) return fallback;
  // Digits only: Number() also reads "1e3", " 7" and "0x10".
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(n <= max)) {
    throw new HttpFailure(400, 'invalid-query', `${name} must be a whole number from 0 to ${max}`, [
      name,
    ]);
  }
  return n;
}

/**
 * Deepest nesting of objects and lists a body may have. The deepest request the app sends (a
 * rule's condition of all/any/not) is a few levels; JSON nested 100,000 deep would overflow the
 * stack of whatever walks it after parsing, so it is refused before.
 */
const MAX_DEPTH = 64;

/** Whether JSON text nests objects and lists deeper than `max` (strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (inString) {
      if (c === 0x5c)
        k++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

async function readBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    throw new HttpFailure(413, 'invalid-query', `The request body is larger than ${limit} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      throw new HttpFailure(413, 'invalid-query', `The request body is larger than ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  const text = Buffer.concat(chunks).toString('utf8');
  if (nestsDeeperThan(text, MAX_DEPTH)) {
    throw new HttpFailure(
      400,
      'invalid-query',
      `The request body nests deeper than ${MAX_DEPTH} levels`,
      ['body'],
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpFailure(400, 'invalid-query', 'The request body is not valid JSON', ['body']);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, stop: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      stop.abort();
      reject(new HttpFailure(504, 'unavailable', `The request took longer than ${ms} ms`));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function send(res: ServerResponse, status: number, body: unknown): void {
  // A client that went away gets nothing; the server carries on.
  if (res.destroyed || res.writableEnded) return;
  if (body === undefined) {
    res.writeHead(status, { 'cache-control': 'no-store' }).end();
    return;
  }
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
    })
    .end(text);
}

/**
 * The status and contract body of a failure. Errors of the contract keep their code; anything
 * else (a database error, a bug) is 500 `internal`, logged, and its message not repeated to the
 * client (it may hold SQL or paths).
 */
export function failureAnswer(error: unknown): { status: number; body: ContractErrorBody } {
  if (
    error instanceof HttpFailure ||
    error instanceof IngestFailure ||
    error instanceof ForbiddenError
  ) {
    return {
      status: error instanceof ForbiddenError ? 403 : error.status,
      body: { error: error.toJSON() },
    };
  }
  if (error instanceof DataSourceError && Object.hasOwn(STATUS_OF_CODE, error.code)) {
    if (error.code === 'internal') console.error('api: internal error', error);
    return { status: STATUS_OF_CODE[error.code], body: { error: error.toJSON() } };
  }
  console.error('api: internal error', error);
  return {
    status: 500,
    body: {
      error: { code: 'internal', message: 'The server failed to answer this request', details: [] },
    },
  };
}

function sendError(res: ServerResponse, error: unknown): void {
  const { status, body } = failureAnswer(error);
  // Part of an answer already went out: the connection cannot carry another one.
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (status === 401) {
    res.setHeader('www-authenticate', `Bearer error="invalid_token"`);
  }
  if (status === 503 || status === 504) res.setHeader('retry-after', '1');
  send(res, status, body);
}
