// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

interface Silent {
  forceRefresh: boolean;
  account: { homeAccountId: string };
}

/** The identity client's silent acquisitions, answered by the test. */
const asked: Silent[] = [];
let answer: (request: Silent) => Promise<{ accessToken: string; expiresOn: Date | null }>;
let active: { homeAccountId: string } | null = { homeAccountId: 'avery' };

vi.mock('../../../src/auth/runtime-instance.ts', () => ({
  getAuthRuntime: () => ({
    client: {
      getActiveAccount: () => active,
      getAllAccounts: () => (active ? [active] : []),
      acquireTokenSilent: (request: Silent) => {
        asked.push(request);
        return answer(request);
      },
    },
  }),
}));

const inAnHour = () => new Date(Date.now() + 3_600_000);

/** A fresh module: the shared token is the page's, so each test starts with none. */
async function load() {
  vi.resetModules();
  return (await import('../../../src/auth/api-token.ts')).acquireApiToken;
}

beforeEach(() => {
  asked.length = 0;
  active = { homeAccountId: 'avery' };
  let n = 0;
  answer = async () => ({ accessToken: `token-${++n}`, expiresOn: inAnHour() });
});

describe('access tokens for the API', () => {
  it('asks the identity client once for the reads that start together, and again later only when it nears expiry', async () => {
    const acquire = await load();
    const tokens = await Promise.all([acquire(false), acquire(false), acquire(false)]);
    expect(tokens).toEqual(['token-1', 'token-1', 'token-1']);
    expect(await acquire(false)).toBe('token-1');
    expect(asked).toHaveLength(1);

    answer = async () => ({ accessToken: 'short', expiresOn: new Date(Date.now() + 60_000) });
    expect(await acquire(true)).toBe('short');
    // Within five minutes of its expiry a token is not handed out again.
    answer = async () => ({ accessToken: 'renewed', expiresOn: inAnHour() });
    expect(await acquire(false)).toBe('renewed');
    expect(asked.map((r) => r.forceRefresh)).toEqual([false, true, false]);
  });

  it('asks for a fresh token when told to (the API answered 401) and shares that one after', async () => {
    const acquire = await load();
    expect(await acquire(false)).toBe('token-1');
    expect(await acquire(true)).toBe('token-2');
    expect(await acquire(false)).toBe('token-2');
    expect(asked).toHaveLength(2);
  });

  it('asks again after a failure, and for another account', async () => {
    const acquire = await load();
    answer = () => Promise.reject(new Error('interaction_required'));
    expect(await acquire(false)).toBeNull();
    answer = async () => ({ accessToken: 'after-sign-in', expiresOn: inAnHour() });
    expect(await acquire(false)).toBe('after-sign-in');
    active = { homeAccountId: 'blake' };
    answer = async () => ({ accessToken: 'blake-token', expiresOn: inAnHour() });
    expect(await acquire(false)).toBe('blake-token');
    expect(asked.map((r) => r.account.homeAccountId)).toEqual(['avery', 'avery', 'blake']);
  });

  it('has no token without a signed-in account', async () => {
    const acquire = await load();
    active = null;
    expect(await acquire(false)).toBeNull();
    expect(asked).toHaveLength(0);
  });
});
