/**
 * Scopes of the API the data layer calls (the page's sa-api-scopes meta tag, else the build's
 * VITE_API_SCOPES; space-separated; none without an API). Asked for at sign-in too, so the
 * refresh token covers them.
 */
import { deploymentApi } from '../data/http/deployment-api.ts';

export function apiScopes(): string[] {
  return [...deploymentApi().scopes];
}
