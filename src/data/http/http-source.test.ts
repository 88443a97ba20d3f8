/** HttpSource: routes, token refresh after 401, Retry-After, errors and aborted reads. */
import { describe, expect, it } from 'vitest';
import { READ_AHEAD_FRESH_MS, createReadCache } from '../read-cache.ts';
import { createHttpSource, retryAfterMs } from './http-source.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function fakeApi(...replies: Handler[]) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    const reply = replies[Math.min(seen.length, replies.length) - 1]!;
    return reply(url, init);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers });
const error = (status: number, code: string, message: string, headers = {}) =>
  json(status, { error: { code, message, details: ['x'] } }, headers);

describe('HttpSource', () => {
  it('sends each method to its contract route with the bearer token', async () => {
    const api = fakeApi(
      () => json(200, { rule: { id: 'r' } }),
      () => new Response(null, { status: 204 }),
    );
    const source = createHttpSource({
      baseUrl: '/api/',
      getToken: async () => 't1',
      fetch: api.fetch,
    });
    await source.saveRule({ id: 'rule a', name: 'A' } as never);
    await source.deleteRule('rule a');
    expect(api.seen.map((s) => [s.init.method, s.url])).toEqual([
      ['PUT', '/api/v1/rules/rule%20a'],
      ['DELETE', '/api/v1/rules/rule%20a'],
    ]);
    expect((api.seen[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer t1');
    expect(JSON.parse(api.seen[0]!.init.body as string)).toEqual({ id: 'rule a', name: 'A' });
    const create = fakeApi(() => json(200, {}));
    await createHttpSource({
      baseUrl: '',
      getToken: async () => 't',
      fetch: create.fetch,
    }).saveRule({
      name: 'B',
    } as never);
    expect([create.seen[0]!.init.method, create.seen[0]!.url]).toEqual(['POST', '/v1/rules']);
  });

  it("puts the API's base in front of a call's signed audio link, and leaves other links", async () => {
    const detail = (audioUrl: string) => json(200, { call: { id: 'call-000001', audioUrl } });
    const signed = '/v1/calls/call-000001/audio?expires=9&signature=s';
    for (const [baseUrl, audioUrl, expected] of [
      ['/api/', signed, '/api/v1/calls/call-000001/audio?expires=9&signature=s'],
      ['https://api.example.com', signed, `https://api.example.com${signed}`],
      ['/api', '/recordings/demo.mp3', '/recordings/demo.mp3'],
    ] as const) {
      const api = fakeApi(() => detail(audioUrl));
      const source = createHttpSource({ baseUrl, getToken: async () => 't', fetch: api.fetch });
      expect((await source.call('call-000001'))?.call.audioUrl).toBe(expected);
    }
  });

  it('asks for a fresh token once after a 401, then gives up with unauthorised', async () => {
    const tokens: boolean[] = [];
    const getToken = async (refresh: boolean) => (tokens.push(refresh), refresh ? 'new' : 'old');
    const ok = fakeApi(
      () => error(401, 'unauthorised', 'expired'),
      () => json(200, { calls: 1 }),
    );
    await expect(
      createHttpSource({ baseUrl: '', getToken, fetch: ok.fetch }).info(),
    ).resolves.toEqual({ calls: 1 });
    expect(tokens).toEqual([false, true]);
    const never = fakeApi(() => error(401, 'unauthorised', 'Sign-in required'));
    await expect(
      createHttpSource({ baseUrl: '', getToken, fetch: never.fetch }).info(),
    ).rejects.toMatchObject({
      code: 'unauthorised',
      message: 'Sign-in required',
      retryable: false,
    });
    expect(never.seen).toHaveLength(2);
  });

  it('waits for Retry-After on 429/503 and maps statuses to the contract codes', async () => {
    const busy = fakeApi(
      () => error(503, 'unavailable', 'busy', { 'retry-after': '0.01' }),
      () => json(200, []),
    );
    await expect(
      createHttpSource({ baseUrl: '', getToken: async () => 't', fetch: busy.fetch }).rules(),
    ).resolves.toEqual([]);
    expect(busy.seen).toHaveLength(2);
    const cases: [number, string][] = [
      [400, 'invalid-query'],
      [403, 'unauthorised'],
      [429, 'unavailable'],
      [504, 'unavailable'],
      [500, 'internal'],
    ];
    for (const [status, code] of cases) {
      const api = fakeApi(() => new Response('<html>proxy</html>', { status }));
      await expect(
        createHttpSource({
          baseUrl: '',
          getToken: async () => 't',
          fetch: api.fetch,
          maxRetries: 0,
        }).rules(),
      ).rejects.toMatchObject({ code, message: `The data service answered ${status}` });
    }
    expect(retryAfterMs('2')).toBe(2000);
    expect(
      retryAfterMs('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')),
    ).toBe(5000);
    expect(retryAfterMs('soon')).toBeNull();
  });

  it('resolves null for a missing id and rejects without a token', async () => {
    const api = fakeApi(() => error(404, 'not-found', 'No call'));
    const source = createHttpSource({ baseUrl: '', getToken: async () => 't', fetch: api.fetch });
    await expect(source.call('call-1')).resolves.toBeNull();
    await expect(source.kpis({ filters: { from: 'a', to: 'b' } })).rejects.toMatchObject({
      code: 'not-found',
    });
    const signedOut = createHttpSource({
      baseUrl: '',
      getToken: async () => null,
      fetch: api.fetch,
    });
    await expect(signedOut.rules()).rejects.toMatchObject({ code: 'unauthorised' });
  });

  it('joins the same read on its way, and reads afresh after a write (its read cache)', async () => {
    const api = fakeApi(() => json(200, { products: [] }));
    const http = createHttpSource({ baseUrl: '', getToken: async () => 't', fetch: api.fetch });
    const { source } = createReadCache(http);
    // Two parts of a page asking for the catalog at mount: one request.
    await Promise.all([source.catalog(), source.catalog()]);
    expect(api.seen).toHaveLength(1);
    const before = source.catalog();
    await source.saveSettings({ smart: { repeatWindowDays: 3 } } as never);
    await Promise.all([before, source.catalog()]);
    expect(api.seen.map((s) => s.url)).toEqual([
      '/v1/catalog',
      '/v1/catalog',
      '/v1/settings',
      '/v1/catalog',
    ]);
  });

  it('aborts reads in flight but not writes', async () => {
    const api = fakeApi(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          if (!init.signal) return;
          init.signal.addEventListener('abort', () =>
            reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
          );
        }),
    );
    const source = createHttpSource({ baseUrl: '', getToken: async () => 't', fetch: api.fetch });
    const read = source.rules();
    void source.saveSettings({});
    await new Promise((r) => setTimeout(r, 0));
    source.abortReads();
    await expect(read).rejects.toMatchObject({
      code: 'unavailable',
      message: 'The request was cancelled',
    });
    expect(api.seen.find((s) => s.init.method === 'PATCH')!.init.signal).toBeUndefined();
  });

  // The read cache in front of the API (../read-cache.ts): reads ahead and joined reads.
  describe('read ahead', () => {
    /** An API that numbers its answers, so a test can tell which request a caller got. */
    function countingApi() {
      let answers = 0;
      return fakeApi((url) => json(200, { url, answer: ++answers }));
    }
    const paths = (api: ReturnType<typeof fakeApi>) => api.seen.map((s) => s.url);
    const info = { method: 'info', args: [] } as const;
    const catalog = { method: 'catalog', args: [] } as const;
    /** The cached source over `api` with a token, on `now`'s clock when given. */
    const sourceOver = (api: ReturnType<typeof fakeApi>, now?: () => number) => {
      const http = createHttpSource({ baseUrl: '', getToken: async () => 't', fetch: api.fetch });
      const cache = createReadCache(http, now);
      return Object.assign(Object.create(cache.source) as typeof cache.source, {
        readAhead: cache.ahead,
        abortReads: () => (http.abortReads(), cache.clear()),
        inHandAnswer: cache.inHand,
      });
    };

    it('hands the answer on its way to the first caller, once, and reads afresh after', async () => {
      const api = countingApi();
      const source = sourceOver(api);
      source.readAhead([info, catalog]);
      expect(await source.info()).toEqual({ url: '/v1/info', answer: 1 });
      expect(await source.catalog()).toEqual({ url: '/v1/catalog', answer: 2 });
      expect(paths(api)).toEqual(['/v1/info', '/v1/catalog']);
      expect(await source.info()).toEqual({ url: '/v1/info', answer: 3 });
    });

    it('drops what a write, leaving the page or time has made doubtful', async () => {
      let clock = 0;
      const api = countingApi();
      const source = sourceOver(api, () => clock);
      source.readAhead([info]);
      await source.saveSettings({});
      expect(await source.info()).toMatchObject({ answer: 3 });

      const left = countingApi();
      const other = sourceOver(left);
      other.readAhead([catalog]);
      other.abortReads();
      await other.catalog();
      expect(paths(left)).toEqual(['/v1/catalog', '/v1/catalog']);

      const late = countingApi();
      const slow = sourceOver(late, () => clock);
      slow.readAhead([info]);
      clock += READ_AHEAD_FRESH_MS + 1;
      expect(await slow.info()).toMatchObject({ answer: 2 });
    });

    it('reads ahead with arguments: the same read gets the answer, another reads afresh', async () => {
      const api = countingApi();
      const source = sourceOver(api);
      const march = { filters: { from: '2026-03-01', to: '2026-04-01' } };
      const april = { filters: { from: '2026-04-01', to: '2026-05-01' } };
      const [early] = source.readAhead([{ method: 'kpis', args: [march] }]);
      expect(await source.kpis(april)).toMatchObject({ answer: 2 });
      expect(await source.kpis({ filters: { ...march.filters } })).toMatchObject({ answer: 1 });
      expect(await early).toMatchObject({ answer: 1 });
      expect(paths(api)).toEqual(['/v1/kpis', '/v1/kpis']);
    });

    it('shows the answers read ahead that have arrived, without taking them', async () => {
      const api = countingApi();
      const source = sourceOver(api);
      const march = { filters: { from: '2026-03-01', to: '2026-04-01' } };
      const [early] = source.readAhead([{ method: 'kpis', args: [march] }]);
      // Not arrived yet: the view's promise never settles.
      expect(source.inHandAnswer((s) => s.kpis(march))).toBeUndefined();
      await early;
      expect(source.inHandAnswer((s) => s.kpis({ filters: { ...march.filters } }))).toEqual({
        value: { url: '/v1/kpis', answer: 1 },
      });
      expect(
        source.inHandAnswer((s) => s.kpis({ filters: { from: '2026-04-01', to: '2026-05-01' } })),
      ).toBe(undefined);
      // Looking took nothing: the read gets it, once; then there is nothing in hand.
      expect(await source.kpis(march)).toMatchObject({ answer: 1 });
      expect(source.inHandAnswer((s) => s.kpis(march))).toBeUndefined();
      // A write drops what was read ahead, in hand or not.
      source.readAhead([info]);
      await Promise.resolve();
      await source.saveSettings({});
      expect(source.inHandAnswer((s) => s.info())).toBeUndefined();
      expect(paths(api)).toEqual(['/v1/kpis', '/v1/info', '/v1/settings']);
    });

    it('joins a read on its way, ahead or asked, and starts no write', async () => {
      const api = countingApi();
      const source = sourceOver(api);
      const [first] = source.readAhead([info]);
      const [again] = source.readAhead([info]);
      expect(again).toBe(first);
      const asked = source.catalog();
      const [joined] = source.readAhead([catalog]);
      expect(await joined).toEqual(await asked);
      expect(paths(api)).toEqual(['/v1/info', '/v1/catalog']);
      expect(() => source.readAhead([{ method: 'saveSettings', args: [{}] }])).toThrow(/write/);
      expect(api.seen).toHaveLength(2);
    });

    it('reads afresh after a failed read ahead, and never reads ahead what was asked', async () => {
      const api = fakeApi(
        () => new Response('<html>proxy</html>', { status: 500 }),
        () => json(200, { calls: 7 }),
      );
      const source = sourceOver(api);
      source.readAhead([info]);
      await expect(source.info()).resolves.toEqual({ calls: 7 });
      expect(api.seen).toHaveLength(2);

      const asked = countingApi();
      const page = sourceOver(asked);
      const first = page.catalog();
      page.readAhead([catalog]);
      await first;
      await page.catalog();
      expect(paths(asked)).toEqual(['/v1/catalog', '/v1/catalog']);
    });
  });
});
