/**
 * The embedded OpenID Connect provider: oidc-provider 9 (a certified implementation) with one
 * public client for the app (PKCE, no secret), the demo users, in-memory storage and plain
 * pages of its own. Mounted under a path prefix (/idp) of the same https server as the app,
 * which gives app and provider one origin and one certificate, and needs no CORS.
 *
 *   const idp = await createLocalIdp({ issuer: `${origin}/idp` });
 *   mounts: [{ prefix: '/idp', handler: idp }]
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
// Must come first: it quiets the runtime warning oidc-provider prints when it is imported.
import './quiet-runtime-warning.ts';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { displayName, findDemoUser, userClaims } from './demo-users.ts';
import {
  grantEverythingRequested,
  createInteractionHandler,
  matchInteraction,
} from './interactions.ts';
import { createMemoryStore } from './memory-adapter.ts';
import { errorPage, pageHeaders, pageSecurityPolicy, signedOutPage, signOutPage } from './pages.ts';
import { refreshScopeMiddleware } from './refresh-scope.ts';

/** The client id the product manifest uses for the embedded provider. */
export const DEFAULT_CLIENT_ID = 'speech-analytics-web';

/**
 * The API (server/) as a resource: access tokens the app gets are JWTs for this audience, as
 * Entra ID issues them for an API's application ID URI. Same value as the API's default
 * SA_API_AUDIENCE.
 */
export const LOCAL_API_RESOURCE = 'api://callscope';
/**
 * Every API permission: the provider grants the first-party app all of them (an admin-consented
 * app). calls.write lets the upload page load calls; the role table still decides who may (an
 * agent's token carries the scope, and the API refuses the agent by role).
 */
export const LOCAL_API_SCOPES = 'calls.read settings.write calls.write';
const API_SCOPE_SET = new Set(LOCAL_API_SCOPES.split(' '));

export interface LocalIdpOptions {
  /** Issuer URL: https origin plus the mount path, e.g. "https://127.0.0.1:5173/idp". */
  readonly issuer: string;
  /** The app's client id (manifest auth.clientId). */
  readonly clientId?: string;
  /** Origins of the app; by default the issuer's own origin. */
  readonly appOrigins?: readonly string[];
  /** Paths the provider may return to after sign-out (manifest post-logout route). */
  readonly postLogoutPaths?: readonly string[];
  /** Shown on the sign-in form ("to continue to Callscope"). */
  readonly clientName?: string;
  /** Audience of the access tokens (the API); LOCAL_API_RESOURCE by default. */
  readonly apiResource?: string;
}

export type LocalIdpHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface LocalIdp extends LocalIdpHandler {
  readonly issuer: string;
  readonly provider: Provider;
  /** Ends every provider session (as an administrator revoking sign-ins would). Tests use it. */
  endAllSessions(): void;
}

/** Redirect URIs of the app: the origin (MSAL's redirectUri) and the redirect bridge page. */
export function appRedirectUris(origin: string): string[] {
  return [origin, `${origin}/`, `${origin}/redirect-bridge.html`];
}

function signingKey() {
  // Generated at start: tokens from a previous run must not validate anyway.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: `local-${randomBytes(4).toString('hex')}`,
    use: 'sig',
    alg: 'RS256',
  };
}

