/**
 * The server under the input of issue 33's probe: requests that ended the process, gave 500 or
 * were taken although the contract does not allow them. Each is answered 4xx with the contract's
 * error body naming the field, and the server keeps answering.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceError } from '../src/data/source.ts';
import type { Caller } from './auth.ts';
import { failureAnswer, nestsDeeperThan } from './http.ts';
import { attachLiveSocket } from './live-socket.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import { requestApi, startTestApi } from './test-kit.ts';

/**
 * Starting (and stopping) an API server over 600 calls: generating and storing the corpus, seconds
 * alone, several times that on a machine busy with other test files.
 */
const START_BUDGET_MS = 120_000;

describe('hostile input', { timeout: 120_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;
  let token: string;

  beforeAll(async () => {
    t = await startTestApi(600);
    token = await t.authority.token();
  }, START_BUDGET_MS);
  afterAll(() => t?.stop(), START_BUDGET_MS);

  const call = (verb: string, path: string, body?: unknown) =>
    requestApi(t.api.url, token, verb, path, body);

  const healthy = async () => {
    const r = await fetch(`${t.api.url}/v1/health`);
    expect(r.status).toBe(200);
  };

  /** 400 with the contract's body, naming `field` in its details. */
  const expectRefused = async (
    verb: string,
    path: string,
    body: unknown,
    field: string,
    status = 400,
  ) => {
    const r = await call(verb, path, body);
    expect({ status: r.status, code: r.body?.error?.code }, `${verb} ${path}`).toEqual({
      status,
      code: 'invalid-query',
    });
    expect(typeof r.body.error.message).toBe('string');
    expect(r.body.error.details.join(' '), `${verb} ${path}`).toContain(field);
    return r;
  };

  const period = { from: '2020-01-01', to: '2030-01-01' };

  it('refuses the three requests that ended the process, and keeps answering', async () => {
    await expectRefused('POST', '/v1/calls/query', { filters: {}, offset: 1e308 }, 'offset');
    await healthy();
    const audit = await fetch(`${t.api.url}/v1/audit?offset=99999999999999999999`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(audit.status).toBe(400);
    expect(((await audit.json()) as { error: { details: string[] } }).error.details).toEqual([
      'offset',
    ]);
    await healthy();
    const words = Array(1000).fill('a').join(' ');
    expect(words.length).toBe(1999);
    const search = await expectRefused(
      'POST',
      '/v1/search',
      { expression: words },
      'expression',
      422,
    );
    expect(search.body.error.message).toMatch(/too costly/);
    await healthy();
    // A long phrase is as costly as its words.
    const phrase = `"${words.slice(0, 999)}"`;
    await expectRefused('POST', '/v1/search', { expression: phrase }, 'expression', 422);
    // Within the budget it runs.
    expect((await call('POST', '/v1/search', { expression: 'refund OR "my bill"' })).status).toBe(
      200,
    );
  });

  it('answers an error that is not the contract’s with 500 and the contract body', () => {
    const chdb = Object.assign(new Error('Code: 62. Syntax error near 1e+308'), {
      code: 'CHDB_QUERY',
    });
    expect(failureAnswer(chdb)).toEqual({
      status: 500,
      body: {
        error: {
          code: 'internal',
          message: 'The server failed to answer this request',
          details: [],
        },
      },
    });
    // An object that merely looks like a source error is not one.
    expect(failureAnswer({ code: 'CHDB_QUERY', message: 'x' }).status).toBe(500);
    expect(failureAnswer(new DataSourceError('not-found', 'gone')).status).toBe(404);
  });

  it('refuses sorts, dates and nesting the contract does not allow', async () => {
    for (const sort of ['x', { key: 'x', direction: 'sideways' }]) {
      await expectRefused('POST', '/v1/calls/query', { filters: {}, sort }, 'sort');
      await expectRefused('POST', '/v1/compliance/failures', { filters: {}, sort }, 'sort');
    }
    for (const date of ['-271821-04-20', '+275760-09-13', '2024-13-45x', '']) {
      const filters = { ...period, from: date };
      const kpis = await expectRefused('POST', '/v1/kpis', { filters }, 'filters.from');
      expect(kpis.body.error.details).toEqual([
        'filters.from: must be a date (YYYY-MM-DD) or an ISO timestamp of the years 0000 to 9999',
      ]);
      await expectRefused('POST', '/v1/insight/voc', { filters }, 'filters.from');
      await expectRefused(
        'POST',
        '/v1/settings/preview',
        { filters, patch: { smart: { repeatWindowDays: 3 } } },
        'filters.from',
      );
    }
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    await expectRefused('PATCH', '/v1/settings', `{"smart":${deep}}`, 'body');
    await expectRefused('PUT', '/v1/me/saved-searches/s1', `{"name":${deep}}`, 'body');
    await healthy();
  });

  it('refuses wrong types and unknown fields, naming the field', async () => {
    await expectRefused('POST', '/v1/kpis', { filters: 'x' }, 'filters');
    await expectRefused('POST', '/v1/calls/query', { filters: [] }, 'filters');
    const vendor = await expectRefused(
      'POST',
      '/v1/calls/query',
      { filters: { vendorId: { a: 1 } } },
      'vendorId',
    );
    // One line per field, in the words the screens show.
    expect(vendor.body.error.details).toEqual(['filters.vendorId: must be text or a list']);
    await expectRefused('POST', '/v1/calls/query', { filters: { compliant: 'yes' } }, 'compliant');
    await expectRefused(
      'POST',
      '/v1/calls/query',
      { filters: { minDurationMs: 'x' } },
      'minDurationMs',
    );
    await expectRefused('POST', '/v1/calls/query', { filters: {}, colour: 'red' }, 'colour');
    await expectRefused('POST', '/v1/calls/query', { filters: {}, offset: -1 }, 'offset');
    await expectRefused('POST', '/v1/calls/query', { filters: {}, offset: 1.5 }, 'offset');
    await expectRefused('PATCH', '/v1/settings', {}, 'body');
    await expectRefused('PATCH', '/v1/settings', { smart: {}, colour: 'red' }, 'colour');
    await expectRefused('POST', '/v1/metadata-imports', {}, 'fileName');
    await expectRefused('GET', '/v1/catalog?debug=1', undefined, 'debug');
    expect((await call('GET', '/v1/metadata-imports')).body).toEqual([]);
  });

  it('writes no audit row and recomputes nothing for a write that changes nothing', async () => {
    const before = await call('GET', '/v1/audit');
    const settings = (await call('GET', '/v1/settings')).body as {
      smart: { repeatWindowDays: number };
    };
    const same = await call('PATCH', '/v1/settings', {
      smart: { repeatWindowDays: settings.smart.repeatWindowDays },
    });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(settings);
    const after = await call('GET', '/v1/audit');
    expect(after.body.total).toBe(before.body.total);
    // A real change is still written.
    const changed = await call('PATCH', '/v1/settings', {
      smart: { repeatWindowDays: settings.smart.repeatWindowDays + 1 },
    });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/v1/audit')).body.total).toBe(before.body.total + 1);
  });

  it('stops a search whose client left, and runs it for one that stays', async () => {
    const caller: Caller = {
      subject: 'user-ana',
      name: 'ana@example.com',
      displayName: 'Ana',
      scopes: new Set(['calls.read']),
      roles: [],
    };
    const service = t.api.service;
    await service.settled();
    expect(service.answeredBy()).toBe('database');
    const query = { expression: 'refund OR cancel', filters: {} };
    const left = new AbortController();
    left.abort();
    await expect(service.call('search', [query], caller, left.signal)).rejects.toThrow(/Cancelled/);
    const result = (await service.call('search', [query], caller)) as { total: number };
    expect(result.total).toBeGreaterThan(0);
  });

  it('answers a request target that is no URL with 400, upgrade or not', async () => {
    const { port } = new URL(t.api.url);
    /** The status line the server answers a raw request with ('' when it answers nothing). */
    const raw = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(head));
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
        socket.on('error', reject);
      });
    expect(await raw(`GET //[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).toMatch(/ 400 /);
    // An upgrade to such a target is left to other listeners: none throws (which would end
    // the process, as an event listener's exception does).
    const server = new EventEmitter();
    attachLiveSocket(server, { verifierFor: () => null });
    const request = { url: '//[', headers: {} } as IncomingMessage;
    expect(() => server.emit('upgrade', request, new PassThrough())).not.toThrow();
    expect(await raw(`GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).toMatch(
      / 200 /,
    );
  });

  it('sends the API security headers on answers and failures', async () => {
    for (const r of [await call('GET', '/v1/info'), await call('GET', '/v1/nowhere')]) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(r.headers.get(name), name).toBe(value);
      }
    }
  });
});

describe('nesting depth', () => {
  it('counts objects and lists, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"${'['.repeat(100)}"}`, 3)).toBe(false);
  });
});
