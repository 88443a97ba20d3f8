/**
 * Sign-in failures: every error MSAL or the identity provider can raise during sign-in is
 * mapped to one of seven kinds the product names (spec section 8), plus "unknown" for
 * anything else, each with a specific message for the sign-in page.
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
  /** Short heading for the sign-in page. */
  readonly title: string;
  /** What happened and what to do, in the user's words. */
  readonly message: string;
}

const messages: Record<AuthFailureKind, { title: string; message: string }> = {
  'interaction-required': {
    title: 'Please sign in again',
    message:
      'Your session with the identity provider has ended or needs your confirmation. Sign in again to continue.',
  },
  'invalid-grant': {
    title: 'Your sign-in has expired',
    message:
      'The identity provider no longer accepts the saved sign-in (it expired or was revoked). Sign in again to get a fresh one.',
  },
  'popup-blocked': {
    title: 'The sign-in window was blocked',
    message:
      'The browser blocked the sign-in window. Allow pop-ups for this site, or try again to sign in in this tab.',
  },
  timeout: {
    title: 'The identity provider did not answer in time',
    message:
      'Signing in took too long, usually because the network is slow or the identity provider is unreachable. Check your connection and try again.',
  },
  'no-token-response': {
    title: 'No sign-in response arrived',
    message:
      'The identity provider returned without a token. This can happen when the sign-in page was closed or reloaded midway. Try again.',
  },
  'user-cancelled': {
    title: 'Sign-in was cancelled',
    message:
      'You cancelled signing in at the identity provider. Nothing was changed; sign in whenever you are ready.',
  },
  'no-account': {
    title: 'No signed-in account was found',
    message:
      'The identity provider returned, but no account is available in this browser. Sign in again with your work or school account.',
  },
  unknown: {
    title: 'Sign-in did not complete',
    message:
      'Something went wrong while signing in. Try again; if it keeps happening, contact your administrator.',
  },
};

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

/** The failure for an error code, with its message. */
export function describeAuthError(code: string): AuthFailure {
  const kind = kindByCode[code] ?? 'unknown';
  return { kind, code, ...messages[kind] };
}

/** The kinds' messages, e.g. for a list of what can go wrong. */
export function failureMessage(kind: AuthFailureKind): { title: string; message: string } {
  return messages[kind];
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
