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
export const REQUIRED_ENDPOINTS = [
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'jwks_uri',
] as const;

export interface KeptAuthorityMetadata {
  /** The authority it was fetched for, e.g. https://127.0.0.1:5173/idp */
  readonly authority: string;
  /** When it was fetched (ms since the epoch). */
  readonly keptAt: number;
  /** The discovery document's endpoints that MSAL reads, as JSON. */
  readonly document: string;
}

export const authorityMetadataSpec: StoredValueSpec<KeptAuthorityMetadata> = {
  name: 'authority-metadata',
  version: 1,
  parse: (raw) => {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { authority, keptAt, document } = raw as Record<string, unknown>;
    if (typeof authority !== 'string' || typeof keptAt !== 'number') return undefined;
    if (typeof document !== 'string' || !keptEndpointsUsable(document)) return undefined;
    return { authority, keptAt, document };
  },
};

/** An https address: the only kind of endpoint handed to MSAL. */
export function isHttpsUrl(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith('https://');
}

/** Whether a discovery document's fields name every endpoint MSAL needs, over https. */
export function namesRequiredEndpoints(fields: Record<string, unknown>): boolean {
  return REQUIRED_ENDPOINTS.every((name) => isHttpsUrl(fields[name]));
}

/**
 * Whether a kept value still names every endpoint MSAL needs (damaged storage). The rest (the
 * issuer's origin) was checked when it was kept (authority-metadata-keeper.ts).
 */
function keptEndpointsUsable(document: string): boolean {
  try {
    const fields: unknown = JSON.parse(document);
    return (
      typeof fields === 'object' &&
      fields !== null &&
      namesRequiredEndpoints(fields as Record<string, unknown>)
    );
  } catch {
    return false;
  }
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

/** Drops the kept copy (after a sign-in failure: the provider may have changed). */
export function forgetAuthorityMetadata(storage: ScopedStorage): void {
  storage.remove(authorityMetadataSpec);
}
