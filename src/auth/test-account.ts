/**
 * Tests only: an account as MSAL would hold it after sign-in, with the ID token's `roles`
 * claim, put in the auth state so screens see its roles. Not part of the public face.
 */
import type { AccountInfo } from '@azure/msal-browser';
import { resetAuthStateForTests, updateAuthState } from './auth-state.ts';

export function signInWithRolesForTests(
  name: string,
  roles: readonly string[],
  /** The sign-in name (preferred_username); by default made from the name. */
  username?: string,
): void {
  const id = name.toLowerCase().replace(/\W+/g, '-');
  const account: AccountInfo = {
    homeAccountId: id,
    localAccountId: id,
    environment: 'test.invalid',
    tenantId: 'test-tenant',
    username: username ?? `${id}@example.com`,
    name,
    idTokenClaims: { roles: [...roles] },
  };
  updateAuthState({ account });
}

export { resetAuthStateForTests };
