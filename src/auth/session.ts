/**
 * The sign-in session: the spec's start-up sequence, login, token renewal and logout,
 * written against the few PublicClientApplication methods it uses so that unit tests can
 * drive it with a fake client.
 *
 * Loop guard: at most one automatic interactive attempt (acquireTokenRedirect after an
 * interaction-required silent failure) per sign-in, recorded in sessionStorage because the
 * attempt itself leaves the page. A second interaction-required failure ends the session
 * and shows the message on the sign-in page instead of going back to the provider.
 */
import type { AccountInfo, IPublicClientApplication } from '@azure/msal-browser';
import { nextTask } from '../data/engine/next-task.ts';
import { apiScopes } from './api-scopes.ts';
import {
  createScopedStorage,
  type StorageBackend,
  type StoredValueSpec,
} from '../browser-storage/index.ts';
import { getAuthState, updateAuthState } from './auth-state.ts';
import type { ResolvedAuthConfig } from './config.ts';
import {
  describeAuthError,
  toAuthFailure,
  type AuthFailure,
  type AuthFailureKind,
} from './failures.ts';
import { safeReturnPath } from './return-path.ts';
import { clearIdentityCache } from './identity-cache.ts';
import { clearStoredUser, isSignedIn, writeStoredUser } from './stored-user.ts';

/** The PublicClientApplication methods the session uses. */
export type AuthClient = Pick<
  IPublicClientApplication,
  | 'initialize'
  | 'handleRedirectPromise'
  | 'getAllAccounts'
  | 'getActiveAccount'
  | 'setActiveAccount'
  | 'loginRedirect'
  | 'acquireTokenSilent'
  | 'acquireTokenRedirect'
  | 'logoutRedirect'
>;

/** Where the page is and how to move it; the browser's in production, fakes in tests. */
export interface PageLocation {
  /** Path, query and hash of the current page ("/performance/agents?compliant=false"). */
  current(): string;
  /** Changes the address without loading a page (used before the app mounts). */
  replace(path: string): void;
  /** Loads another page of this site, replacing the current history entry. */
  load(path: string): void;
}

export interface SessionOptions {
  readonly client: AuthClient;
  readonly config: ResolvedAuthConfig;
  readonly deploymentId: string;
  readonly location: PageLocation;
  /** sessionStorage: survives the provider round trip, ends with the tab. */
  readonly sessionBackend: StorageBackend | undefined;
}

export interface AuthSession {
  /** Start-up sequence; never throws. Failures end up in the auth state. */
  start(): Promise<void>;
  /** After the app mounted: renew the access token of a restored session. Never throws. */
  renew(): Promise<void>;
  signIn(returnTo?: string): Promise<void>;
  signOut(): Promise<void>;
}

/** A sign-in in progress across the provider round trip. Holds no secret. */
interface PendingSignIn {
  readonly returnTo: string;
  /** True once the automatic interactive attempt of this sign-in has been used. */
  readonly autoInteractiveUsed: boolean;
}

const pendingSpec: StoredValueSpec<PendingSignIn> = {
  name: 'sign-in',
  version: 1,
  parse: (raw) => {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { returnTo, autoInteractiveUsed } = raw as Record<string, unknown>;
    if (typeof returnTo !== 'string' || typeof autoInteractiveUsed !== 'boolean') return undefined;
    return { returnTo: safeReturnPath(returnTo), autoInteractiveUsed };
  },
};

/** A failure carried over a full page load to the sign-in page (kind and code only). */
const failureSpec: StoredValueSpec<string> = {
  name: 'sign-in-failure',
  version: 1,
  parse: (raw) => (typeof raw === 'string' && raw.length <= 200 ? raw : undefined),
};

/** Failures after which the restored session cannot continue. */
const sessionEndingKinds: ReadonlySet<AuthFailureKind> = new Set([
  'interaction-required',
  'invalid-grant',
  'no-account',
  'user-cancelled',
  'no-token-response',
]);

