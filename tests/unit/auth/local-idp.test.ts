/**
 * The embedded identity provider over real https: the code flow with PKCE as MSAL runs it,
 * names in the id_token, refresh with MSAL's scope list, silent renewal, revoked sessions,
 * cancelling, and sign-out back to the app.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getLocalCertificate } from '../../../scripts/serve/certificate.ts';
import { createLocalIdp, type LocalIdp } from '../../../scripts/local-idp/index.ts';
import { DEMO_PASSWORD } from '../../../scripts/local-idp/demo-users.ts';
import { createTokenVerifier } from '../../../server/auth.ts';
import { fetchTrusting } from '../../../server/fetch-with-ca.ts';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const CLIENT_ID = 'speech-analytics-web';
let server: Server;
let origin: string;
let idp: LocalIdp;
let ca: string;

/** A tiny browser: keeps cookies per path like a real one would (enough for these paths). */
function browser() {
  const jar = new Map<string, { value: string; path: string }>();
  const send = (method: string, url: string, form?: Record<string, string>) =>
    new Promise<Reply>((resolve, reject) => {
      const target = new URL(url, origin);
      const cookie = [...jar.entries()]
        .filter(([, c]) => target.pathname.startsWith(c.path))
        .map(([name, c]) => `${name}=${c.value}`)
        .join('; ');
      const body = form ? new URLSearchParams(form).toString() : undefined;
      const req = request(
        target,
        {
          method,
          ca,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
        },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair = '', ...attributes] = line.split(';');
            const [name = '', value = ''] = pair.split('=');
            const path =
              attributes
                .map((a) => a.trim())
                .find((a) => a.toLowerCase().startsWith('path='))
                ?.slice(5) ?? '/';
            if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name.trim());
            else jar.set(name.trim(), { value, path });
          }
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { send, jar };
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

function pkce() {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
}

function authorizeUrl(challenge: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: origin,
    response_type: 'code',
    response_mode: 'fragment',
    scope: 'openid profile offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-1',
    nonce: 'nonce-1',
    ...extra,
  });
  return `/idp/auth?${params}`;
}

function fragmentOf(location: string | undefined): URLSearchParams {
  return new URLSearchParams(new URL(location ?? '', origin).hash.slice(1));
}

function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** Signs in through the form; returns the browser and the redirect back to the app. */
async function signIn(password = DEMO_PASSWORD, scope = 'openid profile offline_access') {
  const b = browser();
  const { verifier, challenge } = pkce();
  const start = await b.send('GET', authorizeUrl(challenge, { scope }));
  expect(start.status).toBe(303);
  const interaction = start.headers.location as string;
  const form = await b.send('GET', interaction);
  const login = await b.send('POST', `${interaction}/login`, {
    email: 'avery@callscope.example',
    password,
  });
  if (login.status !== 303) return { b, verifier, form, login, back: undefined };
  const resume = await b.send('GET', login.headers.location as string);
  return { b, verifier, form, login, back: resume.headers.location as string | undefined };
}

async function exchange(b: ReturnType<typeof browser>, code: string, verifier: string) {
  const reply = await b.send('POST', '/idp/token', {
    grant_type: 'authorization_code',
    client_id: CLIENT_ID,
    code,
    code_verifier: verifier,
    redirect_uri: origin,
  });
  return { status: reply.status, json: JSON.parse(reply.body) as Record<string, string> };
}

// Everything the provider prints, to check a newcomer's `npm start` output stays clean.
const printed: string[] = [];
for (const level of ['warn', 'info', 'log'] as const) {
  const original = console[level];
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
    original(...args);
  });
}

