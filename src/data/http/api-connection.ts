/**
 * Where the API is and how to get a token for it. Kept apart from the HttpSource so the page's
 * entry can hand over the token function (from src/auth) without loading the data layer.
 */

/** An access token for the API; `refresh` asks for a new one (after a 401). */
export type ApiTokenSource = (refresh: boolean) => Promise<string | null>;

let tokenSource: ApiTokenSource = async () => null;

/** Called once at start-up with sign-in's silent token acquisition. */
export function setApiTokenSource(source: ApiTokenSource): void {
  tokenSource = source;
}

export function apiToken(refresh: boolean): Promise<string | null> {
  return tokenSource(refresh);
}

/**
 * The API's base URL when the build configures one (VITE_API_URL, e.g. "/api" behind the same
 * origin or "https://api.example.com"); null means the embedded engine in a Web Worker.
 */
export function configuredApiUrl(): string | null {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
  const url = env.VITE_API_URL?.trim();
  return url ? url : null;
}
