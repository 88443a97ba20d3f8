/**
 * The spec's start-up sequence, login, renewal and logout, driven with a fake identity client
 * that implements the few PublicClientApplication methods the session uses.
 */
import {
  BrowserAuthError,
  InteractionRequiredAuthError,
  ServerError,
  type AccountInfo,
  type AuthenticationResult,
} from '@azure/msal-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createScopedStorage, type StorageBackend } from '../../../src/browser-storage/index.ts';
import { getAuthState, resetAuthStateForTests } from '../../../src/auth/auth-state.ts';
import { resolveAuthConfig } from '../../../src/auth/config.ts';
import {
  createAuthSession,
  type AuthClient,
  type PageLocation,
} from '../../../src/auth/session.ts';
import {
  readStoredUser,
  replaceStoredUserStorageForTests,
  writeStoredUser,
} from '../../../src/auth/stored-user.ts';

const ORIGIN = 'https://app.example';
const config = resolveAuthConfig(
  {
    auth: {
      protocol: 'oidc',
      clientId: 'speech-analytics-web',
      authority: '/idp',
      loginRoute: 'login',
      postLogoutRoute: 'login',
    },
    routes: [
      {
        id: 'login',
        path: '/page/login',
        title: 'Sign in',
        auth: 'public',
        screen: 'auth/sign-in',
      },
    ],
  } as unknown as Parameters<typeof resolveAuthConfig>[0],
  ORIGIN,
);

function memoryBackend(): StorageBackend & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const avery: AccountInfo = {
  homeAccountId: 'avery-quinn.idp',
  environment: 'app.example',
  tenantId: '',
  username: 'avery@callscope.example',
  localAccountId: 'avery-quinn',
  name: 'Avery Quinn',
  idToken: 'header.payload.signature',
};
const jordan: AccountInfo = {
  ...avery,
  homeAccountId: 'jordan',
  username: 'jordan@callscope.example',
  name: 'Jordan Blake',
};

function tokenResult(account: AccountInfo, accessToken = 'access-token-1'): AuthenticationResult {
  return {
    account,
    accessToken,
    idToken: 'id',
    scopes: ['openid'],
  } as unknown as AuthenticationResult;
}

/** A fake client; each test sets what the provider "answered". */
function fakeClient(options: {
  redirectResult?: AuthenticationResult | null;
  redirectError?: unknown;
  accounts?: AccountInfo[];
  silent?: () => Promise<AuthenticationResult>;
  initializeError?: unknown;
}) {
  let active: AccountInfo | null = null;
  const calls: string[] = [];
  const client = {
    initialize: vi.fn(async () => {
      calls.push('initialize');
      if (options.initializeError) throw options.initializeError;
    }),
    handleRedirectPromise: vi.fn(async () => {
      calls.push('handleRedirectPromise');
      if (options.redirectError) throw options.redirectError;
      return options.redirectResult ?? null;
    }),
    getAllAccounts: vi.fn(() => options.accounts ?? []),
    getActiveAccount: vi.fn(() => active),
    setActiveAccount: vi.fn((account: AccountInfo | null) => {
      calls.push(`setActiveAccount:${account?.name}`);
      active = account;
    }),
    loginRedirect: vi.fn(async () => undefined),
    acquireTokenSilent: vi.fn(async () => {
      calls.push('acquireTokenSilent');
      return (options.silent ?? (async () => tokenResult(avery)))();
    }),
    acquireTokenRedirect: vi.fn(async () => undefined),
    logoutRedirect: vi.fn(async () => undefined),
  } satisfies AuthClient;
  return { client, calls };
}

function fakeLocation(start = '/') {
  const page = { current: start, loaded: [] as string[] };
  const location: PageLocation = {
    current: () => page.current,
    replace: (path) => void (page.current = path),
    load: (path) => {
      page.loaded.push(path);
      page.current = path;
    },
  };
  return { page, location };
}

let session: StorageBackend & { data: Map<string, string> };

function setup(clientOptions: Parameters<typeof fakeClient>[0], start = '/') {
  const { client, calls } = fakeClient(clientOptions);
  const { page, location } = fakeLocation(start);
  const auth = createAuthSession({
    client,
    config,
    deploymentId: 'callscope',
    location,
    sessionBackend: session,
  });
  return { auth, client, calls, page };
}

