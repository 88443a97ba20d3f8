/**
 * The in-memory auth state (spec section 3): the active account and its access token, plus
 * the last sign-in failure for the sign-in page. Tokens never leave memory here; MSAL keeps
 * its own (encrypted) cache.
 */
import { useSyncExternalStore } from 'react';
import type { AccountInfo } from '@azure/msal-browser';
import type { AuthFailure } from './failures.ts';

export interface AuthState {
  /** False until the start-up sequence has finished. */
  readonly started: boolean;
  readonly account: AccountInfo | null;
  readonly accessToken: string | null;
  readonly failure: AuthFailure | null;
}

const initial: AuthState = { started: false, account: null, accessToken: null, failure: null };
let state: AuthState = initial;
const listeners = new Set<() => void>();

export function getAuthState(): AuthState {
  return state;
}

export function updateAuthState(change: Partial<AuthState>): void {
  state = { ...state, ...change };
  for (const listener of [...listeners]) listener();
}

export function resetAuthStateForTests(): void {
  state = initial;
  for (const listener of [...listeners]) listener();
}

export function subscribeAuthState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribeAuthState, getAuthState, getAuthState);
}

/** The failure to show on the sign-in page, or null. */
export function useAuthError(): AuthFailure | null {
  return useAuthState().failure;
}
