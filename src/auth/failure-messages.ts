/**
 * What the sign-in page says for each kind of failure: a short heading and what happened and
 * what to do, in the user's words. Imported only by the sign-in screen (a lazy chunk), never by
 * the shell, so these words are not part of every page's first load.
 */
import type { AuthFailureKind } from './failures.ts';

export interface FailureMessage {
  /** Short heading for the sign-in page. */
  readonly title: string;
  /** What happened and what to do. */
  readonly message: string;
}

const messages: Record<AuthFailureKind, FailureMessage> = {
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

/** The words for a kind of failure. */
export function failureMessage(kind: AuthFailureKind): FailureMessage {
  return messages[kind];
}