function pendingSignIn(returnTo: string, autoInteractiveUsed = false) {
  session.setItem('callscope:sign-in:v1', JSON.stringify({ returnTo, autoInteractiveUsed }));
}

beforeEach(() => {
  session = memoryBackend();
  replaceStoredUserStorageForTests(createScopedStorage('callscope', memoryBackend()));
  resetAuthStateForTests();
});

describe('start-up sequence', () => {
  it('initialises, handles the redirect, activates its account, then completes the sign-in', async () => {
    pendingSignIn('/performance/agents?compliant=false');
    const { auth, client, calls, page } = setup({
      redirectResult: tokenResult(avery),
      accounts: [avery, jordan],
    });

    await auth.start();

    expect(calls.slice(0, 3)).toEqual([
      'initialize',
      'handleRedirectPromise',
      'setActiveAccount:Avery Quinn',
    ]);
    expect(client.acquireTokenSilent).toHaveBeenCalledWith({
      scopes: [],
      account: avery, // the first cached account
      redirectUri: `${ORIGIN}/redirect-bridge.html`,
    });
    expect(readStoredUser()).toEqual({ name: 'Avery Quinn', username: 'avery@callscope.example' });
    expect(getAuthState()).toMatchObject({
      started: true,
      accessToken: 'access-token-1',
      failure: null,
    });
    expect(page.current).toBe('/performance/agents?compliant=false');
    expect(session.data.size).toBe(0);
  });

  it('stores no token in the stored user info', async () => {
    pendingSignIn('/');
    const backend = memoryBackend();
    replaceStoredUserStorageForTests(createScopedStorage('callscope', backend));
    await setup({ redirectResult: tokenResult(avery), accounts: [avery] }).auth.start();
    expect([...backend.data.values()].join()).not.toMatch(/token|signature/i);
    expect([...backend.data.keys()]).toEqual(['callscope:user:v1']);
  });

  it('without a redirect result makes the first cached account active and changes nothing else', async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    const { auth, client, calls } = setup({ accounts: [avery, jordan] }, '/settings');
    await auth.start();
    expect(calls).toEqual(['initialize', 'handleRedirectPromise', 'setActiveAccount:Avery Quinn']);
    expect(client.acquireTokenSilent).not.toHaveBeenCalled();
    expect(readStoredUser()).toEqual({ name: 'Avery Quinn' });
    expect(getAuthState()).toMatchObject({ started: true, account: avery });
  });

  it('with no account at all leaves no account active and ends a stale stored session', async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    const { auth, client } = setup({ accounts: [] });
    await auth.start();
    expect(client.setActiveAccount).not.toHaveBeenCalled();
    expect(readStoredUser()).toBeNull();
  });

  it('keeps an initialisation failure for the sign-in page instead of throwing', async () => {
    const { auth, client } = setup({
      initializeError: new BrowserAuthError('crypto_nonexistent', 'c'),
    });
    await expect(auth.start()).resolves.toBeUndefined();
    expect(client.handleRedirectPromise).not.toHaveBeenCalled();
    expect(getAuthState()).toMatchObject({
      started: true,
      failure: { code: 'crypto_nonexistent' },
    });
  });

  it('shows the cancelled message on the sign-in page, keeping where the user was going', async () => {
    pendingSignIn('/report/reportcard');
    const { auth, page } = setup({ redirectError: new ServerError('access_denied', 'c') });
    await auth.start();
    expect(getAuthState().failure).toMatchObject({ kind: 'user-cancelled' });
    expect(page.current).toBe('/page/login?returnTo=%2Freport%2Freportcard');
    expect(readStoredUser()).toBeNull();
  });

  it('reports no account when the provider came back but nothing is cached', async () => {
    pendingSignIn('/');
    const { auth, page } = setup({ redirectResult: tokenResult(avery), accounts: [] });
    await auth.start();
    expect(getAuthState().failure).toMatchObject({ kind: 'no-account' });
    expect(page.current).toBe('/page/login');
  });

  it('reports no token response when the silent call returns without an access token', async () => {
    pendingSignIn('/');
    const { auth } = setup({
      redirectResult: tokenResult(avery),
      accounts: [avery],
      silent: async () => tokenResult(avery, ''),
    });
    await auth.start();
    expect(getAuthState().failure).toMatchObject({ kind: 'no-token-response' });
    expect(readStoredUser()).toBeNull();
  });

  it("hands the provider's answer to MSAL, taken off the address without a history entry", async () => {
    const answer = '#code=abc&state=eyJpZCI6IjEifQ&iss=https%3A%2F%2Fapp.example%2Fidp';
    const { auth, client, page } = setup({}, `/performance/agents?x=1${answer}`);
    client.handleRedirectPromise.mockImplementation(async () => {
      // MSAL reads the answer from the option: the address no longer has it.
      expect(page.current).toBe('/performance/agents?x=1');
      return null;
    });
    await auth.start();
    expect(client.handleRedirectPromise).toHaveBeenCalledWith({
      navigateToLoginRequestUrl: false,
      hash: answer,
    });
    expect(page.loaded).toEqual([]);
  });

  it('leaves an address without an answer from the provider as it is', async () => {
    const { auth, client, page } = setup({}, '/settings#section');
    await auth.start();
    expect(client.handleRedirectPromise).toHaveBeenCalledWith({ navigateToLoginRequestUrl: false });
    expect(page.current).toBe('/settings#section');
  });

  it('removes the state the provider leaves on the post-logout address', async () => {
    const { auth, page } = setup({}, '/page/login?state=eyJpZCI6IjEifQ');
    await auth.start();
    expect(page.current).toBe('/page/login');
  });
});

