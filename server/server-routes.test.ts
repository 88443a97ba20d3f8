/**
 * The API reference (src/generated/openapi.json) and the server agree: every path and verb the
 * reference names is answered (never 404 "No such path" or 405), every route of the server's
 * own table (src/data/http/server-routes.ts) is in the reference, and no verb on any of its
 * paths is answered that the reference does not name.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROUTES } from '../src/data/http/server-routes.ts';
import { CONTRACT } from '../src/data/http/contract.ts';
import { telephoneWav } from '../tests/audio-fixtures.ts';
import { requestApi, startTestApi } from './test-kit.ts';

const document = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../src/generated/openapi.json'), 'utf8'),
) as { paths: Record<string, Record<string, unknown>> };
const VERBS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.keys(operations).map((verb) => ({ verb: verb.toUpperCase(), path })),
);
/**
 * The paths the server's own code recognises before the contract's routes (http.ts: health and
 * audit; ingest-routes.ts; audio/routes.ts): a route answered on one of them that the
 * reference lacks (the table lost a row) is found even if no other route shares its path.
 */
const SERVER_PATHS = [
  '/v1/health',
  '/v1/audit',
  '/v1/calls',
  '/v1/calls/{id}',
  '/v1/calls/batch',
  '/v1/calls/delete',
  '/v1/customers/{id}/calls',
  '/v1/calls/{id}/audio',
];
/** A template's pattern: `{id}` is one path segment. */
const patternOf = (template: string) => new RegExp(`^${template.replace(/\{id\}/g, '[^/]+')}$`);

describe('the API reference and the server', () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;
  let token: string;
  /** A concrete path for a template: an ingested call with audio for a call's audio. */
  const concrete = (template: string) =>
    template.endsWith('/audio')
      ? template.replace('{id}', 'routes-1')
      : template.replace(/\{id\}/g, 'no-such-id');

  /** Whether the server has a route for this verb and path (anything but 404 path or 405). */
  const answered = async (verb: string, path: string) => {
    const response = await fetch(`${t.api.url}${path}`, {
      method: verb,
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    if (response.status === 405) return false;
    // A HEAD answer has no body to tell a missing path from a missing call: HEAD is asked of a
    // call that has its audio (see concrete), so its 404 is a missing path.
    if (response.status === 404) return verb !== 'HEAD' && !/No such path/.test(text);
    return true;
  };

  beforeAll(async () => {
    t = await startTestApi(500, { SA_API_DEMO: 'off' });
    token = await t.authority.token({
      scope: 'calls.read calls.write settings.write',
      roles: ['admin'],
    });
    const call = await requestApi(t.api.url, token, 'POST', '/v1/calls', {
      metadata: {
        id: 'routes-1',
        startedAt: '2026-03-10T10:00:00Z',
        direction: 'inbound',
        agent: 'Maria Lopez',
        vendor: 'Northwind In-house',
        customer: 'CUST-routes-1',
      },
      transcript: {
        fileName: 'routes-1.json',
        text: JSON.stringify({
          segments: [{ speaker: 'AGENT', text: 'Hello.', beginMs: 0, endMs: 1000 }],
        }),
      },
    });
    expect(call.status).toBe(201);
    const audio = await fetch(`${t.api.url}/v1/calls/routes-1/audio`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'audio/wav' },
      body: telephoneWav(1000) as Uint8Array<ArrayBuffer>,
    });
    expect(audio.status).toBe(201);
  });
  afterAll(() => t?.stop());

  it('documents every route of the contract and of the server’s own table', () => {
    const inDocument = new Set(documented.map((r) => `${r.verb} ${r.path}`));
    const routes = [...Object.values(CONTRACT).flatMap((m) => m.routes), ...SERVER_ROUTES].map(
      (r) => `${r.verb} /v1${r.path}`,
    );
    expect(routes.filter((r) => !inDocument.has(r))).toEqual([]);
    expect(inDocument.size).toBe(new Set(routes).size);
  });

  it('answers every path and verb the reference names', async () => {
    // Deletions last, so none takes the call the audio routes are asked about.
    const order = [...documented].sort(
      (a, b) => Number(a.verb === 'DELETE') - Number(b.verb === 'DELETE'),
    );
    const missing: string[] = [];
    for (const { verb, path } of order) {
      if (!(await answered(verb, concrete(path)))) missing.push(`${verb} ${path}`);
    }
    expect(missing).toEqual([]);
  });

  it('answers no verb on the reference’s paths that the reference does not name', async () => {
    const undocumented: string[] = [];
    for (const path of new Set([...Object.keys(document.paths), ...SERVER_PATHS])) {
      const url = concrete(path);
      for (const verb of VERBS) {
        const named = documented.some((r) => r.verb === verb && patternOf(r.path).test(url));
        if (named) continue;
        if (await answered(verb, url)) undocumented.push(`${verb} ${url}`);
      }
    }
    expect(undocumented).toEqual([]);
  });
});
