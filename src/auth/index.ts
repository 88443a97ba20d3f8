/**
 * The public face of sign-in. Everything else in src/auth is internal.
 */
import { getAuthRuntime, startAuthRuntime } from './runtime-instance.ts';
import { safeReturnPath } from './return-path.ts';
import { updateAuthState } from './auth-state.ts';
import { describeAuthError } from './failures.ts';
import { clearStoredUser } from './stored-user.ts';
import { routePath } from './config.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { routeTable } from '../generated/routes.gen.ts';

export { AuthProvider } from './provider.tsx';
export { useStoredUser, isSignedIn, type StoredUser } from './stored-user.ts';
export { useAuthError, useAuthState, getAuthState, type AuthState } from './auth-state.ts';
export { describeAuthError, type AuthFailure, type AuthFailureKind } from './failures.ts';
// The words for each failure: import `failureMessage` from './failure-messages.ts' directly
// (the sign-in screen does), so the shell's first load does not carry them.
export { safeReturnPath } from './return-path.ts';
export { acquireApiToken } from './api-token.ts';
export { isAgentSignedInAs } from './agent-identity.ts';
// Roles and what each allows: ./permissions.ts, the screens' own import (off the first load).

/**
 * The spec's start-up sequence: initialise the identity client, handle a pending redirect
 * result, choose the active account. main.tsx awaits it before mounting the app. Never
 * throws; a failure is kept for the sign-in page (useAuthError()). False when the identity
 * client's code could not be loaded: nothing can be signed in to, the app cannot start.
 */
export function startAuth(): Promise<boolean> {
  return startAuthRuntime();
}

/** Sends the user to the identity provider; back here they land on `returnTo` (same-origin path). */
export async function signIn(returnTo?: string): Promise<void> {
  const runtime = getAuthRuntime();
  if (!runtime) {
    updateAuthState({ failure: describeAuthError('uninitialized_public_client_application') });
    return;
  }
  await runtime.session.signIn(safeReturnPath(returnTo));
}

/** Removes the stored user info and signs out at the provider, landing on the sign-in page. */
export async function signOut(): Promise<void> {
  const runtime = getAuthRuntime();
  if (runtime) return runtime.session.signOut();
  // No identity client (it failed to start): end the local session at least.
  clearStoredUser();
  window.location.replace(postLogoutPath());
}

function postLogoutPath(): string {
  try {
    return routePath({ routes: routeTable }, manifest.auth.postLogoutRoute);
  } catch {
    return '/';
  }
}

/** The signed-in account's directory (tenant) and identity provider, for the profile page. */
export function signedInAccount(): { tenantId: string; environment: string } | null {
  const client = getAuthRuntime()?.client;
  const account = client?.getActiveAccount() ?? client?.getAllAccounts()[0];
  return account ? { tenantId: account.tenantId, environment: account.environment } : null;
}
