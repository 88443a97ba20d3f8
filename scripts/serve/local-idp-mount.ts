/**
 * Mounts the embedded OpenID Connect provider (scripts/local-idp) at /idp of an app server,
 * for builds whose authority is that same-origin path (the product default). Shared by
 * `npm run serve`, the browser-test harness and the speed benchmark, so each signs in the way
 * `npm start` does.
 */
import { createLocalIdp } from '../local-idp/index.ts';
import type { Mount } from './app-server.ts';
import { readGeneratedManifest } from './generated-manifest.ts';

export const LOCAL_IDP_PREFIX = '/idp';

/** True when the build signs in against the provider mounted on its own origin. */
export function usesLocalIdp(authority: string): boolean {
  return authority.replace(/\/+$/, '') === LOCAL_IDP_PREFIX;
}

/**
 * The /idp mount for an app server at `origin`, or none when the build uses another provider.
 * `generatedDir` is where the served build's manifest was generated (a white-label customer's
 * lives in .cache/generated/NAME), so the provider knows that build's client id.
 */
export async function localIdpMounts(origin: string, generatedDir?: string): Promise<Mount[]> {
  const manifest = readGeneratedManifest(generatedDir);
  if (!usesLocalIdp(manifest.auth.authority)) return [];
  const handler = await createLocalIdp({
    issuer: `${origin}${LOCAL_IDP_PREFIX}`,
    clientId: manifest.auth.clientId,
    clientName: manifest.brand.name,
  });
  return [{ prefix: LOCAL_IDP_PREFIX, handler }];
}
