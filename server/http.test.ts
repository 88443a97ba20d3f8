/** The HTTP layer: the contract's statuses and error bodies, limits, permissions, audit log. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from './config.ts';
import type { ApiService } from './service.ts';
import { startTestApi, testEnv } from './test-kit.ts';

/** The one page origin this server lets read its answers from another origin. */
const APP_ORIGIN = 'https://app.example.com';

describe('API over HTTP', { timeout: 60_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;
  let token: string;

  beforeAll(async () => {
    t = await startTestApi(300, { SA_API_BODY_LIMIT: '4000', SA_API_ALLOWED_ORIGINS: APP_ORIGIN });
    token = await t.authority.token();
  });
  afterAll(() => t?.stop());

  const call = async (
    verb: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { authorization: `Bearer ${token}` },
  ) => {
    const response = await fetch(`${t.api.url}${path}`, {
      method: verb,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : null,
    };
  };

  it('answers health without a token and everything else only with one', async () => {
    expect(await call('GET', '/v1/health', undefined, {})).toMatchObject({
      status: 200,
      body: { ok: true, calls: 300 },
    });
    const refused = await call('GET', '/v1/info', undefined, {});
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(refused.body).toEqual({
      error: { code: 'unauthorised', message: 'Sign-in required', details: ['Authorization'] },
    });
    expect((await call('GET', '/api/v1/info')).body).toMatchObject({ kind: 'http', calls: 300 });
  });

  it('refuses writes without the write scope with 403', async () => {
    const reader = await t.authority.token({ scope: 'calls.read' });
    const r = await call(
      'PATCH',
      '/v1/settings',
      { smart: {} },
      { authorization: `Bearer ${reader}` },
    );
    expect(r).toMatchObject({ status: 403, body: { error: { code: 'unauthorised' } } });
    expect(r.body.error.message).toMatch(/settings.write/);
  });

  it('answers bad requests with 4xx and the contract error body', async () => {
    const cases: [string, string, unknown, number, RegExp][] = [
      ['GET', '/v1/nowhere', undefined, 404, /No such path/],
      ['DELETE', '/v1/kpis', undefined, 405, /not allowed/],
      ['POST', '/v1/kpis', '{not json', 400, /not valid JSON/],
      ['POST', '/v1/kpis', [1], 400, /JSON object/],
      ['POST', '/v1/calls/query', { filters: {}, limit: 5000 }, 400, /limit/],
      ['POST', '/v1/search', { expression: 'a '.repeat(1001) }, 400, /longer than/],
      ['POST', '/v1/search', { expression: '"open' }, 400, /Unclosed quote at position 1/],
      ['POST', '/v1/calls/query', { filters: { note: 'x'.repeat(5000) } }, 413, /larger than/],
      ['GET', '/v1/calls/call-999999', undefined, 404, /No call/],
      ['GET', '/v1/calls/%E0%A4%A', undefined, 400, /id in the path/],
    ];
    for (const [verb, path, body, status, message] of cases) {
      const r = await call(verb, path, body);
      expect(r.status, `${verb} ${path}`).toBe(status);
      expect(r.body.error.message, `${verb} ${path}`).toMatch(message);
      expect(Array.isArray(r.body.error.details)).toBe(true);
    }
  });

  it('keeps serving after a client disconnects mid-request', async () => {
    const abort = new AbortController();
    const pending = fetch(`${t.api.url}/v1/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ expression: 'thank*' }),
      signal: abort.signal,
    });
    abort.abort();
    await expect(pending).rejects.toThrow();
    expect((await call('GET', '/v1/info')).status).toBe(200);
  });

  it('records who changed what in an audit log readable through the API', async () => {
    const saved = await call('PATCH', '/v1/settings', { smart: { repeatWindowDays: 5 } });
    expect(saved.body.smart.repeatWindowDays).toBe(5);
    const rejected = await call('PATCH', '/v1/settings', { smart: { repeatWindowDays: 0 } });
    expect(rejected.status).toBe(400);
    const audit = await call('GET', '/v1/audit?limit=10');
    expect(audit.body.total).toBe(1);
    expect(audit.body.rows[0]).toMatchObject({
      seq: 1,
      actor: 'ana@example.com',
      subject: 'user-ana',
      method: 'saveSettings',
      target: 'settings',
      request: { smart: { repeatWindowDays: 5 } },
    });
    expect(Date.now() - Date.parse(audit.body.rows[0].at)).toBeLessThan(60_000);
    expect((await call('DELETE', '/v1/rules/rule-nope')).status).toBe(404);
  });

  it('answers a repeated write (a retry) with the stored result, changing nothing', async () => {
    const draft = {
      name: 'Asks for a supervisor',
      kind: 'category',
      active: true,
      scope: {},
      severity: 'minor',
      points: 1,
      condition: { phrase: { terms: ['supervisor'], speaker: 'CUSTOMER' } },
    };
    const first = await call('POST', '/v1/rules', draft);
    const retry = await call('POST', '/v1/rules', draft);
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    const rules = (await call('GET', '/v1/rules')).body as { id: string }[];
    expect(rules.filter((r) => r.id.startsWith('rule-asks-for-a-supervisor'))).toHaveLength(1);
    expect((await call('GET', '/v1/audit')).body.total).toBe(2);
  });

  it('lets the listed app origin, and no other, call it from a browser', async () => {
    const preflight = (origin: string) =>
      fetch(`${t.api.url}/v1/kpis`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const allowed = await preflight(APP_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(allowed.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/);
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    const refused = await preflight('https://elsewhere.example.com');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();

    // Answers and errors alike are readable by the app, with the retry and token hints.
    const read = await call('GET', '/v1/info', undefined, {
      origin: APP_ORIGIN,
      authorization: `Bearer ${token}`,
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(read.headers.get('access-control-expose-headers')).toMatch(/retry-after/);
    expect(read.headers.get('vary')).toMatch(/Origin/);
    const unauthorised = await call('GET', '/v1/info', undefined, { origin: APP_ORIGIN });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const other = await call('GET', '/v1/info', undefined, {
      origin: 'https://elsewhere.example.com',
      authorization: `Bearer ${token}`,
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses an allowed origin that is not an origin, saying which', () => {
    const env = (origins: string) => ({
      ...testEnv('https://idp.example.com', '/tmp/unused'),
      SA_API_ALLOWED_ORIGINS: origins,
    });
    expect(
      loadApiConfig(env(' https://a.example.com, http://127.0.0.1:5173 ')).allowedOrigins,
    ).toEqual(['https://a.example.com', 'http://127.0.0.1:5173']);
    expect(() => loadApiConfig(env('https://a.example.com/app'))).toThrow(
      /a\.example\.com\/app.*no path/,
    );
    expect(() => loadApiConfig(env('app.example.com'))).toThrow(
      /env SA_API_ALLOWED_ORIGINS: api\.allowedOrigins: "app\.example\.com" does not match: expected an origin/,
    );
  });

  // Last: it restarts the server.
  it('answers a save under way when it stops, and serves it after the restart', async () => {
    const service = t.api.service as ApiService & { call: ApiService['call'] };
    const call0 = service.call.bind(service);
    let entered!: () => void;
    const inService = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The save is held in the service until the stop has begun, so it comes while it is answered.
    service.call = async (...args) => {
      entered();
      await released;
      return call0(...args);
    };
    const saving = call('PATCH', '/v1/settings', { smart: { repeatWindowDays: 9 } });
    await inService;
    const restarted = t.restart();
    release();
    expect((await saving).status).toBe(200);
    await restarted;
    expect((await call('GET', '/v1/settings')).body.smart.repeatWindowDays).toBe(9);
  });
});
