import { describe, expect, it } from 'vitest';
import {
  AUTHORITY_METADATA_REFRESH_MS,
  authorityMetadataSpec,
  forgetAuthorityMetadata,
  keptAuthorityMetadata,
} from '../../../src/auth/authority-metadata.ts';
import { keepAuthorityMetadata } from '../../../src/auth/authority-metadata-keeper.ts';
import { buildMsalConfiguration, resolveAuthConfig } from '../../../src/auth/config.ts';
import { createScopedStorage, storageKey } from '../../../src/browser-storage/index.ts';
import { manifest } from '../../../src/generated/manifest.gen.ts';
import { routeTable } from '../../../src/generated/routes.gen.ts';

const AUTHORITY = 'https://127.0.0.1:5173/idp';
/** The endpoints MSAL reads, all that is kept. */
const ENDPOINTS = {
  issuer: AUTHORITY,
  authorization_endpoint: `${AUTHORITY}/auth`,
  token_endpoint: `${AUTHORITY}/token`,
  jwks_uri: `${AUTHORITY}/jwks`,
  end_session_endpoint: `${AUTHORITY}/session/end`,
};
const KEPT = JSON.stringify(ENDPOINTS);
/** What the provider sends: more than MSAL reads. */
const DOCUMENT = JSON.stringify({
  ...ENDPOINTS,
  grant_types_supported: ['authorization_code', 'refresh_token'],
  scopes_supported: ['openid', 'profile'],
});
const DAY = AUTHORITY_METADATA_REFRESH_MS;
const KEY = storageKey('acme', authorityMetadataSpec.name, authorityMetadataSpec.version);

function memory() {
  const items = new Map<string, string>();
  const backend = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return { items, storage: createScopedStorage('acme', backend) };
}

/** A provider answering `body` (status 200 unless said), counting the requests. */
function provider(body: string, status = 200) {
  const asked: string[] = [];
  const fetchDocument = (async (url: string) => {
    asked.push(url);
    return new Response(body, { status });
  }) as typeof fetch;
  return { asked, fetchDocument };
}

describe('the provider discovery document kept between loads', () => {
  it('is fetched once, its endpoints kept and handed back for the same authority for a day', async () => {
    const { storage } = memory();
    const idp = provider(DOCUMENT);
    expect(await keepAuthorityMetadata(storage, AUTHORITY, idp.fetchDocument, () => 1_000)).toBe(
      true,
    );
    expect(idp.asked).toEqual([`${AUTHORITY}/.well-known/openid-configuration`]);
    expect(keptAuthorityMetadata(storage, AUTHORITY, 1_000 + DAY - 1)).toBe(KEPT);
    // Fresh: nothing is asked again.
    expect(await keepAuthorityMetadata(storage, AUTHORITY, idp.fetchDocument, () => 2_000)).toBe(
      false,
    );
    expect(idp.asked).toHaveLength(1);
  });

  it('is not used for another authority, after a day, or when kept "in the future"', async () => {
    const { storage } = memory();
    await keepAuthorityMetadata(storage, AUTHORITY, provider(DOCUMENT).fetchDocument, () => 5_000);
    expect(keptAuthorityMetadata(storage, 'https://127.0.0.1:9999/idp', 5_000)).toBeUndefined();
    expect(keptAuthorityMetadata(storage, AUTHORITY, 5_000 + DAY)).toBeUndefined();
    expect(keptAuthorityMetadata(storage, AUTHORITY, 4_000)).toBeUndefined();
    // A day old: fetched again.
    const idp = provider(DOCUMENT);
    expect(
      await keepAuthorityMetadata(storage, AUTHORITY, idp.fetchDocument, () => 5_000 + DAY),
    ).toBe(true);
    expect(keptAuthorityMetadata(storage, AUTHORITY, 5_000 + DAY)).toBe(KEPT);
  });

  it('keeps nothing when the provider fails or answers something else', async () => {
    const without = (name: string) => {
      const fields = JSON.parse(DOCUMENT) as Record<string, unknown>;
      delete fields[name];
      return JSON.stringify(fields);
    };
    const answers: [string, number][] = [
      [DOCUMENT, 500],
      ['<html>maintenance</html>', 200],
      [without('token_endpoint'), 200],
      [DOCUMENT.replace(`"token_endpoint":"https`, `"token_endpoint":"http`), 200],
      [
        DOCUMENT.replace(`"issuer":"${AUTHORITY}"`, '"issuer":"https://elsewhere.example/idp"'),
        200,
      ],
      [JSON.stringify({ ...JSON.parse(DOCUMENT), padding: 'x'.repeat(70_000) }), 200],
    ];
    for (const [body, status] of answers) {
      const { storage, items } = memory();
      const idp = provider(body, status);
      expect(await keepAuthorityMetadata(storage, AUTHORITY, idp.fetchDocument), body).toBe(false);
      expect(items.size).toBe(0);
    }
    const { storage } = memory();
    const unreachable = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await keepAuthorityMetadata(storage, AUTHORITY, unreachable)).toBe(false);
  });

  it('ignores a damaged stored value, and is dropped when asked', async () => {
    const damaged = [
      'not json',
      JSON.stringify({ authority: AUTHORITY, keptAt: 1, document: '{"issuer":' }),
      JSON.stringify({ authority: AUTHORITY, keptAt: '1', document: DOCUMENT }),
      JSON.stringify({ authority: AUTHORITY, keptAt: 1, document: ENDPOINTS }),
      JSON.stringify({ authority: AUTHORITY, keptAt: 1, document: 'null' }),
      JSON.stringify({
        authority: AUTHORITY,
        keptAt: 1,
        document: KEPT.replace(`"jwks_uri":"https`, `"jwks_uri":"http`),
      }),
    ];
    for (const value of damaged) {
      const { storage, items } = memory();
      items.set(KEY, value);
      expect(keptAuthorityMetadata(storage, AUTHORITY, 2), value).toBeUndefined();
    }
    const { storage, items } = memory();
    await keepAuthorityMetadata(storage, AUTHORITY, provider(DOCUMENT).fetchDocument, () => 1);
    expect(items.has(KEY)).toBe(true);
    forgetAuthorityMetadata(storage);
    expect(keptAuthorityMetadata(storage, AUTHORITY, 2)).toBeUndefined();
  });

  it('reaches MSAL as its authority metadata for an OpenID provider, never for Entra ID', () => {
    const oidc = resolveAuthConfig(
      { routes: routeTable, auth: { ...manifest.auth, protocol: 'oidc', authority: '/idp' } },
      'https://127.0.0.1:5173',
    );
    expect(buildMsalConfiguration(oidc, KEPT).auth.authorityMetadata).toBe(KEPT);
    expect(buildMsalConfiguration(oidc).auth).not.toHaveProperty('authorityMetadata');
    const entra = resolveAuthConfig(
      {
        routes: routeTable,
        auth: {
          ...manifest.auth,
          protocol: 'entra',
          authority: 'https://login.microsoftonline.com/contoso.onmicrosoft.com',
        },
      },
      'https://analytics.contoso.com',
    );
    expect(buildMsalConfiguration(entra, KEPT).auth).not.toHaveProperty('authorityMetadata');
  });
});
