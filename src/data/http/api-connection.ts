/**
 * Where the API is and how to get a token for it. Kept apart from the HttpSource so the page's
 * entry can hand over the token function (from src/auth) without loading the data layer.
 */
import { deploymentApi } from './deployment-api.ts';
import type { AheadRead } from '../read-cache.ts';

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
 * The reads every analytics page asks for first, whatever its screen: the data's range and the
 * lists its filters offer (ui/screen-parts.tsx useCorpusContext). Its queries wait for them.
 */
const FIRST_READS: readonly AheadRead[] = [
  { method: 'info', args: [] },
  { method: 'catalog', args: [] },
];

/**
 * With an API, asks for the HTTP source's chunk as main's code ends, beside the first screen's
 * chunk: every request (the first screen's reads ahead included) waits for it, and asked for by
 * the first read it arrived after the token (issue 18).
 */
export function fetchApiClient(): void {
  if (configuredApiUrl()) void import('./http-source.ts');
}

/**
 * Starts what a page's first data request waits for, when the deployment names an API: the
 * token (the first acquisition also reads the authority's discovery document), so it comes
 * alongside the screen's chunk instead of after its first render (a chain of 300 ms before the
 * dashboard's first request); then, signed in, the first reads, so the page's queries need not
 * wait a round trip for them after its first render. Run once sign-in has started up.
 */
export function warmApi(): void {
  if (!configuredApiUrl()) return;
  void apiToken(false).then(
    async (token) => {
      if (token) (await import('../default-source.ts')).readAhead(FIRST_READS);
    },
    () => null,
  );
}

/**
 * The live stream of the deployment: the configured API's /v1/live as a ws(s) URL (relative API
 * URLs are resolved against `origin`), with the signed-in user's token; null when no API is
 * configured or nobody is signed in (the real-time view then plays the demo).
 */
export async function liveSocketTarget(
  origin: string,
): Promise<{ url: string; token: string } | null> {
  const api = configuredApiUrl();
  if (!api) return null;
  const token = await apiToken(false).catch(() => null);
  if (!token) return null;
  return { url: liveSocketUrl(api, origin), token };
}

/** The API's /v1/live as a WebSocket URL: https becomes wss, http ws. */
export function liveSocketUrl(apiUrl: string, origin: string): string {
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}/v1/live`, origin);
  url.protocol = url.protocol === 'http:' ? 'ws:' : 'wss:';
  return url.href;
}

/**
 * The API's base URL when the deployment names one (the page's sa-api-url meta tag, else the
 * build's VITE_API_URL; e.g. "/api" behind the same origin or "https://api.example.com"); null
 * means the embedded engine in a Web Worker.
 */
export function configuredApiUrl(): string | null {
  return deploymentApi().url;
}
