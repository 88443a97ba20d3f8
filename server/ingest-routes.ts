/**
 * The ingest endpoints: `POST /v1/calls` (one call), `POST /v1/calls/batch` (a JSON array, a
 * `{ "calls": [...] }` body or NDJSON, one call a line, parsed line by line as it arrives),
 * and deleting calls: `DELETE /v1/calls/{id}` (the product's call id or the deployment's own),
 * `DELETE /v1/customers/{id}/calls` (a data-subject request) and the contract's
 * `POST /v1/calls/delete`. They need the ingest scope (calls.write) and the role table's
 * ingest-calls or delete-calls permission. Each record is checked on its own against the
 * contract's schema: a bad one is reported by index, field and reason and never stops the rest.
 */
import type { IncomingMessage } from 'node:http';
import { allowance, type Permission } from '../src/auth/roles.ts';
import {
  DataSourceError,
  type CallDeletion,
  type CallDeletionResult,
  type IngestOutcome,
  type IngestRecord,
  type IngestReport,
} from '../src/data/source.ts';
import { codeOfStatus } from '../src/data/http/contract.ts';
import { isProductCallId } from '../src/data/corpus/corpus.ts';
import { ForbiddenError, type Caller } from './auth.ts';
import type { ApiConfig } from './config.ts';
import { requestProblems } from './request-validation.ts';
import type { ApiService } from './service.ts';
import type { CallAudio } from './audio/index.ts';
import { noteRedactions } from './audio/ingested.ts';

/**
 * A failure with its HTTP status (413 too large, 422 nothing to ingest...). Its code is the
 * contract's for the status (403 unauthorised, 404 not-found); every other 4xx here is a
 * request the client must change (405, 413, 415, 416 are `invalid-query`, as the contract's
 * own routes answer them).
 */
export class IngestFailure extends DataSourceError {
  constructor(
    readonly status: number,
    message: string,
    details: string[] = [],
  ) {
    super(
      status === 404 || status === 403 ? codeOfStatus(status) : 'invalid-query',
      message,
      details,
    );
  }
}

type IngestRoute =
  { kind: 'one' | 'batch' | 'delete-body' } | { kind: 'delete'; request: CallDeletion };

/** The ingest route a request is for, or null (the contract's routes answer it). */
export function ingestRoute(verb: string, path: string): IngestRoute | null {
  if (verb === 'POST' && path === '/calls') return { kind: 'one' };
  if (verb === 'POST' && path === '/calls/batch') return { kind: 'batch' };
  if (verb === 'POST' && path === '/calls/delete') return { kind: 'delete-body' };
  if (verb !== 'DELETE') return null;
  const call = /^\/calls\/([^/]+)$/.exec(path);
  const customer = /^\/customers\/([^/]+)\/calls$/.exec(path);
  const id = decoded((call ?? customer)?.[1]);
  if (id === null) return null;
  if (customer) return { kind: 'delete', request: { customerId: id } };
  return {
    kind: 'delete',
    request: isProductCallId(id) ? { callId: id } : { externalId: id },
  };
}

function decoded(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new IngestFailure(400, 'The id in the path is not valid');
  }
}

export function authoriseIngest(caller: Caller, config: ApiConfig, permission: Permission): void {
  if (!caller.scopes.has(config.ingestScope)) {
    throw new ForbiddenError(`This needs the "${config.ingestScope}" permission`, [
      `scope:${config.ingestScope}`,
    ]);
  }
  const { allowed, reason } = allowance(caller.roles, permission);
  if (!allowed) throw new ForbiddenError(reason!, [`permission:${permission}`]);
}

/** Answers an ingest route: the status and the JSON body. */
export async function answerIngest(
  route: IngestRoute,
  req: IncomingMessage,
  caller: Caller,
  config: ApiConfig,
  service: ApiService,
  audio: CallAudio,
): Promise<{ status: number; body: unknown }> {
  if (route.kind === 'delete' || route.kind === 'delete-body') {
    authoriseIngest(caller, config, 'delete-calls');
    const body = route.kind === 'delete' ? undefined : await readJson(req, config.limits.bodyBytes);
    const request = route.kind === 'delete' ? route.request : body;
    if (route.kind === 'delete' && body !== undefined) await drain(req);
    const problems = requestProblems('deleteCalls', request);
    if (problems.length > 0)
      throw new IngestFailure(400, `The request is not valid: ${problems[0]}`, problems);
    const result = (await service.call('deleteCalls', [request], caller)) as CallDeletionResult;
    // The recordings go with their calls (an object shared with a live call stays for it).
    for (const callId of result.deleted) await audio.remove(callId);
    return { status: 200, body: result };
  }
  authoriseIngest(caller, config, 'ingest-calls');
  if (route.kind === 'one') {
    const record = await readJson(req, config.limits.bodyBytes);
    const report = await ingestRecords([record], service, caller, audio);
    const outcome = report.results[0]!;
    if (outcome.status === 'rejected') {
      const detail = `${outcome.field}: ${outcome.reason}`;
      throw new IngestFailure(422, `The call was not ingested: ${detail}`, [detail]);
    }
    return { status: outcome.replaced ? 200 : 201, body: outcome };
  }
  const records = await readBatch(req, config);
  return { status: 200, body: await ingestRecords(records, service, caller, audio) };
}