describe('interaction-required fallback', () => {
  const interactionRequired = async (): Promise<AuthenticationResult> => {
    throw new InteractionRequiredAuthError('login_required', 'c');
  };

  it('redirects interactively once, then shows the failure instead of looping', async () => {
    pendingSignIn('/lead/list');
    const first = setup({
      redirectResult: tokenResult(avery),
      accounts: [avery],
      silent: interactionRequired,
    });
    await first.auth.start();
    expect(first.client.acquireTokenRedirect).toHaveBeenCalledTimes(1);
    expect(first.client.acquireTokenRedirect).toHaveBeenCalledWith(
      expect.objectContaining({ scopes: [], account: avery }),
    );
    expect(readStoredUser()).toBeNull();

    // Back from the provider, and the silent call fails again: no second redirect.
    const second = setup({
      redirectResult: tokenResult(avery),
      accounts: [avery],
      silent: interactionRequired,
    });
    await second.auth.start();
    expect(second.client.acquireTokenRedirect).not.toHaveBeenCalled();
    expect(getAuthState().failure).toMatchObject({ kind: 'interaction-required' });
    expect(second.page.current).toBe('/page/login?returnTo=%2Flead%2Flist');
  });

  it('gives a new sign-in (a click) its own automatic attempt', async () => {
    pendingSignIn('/', true);
    const { auth } = setup({});
    await auth.signIn('/settings');
    expect(JSON.parse(session.getItem('callscope:sign-in:v1') ?? '')).toEqual({
      returnTo: '/settings',
      autoInteractiveUsed: false,
    });
  });
});

