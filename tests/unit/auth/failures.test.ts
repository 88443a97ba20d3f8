/**
 * Each of the seven sign-in failures the spec names maps from the errors MSAL really throws
 * (its own classes, not look-alikes) to a kind with a specific message.
 */
import {
  BrowserAuthError,
  ClientAuthError,
  InteractionRequiredAuthError,
  ServerError,
} from '@azure/msal-browser';
import { describe, expect, it } from 'vitest';
import {
  describeAuthError,
  toAuthFailure,
  type AuthFailureKind,
} from '../../../src/auth/failures.ts';
import { failureMessage } from '../../../src/auth/failure-messages.ts';

const cases: Array<[string, unknown, AuthFailureKind]> = [
  // Lost provider session on silent renewal (prompt=none answered login_required).
  [
    'interaction required',
    new InteractionRequiredAuthError('login_required', 'c'),
    'interaction-required',
  ],
  ['invalid grant', new ServerError('invalid_grant', 'c', 'AADSTS70008: expired'), 'invalid-grant'],
  ['popup blocked', new BrowserAuthError('popup_window_error', 'c'), 'popup-blocked'],
  ['timeout', new BrowserAuthError('timed_out', 'c'), 'timeout'],
  ['no token response', new BrowserAuthError('empty_response', 'c'), 'no-token-response'],
  // The provider's Cancel button answers error=access_denied.
  [
    'user cancelled',
    new ServerError('access_denied', 'c', 'The user cancelled signing in.'),
    'user-cancelled',
  ],
  ['no account found', new BrowserAuthError('no_account_error', 'c'), 'no-account'],
];

describe('sign-in failure mapping', () => {
  it.each(cases)('maps %s', (_label, error, kind) => {
    const failure = toAuthFailure(error);
    expect(failure.kind).toBe(kind);
    expect(failure.code).toBe((error as { errorCode: string }).errorCode);
  });

  it('gives every kind its own title and message', () => {
    const failures = cases.map(([, error]) => failureMessage(toAuthFailure(error).kind));
    expect(new Set(failures.map((f) => f.title)).size).toBe(cases.length);
    expect(new Set(failures.map((f) => f.message)).size).toBe(cases.length);
    for (const failure of failures) {
      expect(failure.title.length).toBeGreaterThan(10);
      expect(failure.message.length).toBeGreaterThan(40);
    }
  });

  it('treats related codes as the same failure', () => {
    expect(describeAuthError('consent_required').kind).toBe('interaction-required');
    expect(describeAuthError('no_tokens_found').kind).toBe('interaction-required');
    expect(describeAuthError('user_cancelled').kind).toBe('user-cancelled');
    expect(describeAuthError('no_account_in_silent_request').kind).toBe('no-account');
    expect(describeAuthError('no_token_response').kind).toBe('no-token-response');
    expect(describeAuthError('empty_window_error').kind).toBe('popup-blocked');
  });

  it('keeps an InteractionRequiredAuthError with an unlisted code as interaction required', () => {
    const failure = toAuthFailure(new InteractionRequiredAuthError('some_new_code', 'c'));
    expect(failure.kind).toBe('interaction-required');
    expect(failure.code).toBe('some_new_code');
  });

  it('uses the sub-error when the main code is generic', () => {
    const failure = toAuthFailure(new ServerError('server_error', 'c', 'x', 'invalid_grant'));
    expect(failure.kind).toBe('invalid-grant');
  });

  it('falls back to a general message for anything else, including non-errors', () => {
    expect(toAuthFailure(new ClientAuthError('network_error', 'c')).kind).toBe('unknown');
    expect(toAuthFailure('boom').kind).toBe('unknown');
    expect(toAuthFailure(undefined).kind).toBe('unknown');
    expect(failureMessage(toAuthFailure(null).kind).message).toMatch(/try again/i);
  });
});
