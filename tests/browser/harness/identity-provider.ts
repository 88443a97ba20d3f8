/**
 * The identity provider the browser tests sign in against, mounted at /idp on the app server
 * (the build's authority is "/idp", resolved against the app's own origin).
 *
 * To wire the embedded provider (scripts/local-idp, issue 4), replace the body below with:
 *
 *   const { createLocalIdp } = await import('../../../scripts/local-idp/index.ts');
 *   return [{ prefix: '/idp', handler: await createLocalIdp({ issuer: `${origin}/idp` }) }];
 */
import type { Mount } from '../../../scripts/serve/app-server.ts';

export async function identityProviderMounts(origin: string): Promise<Mount[]> {
  void origin;
  return [];
}