export async function createLocalIdp(options: LocalIdpOptions): Promise<LocalIdp> {
  const issuerUrl = new URL(options.issuer);
  if (issuerUrl.protocol !== 'https:') {
    throw new Error(
      `local identity provider: the issuer must use https (MSAL refuses anything else), got ${options.issuer}`,
    );
  }
  const issuer = options.issuer.replace(/\/+$/, '');
  const basePath = new URL(issuer).pathname.replace(/\/+$/, '');
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const appOrigins = options.appOrigins ?? [issuerUrl.origin];
  const postLogoutPaths = options.postLogoutPaths ?? ['/page/login'];
  const clientName = options.clientName ?? 'Callscope';
  const apiResource = options.apiResource ?? LOCAL_API_RESOURCE;
  const store = createMemoryStore();
  const policy = pageSecurityPolicy(appOrigins, false);

  const configuration: Configuration = {
    adapter: store.factory,
    clients: [
      {
        client_id: clientId,
        client_name: clientName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: appOrigins.flatMap(appRedirectUris),
        post_logout_redirect_uris: appOrigins.flatMap((origin) =>
          postLogoutPaths.map((path) => `${origin}${path}`),
        ),
      },
    ],
    jwks: { keys: [signingKey()] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      // Roles with the subject, as Entra ID sends app roles whatever the profile scopes.
      openid: ['sub', 'roles'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // Release the profile claims in the id_token too: MSAL reads the account's name from it.
    conformIdTokenClaims: false,
    // The public client gets a refresh token even without prompt=consent (MSAL never sends
    // it); without one, every renewal would need the hidden iframe.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    pkce: { required: () => true },
    // The API's access tokens carry the user's roles, name and sign-in name too, as Entra ID's
    // v2 access tokens do: the API names who acted (an evaluator, a disputer) from them.
    extraTokenClaims: async (_ctx, token) => {
      const user = 'accountId' in token ? findDemoUser(String(token.accountId)) : undefined;
      return user
        ? { roles: [...user.roles], name: displayName(user), preferred_username: user.email }
        : undefined;
    },
    // A working day; the access token hour leaves MSAL its 300 s renewal offset to act on.
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      RefreshToken: 8 * 60 * 60,
      Session: 8 * 60 * 60,
      Grant: 8 * 60 * 60,
      Interaction: 10 * 60,
    },
    features: {
      devInteractions: { enabled: false },
      // When the app asks for the API's scopes (it does when an API is configured), its access
      // token is a JWT for the API (the default resource), as Entra ID issues for an API's
      // application ID URI, so server/ verifies it with the provider's published keys like any
      // other authority's. Without them, tokens stay as before (opaque, for userinfo).
      resourceIndicators: {
        enabled: true,
        defaultResource: (ctx) =>
          [...(ctx.oidc.requestParamScopes ?? [])].some((s) => API_SCOPE_SET.has(s))
            ? apiResource
            : undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== apiResource) throw new errors.InvalidTarget();
          return {
            scope: LOCAL_API_SCOPES,
            audience: apiResource,
            accessTokenTTL: 60 * 60,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          // The app identified itself with id_token_hint: sign out without a second click.
          const automatic = typeof ctx.oidc.params?.id_token_hint === 'string';
          setPage(
            ctx,
            signOutPage(form, ctx.host, automatic),
            pageSecurityPolicy(appOrigins, automatic),
          );
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          setPage(ctx, signedOutPage(appOrigins), policy);
        },
      },
    },
    interactions: {
      url: async (_ctx, interaction) => `${basePath}/interaction/${interaction.uid}`,
    },
    // First-party app: the grant covers whatever it asks for, so no consent page.
    loadExistingGrant: async (ctx) => {
      const { client, session, result } = ctx.oidc;
      if (!client || !session) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (!session.accountId || client.clientId !== clientId) return undefined;
      const newId = await grantEverythingRequested(ctx.oidc.provider, session.accountId, clientId, {
        missingOIDCScope: [...ctx.oidc.requestParamOIDCScopes],
        missingOIDCClaims: Object.values(configurationClaims).flat(),
        missingResourceScopes: Object.fromEntries(
          Object.keys(ctx.oidc.resourceServers ?? {}).map((resource) => [
            resource,
            [...ctx.oidc.requestParamScopes].filter((s) => API_SCOPE_SET.has(s)),
          ]),
        ),
      });
      return ctx.oidc.provider.Grant.find(newId);
    },
    findAccount: async (_ctx, sub) => {
      const user = findDemoUser(sub);
      if (!user) return undefined;
      return { accountId: user.id, claims: async () => ({ ...userClaims(user), sub: user.id }) };
    },
    renderError: async (ctx, out) => {
      setPage(ctx, errorPage({ ...out }, appOrigins), policy);
    },
    clientBasedCORS: (_ctx, origin) => appOrigins.includes(origin),
  };
  const configurationClaims = configuration.claims as Record<string, string[]>;

  const provider = new Provider(issuer, configuration);
  provider.use(refreshScopeMiddleware);
  const callback = provider.callback();
  const handleInteraction = createInteractionHandler({
    provider,
    basePath,
    appOrigins,
    clientName,
  });

  const handler: LocalIdpHandler = async (req, res) => {
    const mounted = req as IncomingMessage & { baseUrl?: string; originalUrl?: string };
    // Called without a mount (e.g. a plain http server): strip the issuer's path ourselves.
    if (mounted.baseUrl === undefined && basePath && req.url?.startsWith(basePath)) {
      mounted.originalUrl = req.url;
      mounted.baseUrl = basePath;
      mounted.url = req.url.slice(basePath.length) || '/';
    }
    const path = new URL(req.url ?? '/', 'https://idp.invalid').pathname;
    const interaction = matchInteraction(path);
    try {
      if (interaction) await handleInteraction(req, res, interaction);
      else await callback(req, res);
    } catch (error) {
      console.error('local identity provider:', error);
      if (!res.headersSent) {
        res.writeHead(500, pageHeaders(policy));
        res.end(errorPage({ error: 'The local identity provider failed; see the server log.' }));
      }
    }
  };
  return Object.assign(handler, {
    issuer,
    provider,
    endAllSessions: () => store.endAllSessions(),
  });
}

function setPage(ctx: KoaContextWithOIDC, html: string, policy: string): void {
  for (const [name, value] of Object.entries(pageHeaders(policy))) ctx.set(name, value);
  ctx.type = 'html';
  ctx.body = html;
}
