/**
 * Sign-in failures: every error MSAL or the identity provider can raise during sign-in is
 * mapped to one of seven kinds the product names (spec section 8), plus "unknown" for
 * anything else. The words shown for each kind live in ./failure-messages.ts, which only the
 * sign-in page loads, so they stay out of every page's first load.
 */

export type AuthFailureKind =
  | 'interaction-required'
  | 'invalid-grant'
  | 'popup-blocked'
  | 'timeout'
  | 'no-token-response'
  | 'user-cancelled'
  | 'no-account'
  | 'unknown';

export interface AuthFailure {
  readonly kind: AuthFailureKind;
  /** The MSAL or provider error code it came from, for support ("access_denied"). */
  readonly code: string;
}

/** MSAL and OAuth error codes per kind. Codes not listed here map to "unknown". */
const kindByCode: Record<string, AuthFailureKind> = {
  // InteractionRequiredAuthError codes (msal-common) and the OAuth/OIDC server codes it wraps.
  interaction_required: 'interaction-required',
  login_required: 'interaction-required',
  consent_required: 'interaction-required',
  no_tokens_found: 'interaction-required',
  refresh_token_expired: 'interaction-required',
  bad_token: 'interaction-required',
  ui_not_allowed: 'interaction-required',
  native_account_unavailable: 'interaction-required',
  interrupted_user: 'interaction-required',
  // Our own: the identity cache in this browser was damaged and has been cleared.
  cache_reset: 'interaction-required',
  // The token endpoint refused a code or refresh token (expired, revoked, reused).
  invalid_grant: 'invalid-grant',
  // Popups (only used if a future flow opens one) and windows the browser refused to open.
  popup_window_error: 'popup-blocked',
  empty_window_error: 'popup-blocked',
  block_nested_popups: 'popup-blocked',
  // No answer from the iframe, popup, redirect or the network in time.
  timed_out: 'timeout',
  monitor_window_timeout: 'timeout',
  // The provider came back without anything usable.
  empty_response: 'no-token-response',
  redirect_bridge_empty_response: 'no-token-response',
  hash_empty_error: 'no-token-response',
  no_token_request_cache_error: 'no-token-response',
  null_or_empty_token: 'no-token-response',
  authorization_code_missing_from_server_response: 'no-token-response',
  no_token_response: 'no-token-response',
  // The user said no at the provider (OAuth `access_denied`) or closed the window.
  access_denied: 'user-cancelled',
  user_cancelled: 'user-cancelled',
  user_canceled: 'user-cancelled',
  // Nothing to sign in with.
  no_account_error: 'no-account',
  no_account_found: 'no-account',
  no_account_in_silent_request: 'no-account',
};

/** The failure for an error code. */
export function describeAuthError(code: string): AuthFailure {
  return { kind: kindByCode[code] ?? 'unknown', code };
}

/**
 * Maps anything thrown by MSAL (AuthError and subclasses expose `errorCode`; server errors
 * also carry the OAuth `error` in `errorCode` and sometimes `subError`) to a failure.
 */
export function toAuthFailure(error: unknown): AuthFailure {
  if (typeof error === 'object' && error !== null) {
    const { errorCode, subError, name } = error as {
      errorCode?: unknown;
      subError?: unknown;
      name?: unknown;
    };
    if (typeof errorCode === 'string' && errorCode !== '') {
      const main = describeAuthError(errorCode);
      // invalid_grant arrives as a ServerError or an InteractionRequiredAuthError; keep it specific.
      if (typeof subError === 'string' && subError !== '' && main.kind === 'unknown') {
        const sub = describeAuthError(subError);
        if (sub.kind !== 'unknown') return { ...sub, code: errorCode };
      }
      if (main.kind === 'unknown' && name === 'InteractionRequiredAuthError') {
        return { ...describeAuthError('interaction_required'), code: errorCode };
      }
      return main;
    }
  }
  return describeAuthError('unknown_error');
}