export function createAuthSession(options: SessionOptions): AuthSession {
  const { client, config, location } = options;
  const transient = createScopedStorage(options.deploymentId, options.sessionBackend);
  const readPending = () => transient.read(pendingSpec);

  const loginUrl = (returnTo: string) =>
    returnTo === '/' || returnTo.startsWith(config.loginPath)
      ? config.loginPath
      : `${config.loginPath}?returnTo=${encodeURIComponent(returnTo)}`;

  const fail = (failure: AuthFailure) => {
    updateAuthState({ failure, accessToken: null });
  };

  /** Ends the session locally and shows the failure on the sign-in page. */
  const endWithFailure = (failure: AuthFailure, returnTo: string, mounted: boolean) => {
    clearStoredUser();
    transient.remove(pendingSpec);
    fail(failure);
    if (mounted) {
      transient.write(failureSpec, failure.code);
      location.load(loginUrl(returnTo));
    } else {
      location.replace(loginUrl(returnTo));
    }
  };

  /**
   * Acquires the access token silently for `account`; on an interaction-required failure
   * falls back to one interactive redirect per sign-in.
   */
  const acquireToken = async (
    account: AccountInfo,
    returnTo: string,
  ): Promise<'ok' | 'redirecting' | AuthFailure> => {
    try {
      const result = await client.acquireTokenSilent({
        scopes: apiScopes(),
        account,
        // Silent renewal in an iframe answers through this page (MSAL 5 redirect bridge).
        redirectUri: config.bridgeUri,
      });
      if (!result?.accessToken) return describeAuthError('no_token_response');
      updateAuthState({
        account: withClaims(result.account ?? account, account),
        accessToken: result.accessToken,
        failure: null,
      });
      return 'ok';
    } catch (error) {
      const failure = toAuthFailure(error);
      if (failure.kind !== 'interaction-required' || readPending()?.autoInteractiveUsed) {
        return failure;
      }
      transient.write(pendingSpec, { returnTo, autoInteractiveUsed: true });
      try {
        await client.acquireTokenRedirect({
          scopes: apiScopes(),
          account,
          redirectUri: config.redirectUri,
        });
        return 'redirecting';
      } catch (redirectError) {
        return toAuthFailure(redirectError);
      }
    }
  };

  /** Back from the provider with an account: token, stored user info, return path. */
  const completeSignIn = async (returnTo: string) => {
    // The spec: "the token is acquired silently for the first cached account".
    const account = client.getAllAccounts()[0];
    if (!account) return endWithFailure(describeAuthError('no_account_error'), returnTo, false);
    const outcome = await acquireToken(account, returnTo);
    if (outcome === 'redirecting') return;
    if (outcome !== 'ok') return endWithFailure(outcome, returnTo, false);
    writeStoredUser({
      name: account.name?.trim() || account.username || 'Signed-in user',
      ...(account.username ? { username: account.username } : {}),
    });
    transient.remove(pendingSpec);
    location.replace(returnTo);
  };

  /**
   * The provider's answer on the address (`#code=...&state=...`, or an error), taken off it
   * without a history entry and handed to MSAL. MSAL clears the address itself by assigning
   * `location.hash`: a navigation, which adds a history entry once the page has loaded (and
   * start-up runs after the load when it yields to the page), so Back would show the code.
   */
  const takeProviderAnswer = (): { hash?: string } => {
    const url = new URL(location.current(), 'https://origin.invalid');
    if (!/^#(.*&)?(code|error|state)=/.test(url.hash)) return {};
    location.replace(`${url.pathname}${url.search}`);
    return { hash: url.hash };
  };

  /** Removes what the provider leaves on the post-logout address ("?state=..."). */
  const tidyPostLogoutAddress = () => {
    const url = new URL(location.current(), 'https://origin.invalid');
    if (url.pathname === config.loginPath && url.searchParams.has('state')) {
      url.searchParams.delete('state');
      location.replace(`${url.pathname}${url.search}${url.hash}`);
    }
  };

  let renewal: Promise<void> | undefined;
  /** After the app mounted: renews the access token of a restored session. */
  const renewOnce = async (): Promise<void> => {
    // Just signed in: the token is already in memory.
    if (!isSignedIn() || getAuthState().accessToken) return;
    const account = client.getActiveAccount() ?? client.getAllAccounts()[0];
    const here = safeReturnPath(location.current());
    if (!account) return endWithFailure(describeAuthError('no_account_error'), here, true);
    const outcome = await acquireToken(account, here);
    if (outcome === 'ok') {
      transient.remove(pendingSpec);
      return;
    }
    if (outcome === 'redirecting') return;
    // A slow network or provider does not end the session; the rest does.
    if (sessionEndingKinds.has(outcome.kind)) endWithFailure(outcome, here, true);
    else fail(outcome);
  };

  return {
    async start() {
      const carried = transient.read(failureSpec);
      if (carried !== undefined) {
        transient.remove(failureSpec);
        fail(describeAuthError(carried));
      }
      try {
        // 1. Initialise the identity client.
        await client.initialize();
      } catch (error) {
        fail(toAuthFailure(error));
        updateAuthState({ started: true });
        return;
      }
      // A task boundary: initialising reads (and decrypts) MSAL's cache, and handling the
      // redirect parses the accounts and tokens; in one task they were 35-50 ms after the
      // first paint at 1x (issue 18).
      await nextTask();
      const pending = readPending();
      const returnTo = pending?.returnTo ?? '/';
      let result = null;
      try {
        // 2. Handle any pending redirect result, here on the redirect address itself: the
        // return path comes from the pending sign-in, so no second page load is needed.
        result = await client.handleRedirectPromise({
          navigateToLoginRequestUrl: false,
          ...takeProviderAnswer(),
        });
      } catch (error) {
        // The provider answered with an error (access_denied when the user cancelled).
        setActiveFromCache(client);
        endWithFailure(toAuthFailure(error), returnTo, false);
        updateAuthState({ started: true, account: client.getActiveAccount() });
        return;
      }
      // 3. The result's account becomes active, otherwise the first cached account.
      if (result?.account) client.setActiveAccount(result.account);
      else setActiveFromCache(client);

      if (result) {
        await completeSignIn(returnTo);
      } else if (isSignedIn() && client.getAllAccounts().length === 0) {
        // Stored user info without an account (MSAL's cache key ended with the browser
        // session, or its cache was cleared): the session is over.
        clearStoredUser();
      } else {
        tidyPostLogoutAddress();
      }
      // 4. The caller mounts the app.
      updateAuthState({ started: true, account: client.getActiveAccount() });
    },

    renew() {
      // Once per page: a second mount (React's StrictMode, a remount) must not start a second
      // renewal whose failure could race the first one's redirect.
      renewal ??= renewOnce();
      return renewal;
    },

    async signIn(returnTo) {
      // A click on the sign-in button starts a new sign-in with a fresh automatic attempt.
      transient.write(pendingSpec, {
        returnTo: safeReturnPath(returnTo),
        autoInteractiveUsed: false,
      });
      updateAuthState({ failure: null });
      try {
        // No scopes requested (spec section 4) but the API's when one is configured
        // (VITE_API_SCOPES); MSAL adds openid, profile and offline_access.
        await client.loginRedirect({ scopes: apiScopes(), redirectUri: config.redirectUri });
      } catch (error) {
        transient.remove(pendingSpec);
        fail(toAuthFailure(error));
      }
    },

    async signOut() {
      let account: AccountInfo | null = null;
      let damaged = false;
      try {
        account = client.getActiveAccount() ?? client.getAllAccounts()[0] ?? null;
      } catch {
        // A damaged identity cache: drop it, and end the session here rather than not at all.
        damaged = true;
        clearIdentityCache(config.clientId);
      }
      clearStoredUser();
      transient.remove(pendingSpec);
      updateAuthState({ account: null, accessToken: null, failure: null });
      if (damaged) {
        location.load(config.loginPath);
        return;
      }
      try {
        await client.logoutRedirect({
          account,
          // Tells the provider which client signs out, so it honours the post-logout address.
          ...(account?.idToken ? { idTokenHint: account.idToken } : {}),
          postLogoutRedirectUri: config.postLogoutRedirectUri,
        });
      } catch {
        // The provider is unreachable: the local session is already over.
        location.load(config.loginPath);
      }
    },
  };
}

function setActiveFromCache(client: AuthClient): void {
  const [first] = client.getAllAccounts();
  if (first) client.setActiveAccount(first);
}

/**
 * The renewed account, keeping the ID token's claims (the roles among them) the account had
 * when the renewal brings none: a renewal answered from MSAL's cache looks the ID token up by
 * tenant and comes back without claims from a provider whose tokens carry no `tid` (the local
 * one). A renewal with a new ID token brings its own claims, which win.
 */
export function withClaims(renewed: AccountInfo, before: AccountInfo): AccountInfo {
  const claims = renewed.idTokenClaims;
  if ((claims && Object.keys(claims).length > 0) || !before.idTokenClaims) return renewed;
  return { ...renewed, idTokenClaims: before.idTokenClaims };
}
