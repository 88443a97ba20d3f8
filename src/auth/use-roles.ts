/**
 * The signed-in account's roles, read from its ID token's claims (MSAL keeps them on the
 * account: `idTokenClaims.roles`), and what they allow. Re-renders when the account changes
 * (sign-in, renewal, sign-out).
 */
import { useMemo } from 'react';
import type { AccountInfo } from '@azure/msal-browser';
import { useAuthState } from './auth-state.ts';
import {
  allowance,
  productRoles,
  rolesFromClaims,
  type Allowance,
  type Permission,
  type Role,
} from './roles.ts';

/** The product roles of an account (none when signed out or the token carries none). */
export function accountRoles(account: AccountInfo | null): Role[] {
  return productRoles(rolesFromClaims(account?.idTokenClaims));
}

export function useRoles(): readonly Role[] {
  const { account } = useAuthState();
  return useMemo(() => accountRoles(account), [account]);
}

/** Whether the signed-in account may do something, and if not, the sentence saying why. */
export function usePermission(permission: Permission): Allowance {
  const { account } = useAuthState();
  return useMemo(() => {
    if (!account) return { allowed: false, reason: 'Sign in to make changes here.' };
    return allowance(rolesFromClaims(account.idTokenClaims), permission);
  }, [account, permission]);
}
