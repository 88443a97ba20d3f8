/**
 * MSAL configuration from the manifest's auth block (spec section 7): client id and
 * authority (env overrides are applied by the manifest generator), redirect to the site's
 * origin, post-logout to the origin plus the post-logout route's path.
 */
import type { Configuration, ProtocolMode } from '@azure/msal-browser';
import type { Auth, Manifest } from '../generated/manifest.types.ts';

/** The page MSAL's silent (iframe) renewal returns to; see src/redirect-bridge.html. */
export const REDIRECT_BRIDGE_PATH = '/redirect-bridge.html';

export interface ResolvedAuthConfig {
  readonly protocol: Auth['protocol'];
  readonly clientId: string;
  /** Absolute https authority URL. */
  readonly authority: string;
  readonly redirectUri: string;
  readonly postLogoutRedirectUri: string;
  readonly bridgeUri: string;
  /** Path of the sign-in route, e.g. "/page/login". */
  readonly loginPath: string;
}

/** What auth needs of the manifest: its auth block and the id and path of each route. */
export interface AuthManifest {
  readonly auth: Manifest['auth'];
  readonly routes: readonly { readonly id: string; readonly path: string }[];
}

export function routePath(manifest: Pick<AuthManifest, 'routes'>, id: string): string {
  const route = manifest.routes.find((candidate) => candidate.id === id);
  if (!route)
    throw new Error(`The manifest's auth block names route "${id}", which does not exist.`);
  return route.path;
}

/** Resolves the auth block against the page's origin ("/idp" -> "https://host:port/idp"). */
export function resolveAuthConfig(manifest: AuthManifest, origin: string): ResolvedAuthConfig {
  const { auth } = manifest;
  const authority = new URL(auth.authority, `${origin}/`).href.replace(/\/$/, '');
  return {
    protocol: auth.protocol,
    clientId: auth.clientId,
    authority,
    redirectUri: origin,
    postLogoutRedirectUri: `${origin}${routePath(manifest, auth.postLogoutRoute)}`,
    bridgeUri: `${origin}${REDIRECT_BRIDGE_PATH}`,
    loginPath: routePath(manifest, auth.loginRoute),
  };
}

/**
 * The MSAL configuration. Everything not set here keeps MSAL's own defaults on purpose
 * (spec section 9: renewal offset 300 s, throttling 60 s / 3600 s, PKCE with 32 random bytes
 * and SHA-256). `authorityMetadata` is the provider's discovery document kept from an earlier
 * load (authority-metadata.ts, the spec's metadata refresh of 24 h).
 */
export function buildMsalConfiguration(
  config: ResolvedAuthConfig,
  authorityMetadata?: string,
): Configuration {
  const oidc = config.protocol === 'oidc';
  return {
    auth: {
      clientId: config.clientId,
      authority: config.authority,
      redirectUri: config.redirectUri,
      postLogoutRedirectUri: config.postLogoutRedirectUri,
      // A non-Microsoft provider is trusted only for its own host:port.
      ...(oidc ? { knownAuthorities: [new URL(config.authority).host] } : {}),
      ...(oidc && authorityMetadata ? { authorityMetadata } : {}),
    },
    cache: {
      // Shared by the tabs of this site (so the stored user info and MSAL's account agree),
      // encrypted by MSAL 5 with a key kept in a browser-session cookie; see the README.
      cacheLocation: 'localStorage',
    },
    system: oidc ? { protocolMode: 'OIDC' satisfies ProtocolMode } : {},
  };
}