beforeAll(async () => {
  const certificate = await getLocalCertificate();
  ca = certificate.cert;
  server = createServer(certificate, (req, res) => {
    if (req.url?.startsWith('/idp')) void idp(req, res);
    else res.end('app');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  idp = await createLocalIdp({ issuer: `${origin}/idp` });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe('local identity provider', () => {
  it('publishes its metadata under the mount path', async () => {
    const reply = await browser().send('GET', '/idp/.well-known/openid-configuration');
    const metadata = JSON.parse(reply.body);
    expect(metadata.issuer).toBe(`${origin}/idp`);
    expect(metadata.authorization_endpoint).toBe(`${origin}/idp/auth`);
    expect(metadata.token_endpoint).toBe(`${origin}/idp/token`);
    expect(metadata.end_session_endpoint).toBe(`${origin}/idp/session/end`);
  });

  it('shows a self-contained sign-in form and rejects a wrong password', async () => {
    const { form, login } = await signIn('wrong');
    expect(form.status).toBe(200);
    expect(form.body).toContain('name="password"');
    expect(form.body).toContain('Cancel');
    // Enter in a field submits with the form's first submit button: it must be Sign in.
    const firstButton = /<button type="submit"[^>]*>([^<]*)<\/button>/.exec(form.body);
    expect(firstButton?.[1]).toBe('Sign in');
    expect(firstButton?.[0]).not.toContain('formaction');
    expect(form.body).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    expect(form.headers['content-security-policy']).toContain("default-src 'none'");
    expect(login.status).toBe(401);
    expect(login.body).toContain('do not match');
  });

  it('signs in with PKCE, puts the name in the id_token and issues a refresh token', async () => {
    const { b, verifier, back } = await signIn();
    expect(back?.startsWith(`${origin}/#`)).toBe(true);
    const fragment = fragmentOf(back);
    expect(fragment.get('state')).toBe('state-1');
    const { status, json } = await exchange(b, fragment.get('code') ?? '', verifier);
    expect(status).toBe(200);
    const claims = decodeJwt(json.id_token ?? '');
    expect(claims.name).toBe('Avery Quinn');
    expect(claims.preferred_username).toBe('avery@callscope.example');
    // The demo user's roles, in the claim Entra ID uses for app roles.
    expect(claims.roles).toEqual(['supervisor', 'reviewer']);
    expect(json.refresh_token).toBeTruthy();

    // MSAL repeats offline_access on refresh; the provider must accept it.
    const refreshed = await b.send('POST', '/idp/token', {
      grant_type: 'refresh_token',
      client_id: CLIENT_ID,
      refresh_token: json.refresh_token ?? '',
      scope: 'openid profile offline_access',
    });
    expect(refreshed.status).toBe(200);
    expect(JSON.parse(refreshed.body).access_token).toBeTruthy();
    // MSAL takes the account (and its roles) from the renewed id_token too.
    expect(decodeJwt(JSON.parse(refreshed.body).id_token).roles).toEqual([
      'supervisor',
      'reviewer',
    ]);
    // The provider parsed the (rewritten) token requests itself: no upstream-parser warning.
    expect(printed.filter((line) => line.includes('oidc-provider'))).toEqual([]);
  });

  it('issues access tokens the API server accepts when the app asks for the API scopes', async () => {
    const scope = 'calls.read settings.write openid profile offline_access';
    const { b, verifier, back } = await signIn(DEMO_PASSWORD, scope);
    const { json } = await exchange(b, fragmentOf(back).get('code') ?? '', verifier);
    expect(json.scope).toBe('calls.read settings.write');
    const api = createTokenVerifier(
      { authority: `${origin}/idp`, audience: 'api://callscope', clockToleranceS: 60 },
      { fetch: fetchTrusting(ca) },
    );
    const caller = await api.verify(`Bearer ${json.access_token}`);
    expect(caller.scopes).toEqual(new Set(['calls.read', 'settings.write']));
    expect(caller.name).toBeTruthy();
    expect(caller.roles).toEqual(['supervisor', 'reviewer']);
    const refreshed = await b.send('POST', '/idp/token', {
      grant_type: 'refresh_token',
      client_id: CLIENT_ID,
      refresh_token: json.refresh_token ?? '',
      scope,
    });
    const renewed = await api.verify(`Bearer ${JSON.parse(refreshed.body).access_token}`);
    expect(decodeJwt(JSON.parse(refreshed.body).id_token).roles).toEqual([
      'supervisor',
      'reviewer',
    ]);
    expect(renewed.subject).toBe(caller.subject);
    expect(renewed.roles).toEqual(caller.roles);
  });

  it('renews silently while the session lasts, and answers login_required once it is revoked', async () => {
    const { b, verifier, back } = await signIn();
    const { json } = await exchange(b, fragmentOf(back).get('code') ?? '', verifier);
    const silent = () =>
      b.send(
        'GET',
        authorizeUrl(pkce().challenge, {
          prompt: 'none',
          redirect_uri: `${origin}/redirect-bridge.html`,
        }),
      );
    const renewed = await silent();
    expect(fragmentOf(renewed.headers.location as string).get('code')).toBeTruthy();

    idp.endAllSessions();
    const refused = await silent();
    expect(fragmentOf(refused.headers.location as string).get('error')).toBe('login_required');
    const refresh = await b.send('POST', '/idp/token', {
      grant_type: 'refresh_token',
      client_id: CLIENT_ID,
      refresh_token: json.refresh_token ?? '',
    });
    expect(refresh.status).toBe(400);
    expect(JSON.parse(refresh.body).error).toBe('invalid_grant');
  });

  it('explains a failed request in words, with a way back to the app', async () => {
    // What the Back button replays after a finished sign-in: an authorisation request the
    // provider can no longer honour.
    const reply = await browser().send('GET', '/idp/auth?client_id=nobody&response_type=code');
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.body).toContain('Signing in did not work');
    expect(reply.body).toContain(`href="${origin}/"`);
    expect(reply.body).toContain('Back to the app');
    expect(reply.body).not.toMatch(/<strong>error<\/strong>:/);
  });

  it('sends a finished sign-in page, opened again with Back, back to the app', async () => {
    const reply = await browser().send('GET', '/idp/interaction/finished-long-ago');
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe(`${origin}/`);
  });

  it('answers access_denied when the user cancels', async () => {
    const b = browser();
    const start = await b.send('GET', authorizeUrl(pkce().challenge));
    const cancel = await b.send('POST', `${start.headers.location}/abort`, {});
    const back = await b.send('GET', cancel.headers.location as string);
    expect(fragmentOf(back.headers.location as string).get('error')).toBe('access_denied');
  });

  it('signs out to the post-logout address the app gives with its id_token_hint', async () => {
    const { b, verifier, back } = await signIn();
    const { json } = await exchange(b, fragmentOf(back).get('code') ?? '', verifier);
    const postLogout = `${origin}/page/login`;
    const page = await b.send(
      'GET',
      `/idp/session/end?${new URLSearchParams({ id_token_hint: json.id_token ?? '', post_logout_redirect_uri: postLogout, state: 's' })}`,
    );
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('fonts.googleapis');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'sha256-/);
    const action = /action="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirmed = await b.send('POST', action.replace(origin, ''), { xsrf, logout: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe(`${postLogout}?state=s`);
  });
});