describe('renewal of a restored session', () => {
  it('keeps the access token in memory', async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    const { auth } = setup({
      accounts: [avery],
      silent: async () => tokenResult(avery, 'renewed'),
    });
    await auth.start();
    await auth.renew();
    expect(getAuthState().accessToken).toBe('renewed');
  });

  it("keeps the ID token's claims (roles) when a renewal from the cache brings none", async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    const withRoles = { ...avery, idTokenClaims: { roles: ['supervisor'] } };
    const { auth } = setup({
      accounts: [withRoles],
      silent: async () => tokenResult({ ...avery, idTokenClaims: {} }, 'renewed'),
    });
    await auth.start();
    await auth.renew();
    expect(getAuthState().account?.idTokenClaims).toEqual({ roles: ['supervisor'] });
    // A renewal with a new ID token brings its own claims.
    const second = setup({
      accounts: [withRoles],
      silent: async () => tokenResult({ ...avery, idTokenClaims: { roles: ['agent'] } }, 'again'),
    });
    resetAuthStateForTests();
    await second.auth.start();
    await second.auth.renew();
    expect(getAuthState().account?.idTokenClaims).toEqual({ roles: ['agent'] });
  });

  it('renews once per page however often the app mounts', async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    const { auth, client } = setup({ accounts: [avery] });
    await auth.start();
    await Promise.all([auth.renew(), auth.renew()]);
    await auth.renew();
    expect(client.acquireTokenSilent).toHaveBeenCalledTimes(1);
  });

  it('falls back to the provider once when the session there ended', async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    const { auth, client } = setup(
      {
        accounts: [avery],
        silent: async () => {
          throw new InteractionRequiredAuthError('login_required', 'c');
        },
      },
      '/performance/vendors',
    );
    await auth.start();
    await auth.renew();
    expect(client.acquireTokenRedirect).toHaveBeenCalledTimes(1);
    expect(JSON.parse(session.getItem('callscope:sign-in:v1') ?? '')).toEqual({
      returnTo: '/performance/vendors',
      autoInteractiveUsed: true,
    });
  });

  it('ends the session on an invalid grant and carries the message to the sign-in page', async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    const { auth, page } = setup(
      {
        accounts: [avery],
        silent: async () => {
          throw new ServerError('invalid_grant', 'c');
        },
      },
      '/settings',
    );
    await auth.start();
    await auth.renew();
    expect(readStoredUser()).toBeNull();
    expect(page.loaded).toEqual(['/page/login?returnTo=%2Fsettings']);

    resetAuthStateForTests();
    await setup({}, '/page/login?returnTo=%2Fsettings').auth.start();
    expect(getAuthState().failure).toMatchObject({ kind: 'invalid-grant' });
  });

  it('keeps the session through a timeout and reports it', async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    const { auth, page } = setup({
      accounts: [avery],
      silent: async () => {
        throw new BrowserAuthError('timed_out', 'c');
      },
    });
    await auth.start();
    await auth.renew();
    expect(readStoredUser()).toEqual({ name: 'Avery Quinn' });
    expect(page.loaded).toEqual([]);
    expect(getAuthState().failure).toMatchObject({ kind: 'timeout' });
  });
});

describe('sign-in and sign-out', () => {
  it('asks for no scopes and keeps only same-origin return paths', async () => {
    const { auth, client } = setup({});
    await auth.signIn('//evil.example/steal');
    expect(client.loginRedirect).toHaveBeenCalledWith({ scopes: [], redirectUri: ORIGIN });
    expect(JSON.parse(session.getItem('callscope:sign-in:v1') ?? '').returnTo).toBe('/');
  });

  it('shows a failure when the redirect cannot start', async () => {
    const { auth, client } = setup({});
    client.loginRedirect.mockRejectedValueOnce(
      new BrowserAuthError('interaction_in_progress', 'c'),
    );
    await auth.signIn('/');
    expect(getAuthState().failure).toMatchObject({ code: 'interaction_in_progress' });
  });

  it('removes the stored user info first, then signs out at the provider', async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    const { auth, client } = setup({ accounts: [avery] });
    await auth.start();
    client.logoutRedirect.mockImplementationOnce(async () => {
      expect(readStoredUser()).toBeNull();
    });
    await auth.signOut();
    expect(client.logoutRedirect).toHaveBeenCalledWith({
      account: avery,
      idTokenHint: avery.idToken,
      postLogoutRedirectUri: `${ORIGIN}/page/login`,
    });
    expect(getAuthState()).toMatchObject({ account: null, accessToken: null });
  });

  it('still lands on the sign-in page when the provider is unreachable', async () => {
    writeStoredUser({ name: 'Avery Quinn' });
    const { auth, client, page } = setup({ accounts: [avery] });
    client.logoutRedirect.mockRejectedValueOnce(new BrowserAuthError('timed_out', 'c'));
    await auth.signOut();
    expect(page.loaded).toEqual(['/page/login']);
  });
});
