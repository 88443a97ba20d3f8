/**
 * Bearer tokens checked for real: the authority's discovery document names the issuer and the
 * key set (JWKS); jose verifies signature, issuer, audience, expiry and not-before with the
 * configured clock leeway. Keys are cached and fetched again when a token names a key id the
 * cache does not know (the authority rotated its keys), at most once per cooldown.
 */
import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload } from 'jose';
import { DataSourceError } from '../src/data/source.ts';
import { allowance, rolesFromClaims, type Permission } from '../src/auth/roles.ts';
import type { ApiConfig } from './config.ts';
import type { Fetch } from './fetch-with-ca.ts';

/** Who is calling, from a verified token. */
export interface Caller {
  readonly subject: string;
  /** For the audit log: a name or e-mail when the token has one. */
  readonly name: string;
  /** Who the product names as acting (an evaluator, a disputer, a scheduler): the person's name. */
  readonly displayName: string;
  /**
   * The sign-in name (`preferred_username`, else `email`), lower-case; absent when the token has
   * neither. Which agent of the directory the caller is (server/evaluated-agent.ts).
   */
  readonly signInName?: string;
  readonly scopes: ReadonlySet<string>;
  readonly roles: readonly string[];
}

export interface TokenVerifier {
  /** Resolves the caller or rejects with `unauthorised` (401) / `unavailable` (authority down). */
  verify(authorization: string | undefined): Promise<Caller>;
}

export interface VerifierOptions {
  readonly fetch?: Fetch;
  /** Least time between two key fetches caused by unknown key ids (jose's cooldown). */
  readonly keyCooldownMs?: number;
}

type AuthSettings = Pick<ApiConfig, 'authority' | 'audience' | 'clockToleranceS'>;

export function createTokenVerifier(
  config: AuthSettings,
  options: VerifierOptions = {},
): TokenVerifier {
  const fetchImpl: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  let discovery: Promise<{ issuer: string; keys: ReturnType<typeof createRemoteJWKSet> }> | null =
    null;

  const discover = async () => {
    const url = `${config.authority}/.well-known/openid-configuration`;
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (typeof document.issuer !== 'string' || typeof document.jwks_uri !== 'string') {
      throw new Error(`${url} has no issuer or jwks_uri`);
    }
    const keys = createRemoteJWKSet(new URL(document.jwks_uri), {
      cooldownDuration: options.keyCooldownMs ?? 30_000,
      cacheMaxAge: 10 * 60_000,
      timeoutDuration: 10_000,
      [customFetch]: (jwksUrl: string, init: { signal: AbortSignal }) => fetchImpl(jwksUrl, init),
    });
    return { issuer: document.issuer, keys };
  };

  const settings = async () => {
    discovery ??= discover();
    try {
      return await discovery;
    } catch (error) {
      discovery = null; // try again on the next request
      throw new DataSourceError(
        'unavailable',
        `The sign-in authority could not be reached to check the token: ${(error as Error).message}`,
      );
    }
  };

  return {
    async verify(authorization) {
      const match = /^Bearer\s+([A-Za-z0-9_.~+/=-]+)\s*$/i.exec(authorization ?? '');
      if (!match) {
        throw new DataSourceError(
          'unauthorised',
          authorization ? 'The Authorization header is not a bearer token' : 'Sign-in required',
          ['Authorization'],
        );
      }
      const { issuer, keys } = await settings();
      try {
        const { payload } = await jwtVerify(match[1]!, keys, {
          issuer,
          audience: config.audience,
          clockTolerance: config.clockToleranceS,
          requiredClaims: ['exp', 'sub'],
        });
        issuedInThePast(payload, config.clockToleranceS);
        return callerOf(payload);
      } catch (error) {
        throw new DataSourceError('unauthorised', reasonOf(error), ['Authorization']);
      }
    },
  };
}

/**
 * jose checks `iat` only against a maximum age; a token issued a year from now (a forging or a
 * badly set clock at the authority) is refused here, beyond the same leeway as `exp` and `nbf`.
 */
function issuedInThePast(payload: JWTPayload, toleranceS: number): void {
  if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + toleranceS) {
    throw new errors.JWTClaimValidationFailed(
      'it is in the future',
      payload,
      'iat',
      'check_failed',
    );
  }
}

