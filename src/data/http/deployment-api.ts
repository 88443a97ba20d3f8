/**
 * Which API a deployment uses, decided when the page starts rather than when it was built: the
 * server that sends index.html may name it in two meta tags of the page's head,
 *
 *   <meta name="sa-api-url" content="/api">            (a path on the site's origin, or an
 *                                                       http(s) URL of another origin)
 *   <meta name="sa-api-scopes" content="calls.read settings.write">   (space-separated)
 *
 * and each that is absent or empty falls back to the build's VITE_API_URL / VITE_API_SCOPES.
 * The tags travel inside the page itself, so knowing the API costs no request before the first
 * content. A malformed value is ignored (with a warning) in favour of the build's, so a typo
 * cannot send tokens to a wrong place. `scripts/serve/deployment-meta.ts` writes the tags.
 */

export const API_URL_META = 'sa-api-url';
export const API_SCOPES_META = 'sa-api-scopes';

export interface DeploymentApi {
  /** The API's base URL; null means the embedded engine in a Web Worker. */
  readonly url: string | null;
  /** Scopes asked for at sign-in and for every API token; none without an API. */
  readonly scopes: readonly string[];
}

/** Where the meta tags are read from: the page's document (absent in a worker or in Node). */
export type MetaReader = Pick<Document, 'querySelector'>;
type Env = Record<string, string | undefined>;

/** A same-origin path ("/api", not "//host") or an absolute http(s) URL. */
export function isApiUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value);
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:';
}

/** OAuth scope tokens: printable ASCII without `"` and `\` (RFC 6749, 3.3). */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

function splitScopes(value: string): string[] {
  return value.split(/\s+/).filter(Boolean);
}

/** The content of `<meta name="NAME">`, trimmed; undefined when absent or empty. */
function metaContent(doc: MetaReader | undefined, name: string): string | undefined {
  const content = doc?.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim();
  return content ? content : undefined;
}

export function readDeploymentApi(
  doc: MetaReader | undefined,
  env: Env,
  warn: (message: string) => void = (message) => console.warn(message),
): DeploymentApi {
  /** A tag's value when it is there and well formed, else the build's (with a warning). */
  const pick = <T>(name: string, parse: (content: string) => T | null, built: T): T => {
    const content = metaContent(doc, name);
    if (content === undefined) return built;
    const value = parse(content);
    if (value === null) warn(`Ignoring the malformed <meta name="${name}" content="${content}">`);
    return value ?? built;
  };
  return {
    url: pick(
      API_URL_META,
      (url) => (isApiUrl(url) ? url : null),
      env.VITE_API_URL?.trim() || null,
    ),
    scopes: pick(
      API_SCOPES_META,
      (content) => {
        const scopes = splitScopes(content);
        return scopes.every((scope) => SCOPE_TOKEN.test(scope)) ? scopes : null;
      },
      splitScopes(env.VITE_API_SCOPES ?? ''),
    ),
  };
}

let current: DeploymentApi | undefined;

/** This page's API, read once (the page's head does not change after start-up). */
export function deploymentApi(): DeploymentApi {
  const doc = typeof document === 'undefined' ? undefined : document;
  const env = (import.meta as { env?: Env }).env ?? {};
  current ??= readDeploymentApi(doc, env);
  return current;
}
