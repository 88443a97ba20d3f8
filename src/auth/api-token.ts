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

export async function acquireApiToken(refresh: boolean): Promise<string | null> {
  const client = getAuthRuntime()?.client;
  const account = client?.getActiveAccount() ?? client?.getAllAccounts()[0];
  if (!client || !account) return null;
  try {
    const result = await client.acquireTokenSilent({
      scopes: apiScopes(),
      account,
      forceRefresh: refresh,
      redirectUri: `${window.location.origin}${REDIRECT_BRIDGE_PATH}`,
    });
    return result.accessToken || null;
  } catch {
    // Interaction needed: the request fails as unauthorised and the screen says so.
    return null;
  }
}
