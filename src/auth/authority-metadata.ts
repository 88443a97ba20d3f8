/**
 * The OpenID provider's discovery document, kept for a day (the spec's "authority metadata
 * refresh 24 h").
 *
 * MSAL 5 keeps the document it fetches in memory only, so every page load asked the provider
 * for it before the first token: a round trip to the provider (across the internet for a hosted
 * one) between start-up and the first API read of every signed-in page. Kept here, it is handed
 * to MSAL as its `authorityMetadata` and the page asks the provider nothing until it needs a new
 * token. Entra ID needs none of this: MSAL knows Microsoft's endpoints itself.
 *
 * Only the endpoints MSAL reads are kept, not the rest of the document. The copy is fetched
 * after start-up, when the page is idle, whenever there is none for this authority or it is a
 * day old; a sign-in failure drops it, so a provider that moved its endpoints is asked afresh
 * on the next load. A damaged or foreign value is ignored.
 */
import type { ScopedStorage, StoredValueSpec } from '../browser-storage/index.ts';

export const AUTHORITY_METADATA_REFRESH_MS = 24 * 60 * 60 * 1000;

/** The endpoints MSAL needs of a discovery document (its own `isOpenIdConfigResponse`). */
const REQUIRED = ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const;
/** All MSAL reads of it (`updateAuthorityEndpointMetadata`): only these are kept. */
const KEPT = [...REQUIRED, 'end_session_endpoint'] as const;
/** Far more than any provider's document; a bigger value is not one. */
const MAX_DOCUMENT_CHARS = 64_000;

export interface KeptAuthorityMetadata {
  /** The authority it was fetched for, e.g. https://127.0.0.1:5173/idp */
  readonly authority: string;
  /** When it was fetched (ms since the epoch). */
  readonly keptAt: number;
  /** The discovery document's endpoints (KEPT), as JSON. */
  readonly document: string;
}

export const authorityMetadataSpec: StoredValueSpec<KeptAuthorityMetadata> = {
  name: 'authority-metadata',
  version: 1,
  parse: (raw) => {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { authority, keptAt, document } = raw as Record<string, unknown>;
    if (typeof authority !== 'string' || typeof keptAt !== 'number') return undefined;
    if (typeof document !== 'string' || discoveryEndpoints(document, authority) !== document) {
      return undefined;
    }
    return { authority, keptAt, document };
  },
};

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
  const https = (url: unknown) => typeof url === 'string' && url.startsWith('https://');
  if (!REQUIRED.every((name) => https(fields[name]))) return undefined;
  if (fields.end_session_endpoint !== undefined && !https(fields.end_session_endpoint)) {
    return undefined;
  }
  try {
    if (new URL(fields.issuer as string).origin !== new URL(authority).origin) return undefined;
  } catch {
    return undefined;
  }
  return JSON.stringify(Object.fromEntries(KEPT.map((name) => [name, fields[name]])));
}

/** The kept document for `authority` when it is less than a day old, for MSAL's configuration. */
export function keptAuthorityMetadata(
  storage: ScopedStorage,
  authority: string,
  now = Date.now(),
): string | undefined {
  const kept = storage.read(authorityMetadataSpec);
  if (!kept || kept.authority !== authority) return undefined;
  const age = now - kept.keptAt;
  return age >= 0 && age < AUTHORITY_METADATA_REFRESH_MS ? kept.document : undefined;
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

/** Drops the kept copy (after a sign-in failure: the provider may have changed). */
export function forgetAuthorityMetadata(storage: ScopedStorage): void {
  storage.remove(authorityMetadataSpec);
}
