/**
 * Access tokens for the API (server/, or a deployment's own), for the data layer's HttpSource:
 * MSAL's silent acquisition for the signed-in account, fresh from the provider when asked
 * (after the API answered 401). Scopes come from api-scopes.ts: the deployment's, e.g.
 * "api://<app-id>/calls.read api://<app-id>/settings.write" for Entra ID, "calls.read
 * settings.write" for the local provider (`npm start` names them); none without an API.
 */
import { REDIRECT_BRIDGE_PATH } from './config.ts';
import { apiScopes } from './api-scopes.ts';
import { getAuthRuntime } from './runtime-instance.ts';
import { nextTask } from '../data/engine/next-task.ts';

/** A token is handed out again until this long before it expires. */
const RENEW_BEFORE_MS = 5 * 60_000;

interface SharedToken {
  readonly accountId: string;
  readonly token: Promise<string | null>;
  /** Until when the token may be handed out again; Infinity while it is being acquired. */
  usableUntil: number;
}

/**
 * The account's last token, shared by the reads that ask for one: a dashboard starts six at
 * once, and each silent acquisition is 3-5 ms of MSAL's work on the main thread at 1x, in the
 * chain of work between sign-in's start-up and the first answers (issue 18).
 */
let shared: SharedToken | null = null;

export function acquireApiToken(refresh: boolean): Promise<string | null> {
  const client = getAuthRuntime()?.client;
  const account = client?.getActiveAccount() ?? client?.getAllAccounts()[0];
  if (!client || !account) return Promise.resolve(null);
  const now = Date.now();
  if (!refresh && shared?.accountId === account.homeAccountId && now < shared.usableUntil) {
    return shared.token;
  }
  const entry: SharedToken = {
    accountId: account.homeAccountId,
    usableUntil: Number.POSITIVE_INFINITY,
    // In a task of its own: the first one follows sign-in's start-up, which ends in MSAL's
    // handling of the redirect (together they were one task of 45-70 ms at 1x).
    token: nextTask()
      .then(() =>
        client.acquireTokenSilent({
          scopes: apiScopes(),
          account,
          forceRefresh: refresh,
          redirectUri: `${window.location.origin}${REDIRECT_BRIDGE_PATH}`,
        }),
      )
      .then((result) => {
        entry.usableUntil = result.accessToken
          ? (result.expiresOn?.getTime() ?? now) - RENEW_BEFORE_MS
          : 0;
        return result.accessToken || null;
      })
      .catch(() => {
        // Interaction needed: the request fails as unauthorised and the screen says so.
        entry.usableUntil = 0;
        return null;
      }),
  };
  shared = entry;
  return entry.token;
}
