/** Bearer tokens: only a token of the configured authority, for this API, in date, is accepted. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorise,
  authoriseProductRole,
  createTokenVerifier,
  ForbiddenError,
  type TokenVerifier,
} from './auth.ts';
import { actingAs } from './acting-user.ts';
import { startTestAuthority, TEST_AUDIENCE, type TestAuthority } from './test-kit.ts';

describe('token verification', () => {
  let authority: TestAuthority;
  let verifier: TokenVerifier;
  const bearer = (token: string) => `Bearer ${token}`;

  beforeAll(async () => {
    authority = await startTestAuthority();
    verifier = createTokenVerifier(
      { authority: authority.url, audience: TEST_AUDIENCE, clockToleranceS: 5 },
      { keyCooldownMs: 0 },
    );
  });
  afterAll(() => authority.stop());

  it('accepts a valid token and reads who is calling and what they may do', async () => {
    const caller = await verifier.verify(bearer(await authority.token({ roles: ['admin'] })));
    expect(caller).toEqual({
      subject: 'user-ana',
      signInName: 'ana@example.com',
      name: 'ana@example.com',
      displayName: 'ana@example.com',
      scopes: new Set(['calls.read', 'settings.write']),
      roles: ['admin'],
    });
  });

  it.each([
    ['missing', async () => undefined, /Sign-in required/],
    ['not a bearer token', async () => 'Basic YTpi', /not a bearer token/],
    [
      'expired (beyond the clock leeway)',
      async () =>
        bearer(await authority.token({}, { expiresIn: Math.floor(Date.now() / 1000) - 10 })),
      /expired/,
    ],
    [
      'for another audience',
      async () => bearer(await authority.token({ aud: 'api://someone-else' })),
      /"aud" claim/,
    ],
    [
      'from another issuer',
      async () => bearer(await authority.token({ iss: 'https://evil.example' })),
      /"iss" claim/,
    ],
    [
      'signed with another key',
      async () => bearer(await authority.token({}, { key: 'stranger' })),
      /signature is not valid/,
    ],
    ['garbage', async () => 'Bearer abc.def.ghi', /not valid/],
  ])('rejects a token %s with unauthorised', async (_name, header, message) => {
    await expect(verifier.verify(await header())).rejects.toMatchObject({
      code: 'unauthorised',
      message: expect.stringMatching(message),
    });
  });

  it('accepts an expiry within the clock leeway', async () => {
    const justExpired = Math.floor(Date.now() / 1000) - 2;
    await expect(
      verifier.verify(bearer(await authority.token({}, { expiresIn: justExpired }))),
    ).resolves.toMatchObject({ subject: 'user-ana' });
  });

  it('follows a key rotation: new key accepted, tokens of the dropped key refused', async () => {
    const old = await authority.token();
    await verifier.verify(bearer(old));
    await authority.rotate();
    const fresh = await authority.token();
    await expect(verifier.verify(bearer(fresh))).resolves.toMatchObject({ subject: 'user-ana' });
    await expect(verifier.verify(bearer(old))).rejects.toMatchObject({ code: 'unauthorised' });
  });

  it('answers unavailable when the authority cannot be reached', async () => {
    const offline = createTokenVerifier({
      authority: 'http://127.0.0.1:9',
      audience: TEST_AUDIENCE,
      clockToleranceS: 5,
    });
    await expect(offline.verify(bearer(await authority.token()))).rejects.toMatchObject({
      code: 'unavailable',
    });
  });
});

describe('permissions', () => {
  const settings = { readScope: 'calls.read', writeScope: 'settings.write', writeRole: null };
  const caller = (scopes: string[], roles: string[] = []) => ({
    subject: 's',
    name: 'n',
    displayName: 'N',
    scopes: new Set(scopes),
    roles,
  });

  it('reads need the read scope, writes the write scope and, when configured, the role', () => {
    expect(() => authorise(caller(['calls.read']), false, settings)).not.toThrow();
    expect(() => authorise(caller([]), false, settings)).toThrow(ForbiddenError);
    expect(() => authorise(caller(['calls.read']), true, settings)).toThrow(/settings.write/);
    const withRole = { ...settings, writeRole: 'Callscope.Admin' };
    expect(() => authorise(caller(['settings.write']), true, withRole)).toThrow(/Callscope.Admin/);
    expect(() =>
      authorise(caller(['settings.write'], ['Callscope.Admin']), true, withRole),
    ).not.toThrow();
  });

  it('with product roles, each evaluation step and each organisation-wide change needs its role', () => {
    const as = (roles: string[]) => caller(['calls.read', 'settings.write'], roles);
    const resolve = [{ id: 'e', action: 'resolve', by: 'x', baseStatus: 'disputed' }];
    const dispute = [{ id: 'e', action: 'dispute', by: 'x', baseStatus: 'submitted' }];
    expect(() => authoriseProductRole('submitEvaluation', [{}], as(['reviewer']))).not.toThrow();
    expect(() => authoriseProductRole('submitEvaluation', [{}], as(['agent']))).toThrow(
      'Only a reviewer or a supervisor can evaluate calls: your account is an agent.',
    );
    expect(() => authoriseProductRole('updateEvaluation', dispute, as(['agent']))).not.toThrow();
    expect(() => authoriseProductRole('updateEvaluation', dispute, as(['supervisor']))).toThrow(
      ForbiddenError,
    );
    expect(() =>
      authoriseProductRole('updateEvaluation', resolve, as(['supervisor'])),
    ).not.toThrow();
    expect(() => authoriseProductRole('updateEvaluation', resolve, as(['agent']))).toThrow(
      /Only a supervisor/,
    );
    for (const method of ['saveRule', 'deleteRule', 'startRuleSave', 'cancelRuleJob']) {
      expect(() => authoriseProductRole(method, [{}], as(['admin']))).not.toThrow();
      expect(() => authoriseProductRole(method, [{}], as([]))).toThrow(/no Callscope role/);
    }
    expect(() => authoriseProductRole('saveEvaluationForm', [{}], as(['reviewer']))).toThrow(
      ForbiddenError,
    );
    // The organisation's settings, metadata and lead owners: supervisors and admins.
    for (const method of ['saveSettings', 'importMetadata', 'undoMetadataImport', 'assignLeads']) {
      expect(() => authoriseProductRole(method, [{}], as(['supervisor']))).not.toThrow();
      expect(() => authoriseProductRole(method, [{}], as(['agent', 'reviewer']))).toThrow(
        ForbiddenError,
      );
    }
    // The team calendar's scheduled entries: the quality team (reviewers too), not agents.
    for (const method of ['saveSchedule', 'deleteSchedule']) {
      expect(() => authoriseProductRole(method, [{}], as(['reviewer']))).not.toThrow();
      expect(() => authoriseProductRole(method, [{}], as(['agent']))).toThrow(ForbiddenError);
    }
    // Everything else is left to the scopes.
    expect(() => authoriseProductRole('savePreferences', [{}], as([]))).not.toThrow();
    expect(() => authoriseProductRole('saveSearch', [{}], as([]))).not.toThrow();
  });

  it('who acts and who owns come from the token, whatever the body names', () => {
    const ana = {
      ...caller(['calls.read', 'settings.write']),
      subject: 'ana-1',
      displayName: 'Ana',
    };
    for (const method of ['savedSearches', 'saveSearch', 'deleteSavedSearch']) {
      const [request] = actingAs(method, [{ owner: 'acme/bob@example.com', id: 'x' }], ana);
      expect(request).toEqual({ owner: 'acme/ana-1', id: 'x' });
    }
    expect(actingAs('submitEvaluation', [{ callId: 'c', evaluator: 'Someone Else' }], ana)).toEqual(
      [{ callId: 'c', evaluator: 'Ana' }],
    );
    expect(actingAs('updateEvaluation', [{ id: 'e', by: 'Leo Rossi' }], ana)).toEqual([
      { id: 'e', by: 'Ana' },
    ]);
    expect(actingAs('saveSchedule', [{ id: 's', createdBy: 'alice@example' }], ana)).toEqual([
      { id: 's', createdBy: 'Ana' },
    ]);
    expect(actingAs('rules', [], ana)).toEqual([]);
  });
});