/**
 * Checks each record's shape, ingests the good ones in one write and reports every record in
 * request order (a record that is no JSON at all arrives as a ParseProblem). With `audio`, what
 * each accepted call's recording must have silent is noted for when it comes.
 */
export async function ingestRecords(
  records: unknown[],
  service: ApiService,
  caller: Caller,
  audio?: CallAudio,
): Promise<IngestReport> {
  const results: (IngestOutcome | null)[] = records.map((record, index) => {
    if (record instanceof ParseProblem)
      return { index, status: 'rejected', field: 'record', reason: record.message };
    const problems = requestProblems('ingestCalls', { calls: [record] });
    if (problems.length === 0) return null;
    // "calls[0].metadata.agent: must be ..." -> field metadata.agent.
    const [where, ...why] = problems[0]!.split(': ');
    const field = where!.replace(/^calls\[0\]\.?/, '') || 'record';
    return { index, status: 'rejected', field, reason: why.join(': ') };
  });
  const good = records.flatMap((record, index) =>
    results[index] === null ? [{ record: record as IngestRecord, index }] : [],
  );
  if (good.length > 0) {
    const report = (await service.call(
      'ingestCalls',
      [{ calls: good.map((g) => g.record) }],
      caller,
    )) as IngestReport;
    for (const outcome of report.results) {
      const index = good[outcome.index]!.index;
      results[index] = { ...outcome, index };
      if (audio) await noteRedactions(audio, outcome, good[outcome.index]!.record);
    }
  }
  const all = results as IngestOutcome[];
  const accepted = all.filter((r) => r.status === 'accepted').length;
  return { accepted, rejected: all.length - accepted, results: all };
}

class ParseProblem {
  constructor(readonly message: string) {}
}

async function drain(req: IncomingMessage): Promise<void> {
  for await (const chunk of req as AsyncIterable<Buffer>) void chunk;
}

function tooLarge(limit: number): IngestFailure {
  return new IngestFailure(
    413,
    `The request body is larger than ${limit} bytes: send the calls in smaller batches`,
    ['body'],
  );
}

/** The whole body as JSON (one call, a deletion), bounded by `limit` bytes. */
async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const text = await readText(req, limit);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new IngestFailure(400, 'The request body is not valid JSON', ['body']);
  }
}

async function readText(req: IncomingMessage, limit: number): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    req.resume();
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A batch's records: NDJSON (content type application/x-ndjson or application/jsonl) parsed a
 * line at a time as the body arrives, or a JSON array / `{ "calls": [...] }`. Bounded in bytes
 * (413) and in calls (413, before the rest is read); an empty batch is 422.
 */
async function readBatch(req: IncomingMessage, config: ApiConfig): Promise<unknown[]> {
  const limit = config.limits.ingestBytes;
  const most = config.limits.ingestCalls;
  const type = String(req.headers['content-type'] ?? '');
  let records: unknown[];
  if (/ndjson|jsonl|json-seq/.test(type)) {
    records = [];
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.resume();
      throw tooLarge(limit);
    }
    let size = 0;
    let line = 1;
    let rest = '';
    const take = (text: string) => {
      if (text.trim() === '') return;
      if (records.length >= most) throw tooMany(most);
      try {
        records.push(JSON.parse(text) as unknown);
      } catch {
        records.push(new ParseProblem(`line ${line} is not valid JSON`));
      }
    };
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw tooLarge(limit);
      rest += chunk.toString('utf8');
      let at: number;
      while ((at = rest.indexOf('\n')) >= 0) {
        take(rest.slice(0, at));
        rest = rest.slice(at + 1);
        line++;
      }
    }
    take(rest);
  } else {
    const body = await readJson(req, limit);
    const list = Array.isArray(body) ? body : (body as { calls?: unknown } | undefined)?.calls;
    if (!Array.isArray(list))
      throw new IngestFailure(
        400,
        'The batch must be a JSON array of calls, { "calls": [...] }, or NDJSON (one call a line, content type application/x-ndjson)',
        ['body'],
      );
    if (list.length > most) throw tooMany(most);
    records = list;
  }
  if (records.length === 0) throw new IngestFailure(422, 'The batch holds no calls', ['calls']);
  return records;
}

function tooMany(most: number): IngestFailure {
  return new IngestFailure(413, `A batch holds at most ${most} calls: send the rest in another`, [
    'calls',
  ]);
}