function callerOf(payload: JWTPayload): Caller {
  // Entra ID puts delegated scopes in `scp`, OAuth servers such as oidc-provider in `scope`.
  const scopeClaim = [payload.scp, payload.scope].find((v) => typeof v === 'string') as
    string | undefined;
  // The same reading of the `roles` claim as the app's (src/auth/roles.ts).
  const roles = rolesFromClaims(payload);
  const name = [payload.preferred_username, payload.email, payload.name, payload.sub].find(
    (v) => typeof v === 'string' && v !== '',
  ) as string;
  const displayName = [payload.name, name].find(
    (v) => typeof v === 'string' && v.trim() !== '',
  ) as string;
  const signInName = [payload.preferred_username, payload.email].find(
    (v) => typeof v === 'string' && v.trim() !== '',
  ) as string | undefined;
  return {
    subject: payload.sub!,
    ...(signInName !== undefined && { signInName: signInName.trim().toLowerCase() }),
    name,
    displayName: displayName.trim(),
    scopes: new Set((scopeClaim ?? '').split(' ').filter(Boolean)),
    roles,
  };
}

function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The access token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    return `The access token's "${error.claim}" claim is not accepted (${error.reason})`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return 'The access token signature is not valid';
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return "The access token is signed with a key the authority doesn't publish";
  }
  return 'The access token is not valid';
}

/** A verified caller without the permission a method needs: answered 403. */
export class ForbiddenError extends DataSourceError {
  constructor(message: string, details: string[]) {
    super('unauthorised', message, details);
  }
}

/** 403 unless the caller may call a method (read or write). */
export function authorise(
  caller: Caller,
  write: boolean,
  config: Pick<ApiConfig, 'readScope' | 'writeScope' | 'writeRole'>,
): void {
  const scope = write ? config.writeScope : config.readScope;
  if (!caller.scopes.has(scope)) {
    throw new ForbiddenError(`This needs the "${scope}" permission`, [`scope:${scope}`]);
  }
  if (write && config.writeRole && !caller.roles.includes(config.writeRole)) {
    throw new ForbiddenError(`Changes need the "${config.writeRole}" role`, [
      `role:${config.writeRole}`,
    ]);
  }
}

/** What each role-guarded method needs (src/auth/roles.ts, the same table the app offers by). */
function permissionFor(method: string, args: readonly unknown[]): Permission | null {
  switch (method) {
    case 'submitEvaluation':
      return 'evaluate-calls';
    case 'updateEvaluation':
      return (args[0] as { action?: unknown } | undefined)?.action === 'resolve'
        ? 'resolve-disputes'
        : 'respond-to-evaluations';
    case 'saveRule':
    case 'deleteRule':
    case 'startRuleSave':
    case 'cancelRuleJob':
      return 'edit-rules';
    case 'saveEvaluationForm':
      return 'edit-forms';
    case 'saveSettings':
      return 'edit-settings';
    case 'importMetadata':
    case 'undoMetadataImport':
      return 'import-metadata';
    case 'assignLeads':
      return 'assign-leads';
    case 'saveSchedule':
    case 'deleteSchedule':
      return 'schedule-work';
    default:
      return null;
  }
}

/**
 * 403 unless the caller's product roles allow the method (when the server enforces them,
 * SA_API_PRODUCT_ROLES=on): evaluating, answering and resolving evaluations, changing rules,
 * forms and settings, importing metadata, assigning leads and scheduling on the team calendar,
 * each by its role; the answer says who may.
 */
export function authoriseProductRole(
  method: string,
  args: readonly unknown[],
  caller: Caller,
): void {
  const permission = permissionFor(method, args);
  if (!permission) return;
  const { allowed, reason } = allowance(caller.roles, permission);
  if (!allowed) throw new ForbiddenError(reason!, [`permission:${permission}`]);
}

/** 403 unless the caller may read the audit log (every user's changes): the role table says who. */
export function authoriseAuditReader(caller: Caller): void {
  const { allowed, reason } = allowance(caller.roles, 'read-audit');
  if (!allowed) throw new ForbiddenError(reason!, ['permission:read-audit']);
}
