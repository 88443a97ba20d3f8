/**
 * The audio routes of src/data/http/audio-contract.ts: PUT a call's recording (ingest's scope
 * and role), GET/HEAD it whole or by byte range, with a bearer token holding the read scope or
 * with the signed link the call's detail carries (links.ts says why). Refusals are the
 * contract's error body with their status: 401/403 without the right, 404 no such call or no
 * audio, 405 another verb, 413 too large, 415 not audio taken, 416 a range past the end, 422
 * audio that cannot be redacted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { callId as callIdOf, callIndex, isProductCallId } from '../../src/data/corpus/corpus.ts';
import { isLiveCall } from '../../src/data/corpus/ingested.ts';
import { AUDIO_LINK } from '../../src/data/http/audio-contract.ts';
import { authorise, type TokenVerifier } from '../auth.ts';
import type { ApiConfig } from '../config.ts';
import { authoriseIngest, IngestFailure } from '../ingest-routes.ts';
import type { ApiService } from '../service.ts';
import { AudioRefused } from './call-audio.ts';
import { UnsupportedAudio } from './format.ts';
import type { Audio } from './index.ts';
import { requestedRange } from './range.ts';

/** The call a `/calls/{id}/audio` path names (undecoded), or null for any other path. */
export function audioRoute(path: string): { id: string } | null {
  const m = /^\/calls\/([^/]+)\/audio$/.exec(path);
  return m ? { id: m[1]! } : null;
}

/** The product's call id for the path's id (its own, or the deployment's external id), or null. */
function liveCallId(service: ApiService, raw: string): string | null {
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    throw new IngestFailure(400, 'The id in the path is not valid');
  }
  const corpus = service.corpus;
  const i = isProductCallId(id)
    ? callIndex(id, corpus.n)
    : (corpus.ingested?.byExternalId.get(id) ?? -1);
  if (!isLiveCall(corpus, i)) return null;
  return callIdOf(i);
}

export interface AudioRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  config: ApiConfig;
  service: ApiService;
  verifier: TokenVerifier;
  audio: Audio;
}

export async function answerAudio(route: { id: string }, r: AudioRequest): Promise<void> {
  const verb = r.req.method ?? 'GET';
  if (verb === 'PUT') return putAudio(route, r);
  if (verb !== 'GET' && verb !== 'HEAD') {
    r.res.setHeader('allow', 'GET, HEAD, PUT');
    throw new IngestFailure(405, `${verb} is not allowed on a call's audio`);
  }
  const signed = r.url.searchParams.has(AUDIO_LINK.signature);
  for (const name of r.url.searchParams.keys()) {
    if (!signed || !Object.values(AUDIO_LINK).includes(name as never))
      throw new IngestFailure(400, `Unknown query parameter ${name}`, [name]);
  }
  // Who may listen is settled before anything about the call is said (no 404 to strangers).
  if (!signed) authorise(await r.verifier.verify(r.req.headers.authorization), false, r.config);
  const callId = liveCallId(r.service, route.id);
  if (signed) {
    const verdict = r.audio.links.verify(
      callId ?? decodeURIComponent(route.id),
      r.url.searchParams,
    );
    if (verdict !== 'ok')
      throw new IngestFailure(
        403,
        verdict === 'expired'
          ? 'This audio link has expired: open the call again for a new one'
          : 'This audio link is not valid',
      );
  }
  const entry = callId ? await r.audio.calls.entry(callId) : null;
  const size = entry ? await r.audio.calls.store.size(entry.hash) : null;
  if (!entry || size === null)
    throw new IngestFailure(404, callId ? 'This call has no audio' : 'No such call');
  const range = requestedRange(r.req.headers.range, size);
  const headers: Record<string, string | number> = {
    'content-type': entry.contentType,
    'accept-ranges': 'bytes',
    // Private to the listener; the bytes under a hash never change, so a revisit within the
    // link's life need not download them again.
    'cache-control': 'private, max-age=300',
    etag: `"${entry.hash}"`,
  };
  if (range.kind === 'unsatisfiable') {
    r.res.setHeader('content-range', `bytes */${size}`);
    throw new IngestFailure(
      416,
      `The range ${r.req.headers.range} is past the audio's ${size} bytes`,
      ['Range'],
    );
  }
  const part = range.kind === 'partial' ? range.range : { start: 0, end: size - 1 };
  headers['content-length'] = size === 0 ? 0 : part.end - part.start + 1;
  if (range.kind === 'partial')
    headers['content-range'] = `bytes ${part.start}-${part.end}/${size}`;
  r.res.writeHead(range.kind === 'partial' ? 206 : 200, headers);
  if (verb === 'HEAD' || size === 0) {
    r.res.end();
    return;
  }
  const stream = r.audio.calls.store.get(entry.hash, part);
  await new Promise<void>((resolve) => {
    stream.once('error', () => {
      r.res.destroy();
      resolve();
    });
    r.res.once('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(r.res);
  });
}

async function putAudio(route: { id: string }, r: AudioRequest): Promise<void> {
  const caller = await r.verifier.verify(r.req.headers.authorization);
  authoriseIngest(caller, r.config, 'ingest-calls');
  if ([...r.url.searchParams.keys()].length > 0)
    throw new IngestFailure(400, 'Sending audio takes no query parameters');
  const callId = liveCallId(r.service, route.id);
  if (!callId) {
    r.req.resume();
    throw new IngestFailure(404, 'No such call: send the call (POST /v1/calls) before its audio');
  }
  const bytes = await readBytes(r.req, r.config.audio.maxBytes);
  let stored;
  try {
    stored = await r.audio.calls.attach(callId, bytes);
  } catch (error) {
    if (error instanceof UnsupportedAudio) throw new IngestFailure(415, error.message, ['body']);
    if (error instanceof AudioRefused)
      throw new IngestFailure(error.status, error.message, ['body']);
    throw error;
  }
  const text = JSON.stringify(stored);
  r.res
    .writeHead(201, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    })
    .end(text);
}

async function readBytes(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  const tooLarge = () =>
    new IngestFailure(413, `The audio is larger than ${limit} bytes (SA_API_AUDIO_LIMIT)`, [
      'body',
    ]);
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    req.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
