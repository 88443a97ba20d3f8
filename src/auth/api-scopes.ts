/**
 * Scopes of the API the data layer calls (VITE_API_SCOPES, space-separated; none without an
 * API). Asked for at sign-in too, so the refresh token covers them.
 */
export function apiScopes(): string[] {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
  return (env.VITE_API_SCOPES ?? '').split(/\s+/).filter(Boolean);
}
