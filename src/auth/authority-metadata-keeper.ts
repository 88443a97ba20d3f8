/**
 * Fetching, keeping and dropping the provider's discovery document (see authority-metadata.ts),
 * once the page is idle. (Not a lazy chunk: a first visit needs it, and as a chunk of its own it
 * cost more bytes than in the entry.)
 */
import type { ScopedStorage } from '../browser-storage/index.ts';
import { getAuthState, subscribeAuthState } from './auth-state.ts';
import {
  REQUIRED_ENDPOINTS,
  authorityMetadataSpec,
  forgetAuthorityMetadata,
  isHttpsUrl,
  keptAuthorityMetadata,
  namesRequiredEndpoints,
} from './authority-metadata.ts';
import type { ResolvedAuthConfig } from './config.ts';
import { isSignedIn } from './stored-user.ts';

/** All MSAL reads of it (`updateAuthorityEndpointMetadata`): only these are kept. */
const KEPT = [...REQUIRED_ENDPOINTS, 'end_session_endpoint'] as const;
/** Far more than any provider's document; a bigger value is not one. */
const MAX_DOCUMENT_CHARS = 64_000;

/**
 * The endpoints MSAL uses of a discovery document, as JSON, when `text` is one it can use for
 * `authority`: every endpoint it needs, all https, and an issuer on the authority's own origin
 * (the check MSAL makes of a fetched one). Undefined otherwise.
 */
export function discoveryEndpoints(text: string, authority: string): string | undefined {
  if (text.length > MAX_DOCUMENT_CHARS) return undefined;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof document !== 'object' || document === null) return undefined;
  const fields = document as Record<string, unknown>;
  if (!namesRequiredEndpoints(fields)) return undefined;
  if (fields.end_session_endpoint !== undefined && !isHttpsUrl(fields.end_session_endpoint)) {
    return undefined;
  }
  try {
    if (new URL(fields.issuer as string).origin !== new URL(authority).origin) return undefined;
  } catch {
    return undefined;
  }
  return JSON.stringify(Object.fromEntries(KEPT.map((name) => [name, fields[name]])));
}

/**
 * Fetches and keeps the document when there is no fresh copy. Never throws: without a copy the
 * next load simply lets MSAL ask, as before. Resolves whether a copy was written.
 */
export async function keepAuthorityMetadata(
  storage: ScopedStorage,
  authority: string,
  fetchDocument: typeof fetch = fetch,
  now = () => Date.now(),
): Promise<boolean> {
  if (keptAuthorityMetadata(storage, authority, now()) !== undefined) return false;
  try {
    const response = await fetchDocument(`${authority}/.well-known/openid-configuration`, {
      credentials: 'omit',
    });
    if (!response.ok) return false;
    const document = discoveryEndpoints(await response.text(), authority);
    if (document === undefined) return false;
    return storage.write(authorityMetadataSpec, { authority, keptAt: now(), document });
  } catch {
    return false;
  }
}

/**
 * After start-up: without a fresh copy, keeps one for the next loads (only for those who use
 * it: a signed-out visitor of a public page asks the provider nothing); with the copy in use,
 * drops it at the first sign-in failure, so the next load asks the provider (which may have
 * moved its endpoints) again.
 */
export function lookAfterAuthorityMetadata(
  storage: ScopedStorage,
  config: Pick<ResolvedAuthConfig, 'authority' | 'loginPath'>,
  usingKeptCopy: boolean,
): void {
  if (!usingKeptCopy) {
    const signingIn = window.location.pathname === config.loginPath;
    if (isSignedIn() || signingIn) void keepAuthorityMetadata(storage, config.authority);
    return;
  }
  const dropOnFailure = () => {
    if (!getAuthState().failure) return;
    forgetAuthorityMetadata(storage);
    unsubscribe();
  };
  const unsubscribe = subscribeAuthState(dropOnFailure);
  dropOnFailure();
}
