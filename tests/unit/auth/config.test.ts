import { describe, expect, it } from 'vitest';
import { buildMsalConfiguration, resolveAuthConfig } from '../../../src/auth/config.ts';
import { manifest } from '../../../src/generated/manifest.gen.ts';
import { routeTable } from '../../../src/generated/routes.gen.ts';

type AuthManifest = Parameters<typeof resolveAuthConfig>[0];

function withAuth(auth: Partial<AuthManifest['auth']>): AuthManifest {
  return { routes: routeTable, auth: { ...manifest.auth, ...auth } };
}

describe('MSAL configuration from the manifest', () => {
  it('resolves a path authority against the origin and uses the OIDC protocol mode', () => {
    const config = resolveAuthConfig(
      withAuth({ protocol: 'oidc', authority: '/idp' }),
      'https://127.0.0.1:5173',
    );
    expect(config).toMatchObject({
      authority: 'https://127.0.0.1:5173/idp',
      redirectUri: 'https://127.0.0.1:5173',
      postLogoutRedirectUri: 'https://127.0.0.1:5173/page/login',
      bridgeUri: 'https://127.0.0.1:5173/redirect-bridge.html',
      loginPath: '/page/login',
    });
    const msal = buildMsalConfiguration(config);
    expect(msal.auth.knownAuthorities).toEqual(['127.0.0.1:5173']);
    expect(msal.system?.protocolMode).toBe('OIDC');
    expect(msal.cache?.cacheLocation).toBe('localStorage');
    // MSAL's own constants stay: nothing overrides the renewal offset or the timeouts.
    expect(msal.system).not.toHaveProperty('tokenRenewalOffsetSeconds');
  });

  it('keeps Entra ID on MSAL defaults with the tenant authority', () => {
    const config = resolveAuthConfig(
      withAuth({
        protocol: 'entra',
        clientId: '00000000-0000-0000-0000-000000000001',
        authority: 'https://login.microsoftonline.com/contoso.onmicrosoft.com',
      }),
      'https://analytics.contoso.com',
    );
    const msal = buildMsalConfiguration(config);
    expect(msal.auth).toMatchObject({
      clientId: '00000000-0000-0000-0000-000000000001',
      authority: 'https://login.microsoftonline.com/contoso.onmicrosoft.com',
      redirectUri: 'https://analytics.contoso.com',
      postLogoutRedirectUri: 'https://analytics.contoso.com/page/login',
    });
    expect(msal.auth.knownAuthorities).toBeUndefined();
    expect(msal.system?.protocolMode).toBeUndefined();
  });

  it('names the missing route when the auth block points at none', () => {
    expect(() =>
      resolveAuthConfig(withAuth({ postLogoutRoute: 'nowhere' }), 'https://x.example'),
    ).toThrow(/"nowhere"/);
  });
});
