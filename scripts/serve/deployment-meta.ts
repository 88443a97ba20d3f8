/**
 * A deployment's run-time settings written into the page it serves: the API the app uses (and
 * the scopes it asks for) as meta tags in index.html's head, which the app reads at start-up
 * (src/data/http/deployment-api.ts; the names are tied to it by deployment-meta.test.ts). The
 * same static build can so point at any API, with no request before the first content.
 */

export interface DeploymentApiSettings {
  /** The API's base URL: a path on the site's origin ("/api") or an http(s) URL. */
  readonly apiUrl?: string;
  /** Scopes asked for at sign-in and for API tokens. */
  readonly apiScopes?: readonly string[];
}

export const API_URL_META = 'sa-api-url';
export const API_SCOPES_META = 'sa-api-scopes';

/** The meta tags' name and content, in the order they go into the head. */
export function deploymentMeta(
  settings: DeploymentApiSettings,
): { name: string; content: string }[] {
  const meta: { name: string; content: string }[] = [];
  if (settings.apiUrl) meta.push({ name: API_URL_META, content: settings.apiUrl });
  if (settings.apiScopes?.length)
    meta.push({ name: API_SCOPES_META, content: settings.apiScopes.join(' ') });
  return meta;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * index.html with the deployment's meta tags at the start of its head (before any script, so
 * they are there when the entry module runs). A page without a `<head>` tag gets them after
 * `<html>` or the doctype, where the parser puts them in the head it implies. Unchanged when
 * there is nothing to say.
 */
export function withDeploymentMeta(html: string, settings: DeploymentApiSettings): string {
  const meta = deploymentMeta(settings);
  if (meta.length === 0) return html;
  const opening = [/<head(\s[^>]*)?>/i, /<html(\s[^>]*)?>/i, /<!doctype[^>]*>/i]
    .map((tag) => tag.exec(html))
    .find(Boolean);
  const at = opening ? opening.index + opening[0].length : 0;
  const tags = meta
    .map(({ name, content }) => `<meta name="${name}" content="${escapeAttribute(content)}" />`)
    .join('');
  return html.slice(0, at) + tags + html.slice(at);
}

/**
 * What the page's Content-Security-Policy `connect-src` must add for the API: nothing for a
 * same-origin path ('self' covers it), else its origin and the matching WebSocket origin (the
 * live view's stream, /v1/live), which CSP does not derive from an http(s) source.
 */
export function apiConnectSources(apiUrl: string | undefined): string[] {
  if (!apiUrl || apiUrl.startsWith('/')) return [];
  const url = new URL(apiUrl);
  const socket = url.protocol === 'http:' ? 'ws:' : 'wss:';
  return [url.origin, `${socket}//${url.host}`];
}
