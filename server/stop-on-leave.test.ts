/**
 * Work nobody will read stops: a client that goes away mid-request (a rule preview superseded
 * as the user types) aborts the request's signal, and a read that takes CallOptions stops on it.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TokenVerifier } from './auth.ts';
import { loadApiConfig } from './config.ts';
import { createApiHandler } from './http.ts';
import type { ApiService } from './service.ts';
import { customerPhraseRule, startTestApi, testEnv } from './test-kit.ts';

const caller: Caller = {
  subject: 'avery',
  name: 'avery.quinn',
  displayName: 'Avery Quinn',
  scopes: new Set(['calls.read', 'settings.write']),
  roles: ['supervisor'],
};

describe('a request whose client goes away', () => {
  let server: Server;
  let url: string;
  const seen: { method: string; signal?: AbortSignal }[] = [];
  const aborted = new Promise<string>((resolve) => {
    // A read that never finishes on its own: only its signal ends it.
    const service = {
      corpus: { n: 0 },
      call(method: string, _args: unknown[], _caller: Caller, signal?: AbortSignal) {
        seen.push({ method, signal });
        return new Promise((_, reject) =>
          signal?.addEventListener('abort', () => {
            resolve(method);
            reject(new Error('stopped'));
          }),
        );
      },
    } as unknown as ApiService;
    const verifier: TokenVerifier = { verify: async () => caller };
    const config = loadApiConfig(testEnv('https://127.0.0.1:1', '/nonexistent'));
    server = createServer(createApiHandler({ config, service, verifier }));
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('aborts the signal the service was given', async () => {
    const client = new AbortController();
    const request = fetch(`${url}/v1/rules/preview`, {
      method: 'POST',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: JSON.stringify({ rule: customerPhraseRule('Ombudsman', 'ombudsman') }),
      signal: client.signal,
    }).catch(() => 'gone');
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]!.signal?.aborted).toBe(false);
    client.abort();
    expect(await request).toBe('gone');
    expect(await aborted).toBe('previewRule');
    expect(seen[0]!.signal?.aborted).toBe(true);
  });
});

describe('a stoppable read given an aborted signal', { timeout: 60_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;
  beforeAll(async () => {
    t = await startTestApi(300);
  });
  afterAll(() => t?.stop());

  it('stops in the engine (a rule preview) and answers the same without one', async () => {
    const query = { rule: customerPhraseRule('Ombudsman', 'ombudsman'), sampleSize: 300 };
    const stop = new AbortController();
    stop.abort();
    await expect(t.api.service.call('previewRule', [query], caller, stop.signal)).rejects.toThrow(
      /Cancelled/,
    );
    const preview = (await t.api.service.call('previewRule', [query], caller)) as {
      evaluatedCalls: number;
    };
    expect(preview.evaluatedCalls).toBeGreaterThan(0);
  });
});

describe('a search the engine answers (no SQL)', { timeout: 120_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;
  beforeAll(async () => {
    // More analysed calls than one chunk of the search (SEARCH_CHUNK), so it can stop midway.
    t = await startTestApi(3_000, { SA_API_SQL: 'off' });
  }, 120_000);
  afterAll(() => t?.stop());

  const query = { expression: 'the', limit: 5 };

  it('stops when its signal aborts, before or between chunks of calls', async () => {
    expect(t.api.service.answeredBy()).toBe('engine');
    const before = new AbortController();
    before.abort();
    await expect(t.api.service.call('search', [query], caller, before.signal)).rejects.toThrow(
      /^Cancelled/,
    );
    // The first chunk runs before the search first yields; the abort lands after it.
    const midway = new AbortController();
    const running = t.api.service.call('search', [query], caller, midway.signal);
    midway.abort();
    await expect(running).rejects.toThrow(/after 2,048 of [\d,]+ calls/);
  });

  it('answers as without a signal when nobody leaves', async () => {
    const kept = (await t.api.service.call(
      'search',
      [query],
      caller,
      new AbortController().signal,
    )) as { total: number; tookMs: number };
    const plain = (await t.api.service.call('search', [query], caller)) as typeof kept;
    expect(kept.total).toBeGreaterThan(0);
    expect({ ...kept, tookMs: 0 }).toEqual({ ...plain, tookMs: 0 });
  });
});
