/**
 * The one identity client and session of the page, created by startAuth().
 */
import type { MsalProvider, PublicClientApplication } from './identity-client.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { routeTable } from '../generated/routes.gen.ts';
import { createScopedStorage } from '../browser-storage/index.ts';
// A task boundary, as the engine's long work uses between its steps.
import { nextTask } from '../data/engine/next-task.ts';
import { updateAuthState } from './auth-state.ts';
import { keptAuthorityMetadata } from './authority-metadata.ts';
import { lookAfterAuthorityMetadata } from './authority-metadata-keeper.ts';
import { buildMsalConfiguration, resolveAuthConfig, type ResolvedAuthConfig } from './config.ts';
import { describeAuthError, toAuthFailure } from './failures.ts';
import { createAuthSession, type AuthSession, type PageLocation } from './session.ts';
import { clearIdentityCache } from './identity-cache.ts';
import { clearStoredUser, isSignedIn, refreshStoredUser } from './stored-user.ts';

export interface AuthRuntime {
  readonly client: PublicClientApplication;
  readonly session: AuthSession;
  /** MSAL's React context, from the identity client's chunk (provider.tsx renders it). */
  readonly Provider: typeof MsalProvider;
}

let runtime: AuthRuntime | null = null;

export function getAuthRuntime(): AuthRuntime | null {
  return runtime;
}

const browserLocation: PageLocation = {
  current: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
  replace: (path) => window.history.replaceState(window.history.state, '', path),
  load: (path) => window.location.replace(path),
};

function sessionBackend() {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Creates the client and runs the start-up sequence. Never throws; false when MSAL's chunk did
 * not arrive (offline, or a new deployment replaced it), when the app cannot start at all.
 */
export async function startAuthRuntime(): Promise<boolean> {
  watchBackForwardRestores();
  // MSAL, the largest part of a first load, is a chunk of its own (identity-client.ts), asked
  // for here, while `main` evaluates, so it arrives meanwhile.
  const identityClient = import('./identity-client.ts');
  // A chunk that fails to arrive is the start-up's answer (awaited below), not an unhandled one.
  identityClient.catch(() => undefined);
  // Start-up runs in tasks of its own, after main's evaluation and again between creating the
  // client and starting it: in one task with main's evaluation it blocked input for 80-140 ms
  // right after the first paint, and creating and starting the client are 15-30 ms each at 1x
  // (issue 18). The mark shows in a performance trace; a browser test checks it follows main.
  await nextTask();
  performance.mark('sign-in start-up');
  const identity = await identityClient.catch(() => null);
  if (!identity) return false;
  const { PublicClientApplication, MsalProvider } = identity;
  // MSAL's chunk evaluated in a task of its own; creating the client is another.
  await nextTask();
  try {
    const config = resolveAuthConfig(
      { auth: manifest.auth, routes: routeTable },
      window.location.origin,
    );
    const metadata = providerMetadata(config);
    const client = new PublicClientApplication(buildMsalConfiguration(config, metadata));
    const session = createAuthSession({
      client,
      config,
      deploymentId: manifest.id,
      location: browserLocation,
      sessionBackend: sessionBackend(),
    });
    runtime = { client, session, Provider: MsalProvider };
    try {
      await nextTask();
      await session.start();
    } catch (error) {
      // A damaged identity cache makes start-up throw (and every later call with it). Drop
      // MSAL's entries and the stored user, and start again once, signed out, saying why.
      if (clearIdentityCache(config.clientId) === 0) throw error;
      clearStoredUser();
      const fresh = new PublicClientApplication(buildMsalConfiguration(config, metadata));
      const freshSession = createAuthSession({
        client: fresh,
        config,
        deploymentId: manifest.id,
        location: browserLocation,
        sessionBackend: sessionBackend(),
      });
      runtime = { client: fresh, session: freshSession, Provider: MsalProvider };
      await freshSession.start();
      updateAuthState({ failure: describeAuthError('cache_reset') });
    }
    if (config.protocol === 'oidc') keepProviderMetadata(config, metadata !== undefined);
  } catch (error) {
    // E.g. no Web Crypto (a page served over plain http): keep the failure for the sign-in page.
    updateAuthState({ started: true, failure: toAuthFailure(error) });
  }
  return true;
}

/** The OpenID provider's discovery document kept from an earlier load, if fresh. */
function providerMetadata(config: ResolvedAuthConfig): string | undefined {
  if (config.protocol !== 'oidc') return undefined;
  return keptAuthorityMetadata(createScopedStorage(manifest.id), config.authority);
}

/** Once the page is idle, looks after the kept copy of the provider's document. */
function keepProviderMetadata(config: ResolvedAuthConfig, usingKeptCopy: boolean): void {
  const idle =
    window.requestIdleCallback?.bind(window) ?? ((run: () => void) => window.setTimeout(run, 1000));
  idle(() => lookAfterAuthorityMetadata(createScopedStorage(manifest.id), config, usingKeptCopy));
}

let watching = false;

/**
 * A page restored from the back/forward cache runs no code and no route guard. Re-read the
 * stored user info, and reload when the signed-in state changed meanwhile (e.g. Back after
 * logout) so the guard decides again.
 */
function watchBackForwardRestores(): void {
  if (watching) return;
  watching = true;
  let signedInWhenHidden = isSignedIn();
  window.addEventListener('pagehide', () => {
    signedInWhenHidden = isSignedIn();
  });
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    refreshStoredUser();
    if (isSignedIn() !== signedInWhenHidden) window.location.reload();
  });
}
