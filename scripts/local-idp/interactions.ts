/**
 * The provider's interaction pages: a small sign-in form (email, password, Cancel) instead of
 * oidc-provider's development pages. Consent is never asked: the app is first-party, so the
 * grant covers whatever it requests (see loadExistingGrant in index.ts); a consent prompt that
 * still comes up is granted here without a page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { authenticate, DEMO_PASSWORD, demoUsers } from './demo-users.ts';
import { pageSecurityPolicy, sendPage, signInPage, errorPage } from './pages.ts';

const FORM_LIMIT = 8 * 1024;

export interface InteractionOptions {
  readonly provider: Provider;
  /** Path prefix of the provider's URLs, e.g. "/idp". */
  readonly basePath: string;
  readonly appOrigins: readonly string[];
  readonly clientName: string;
}

/** Matches "/interaction/<uid>", "/interaction/<uid>/login" and "/interaction/<uid>/abort". */
export function matchInteraction(
  path: string,
): { uid: string; action?: 'login' | 'abort' } | undefined {
  const match = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?\/?$/.exec(path);
  if (!match?.[1]) return undefined;
  return match[2] ? { uid: match[1], action: match[2] as 'login' | 'abort' } : { uid: match[1] };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMIT) throw new Error('The form is too large.');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function grantEverythingRequested(
  provider: Provider,
  accountId: string,
  clientId: string,
  details: {
    missingOIDCScope?: unknown;
    missingOIDCClaims?: unknown;
    missingResourceScopes?: unknown;
  },
  existingGrantId?: string,
): Promise<string> {
  const grant =
    (existingGrantId ? await provider.Grant.find(existingGrantId) : undefined) ??
    new provider.Grant({ accountId, clientId });
  if (Array.isArray(details.missingOIDCScope))
    grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (Array.isArray(details.missingOIDCClaims))
    grant.addOIDCClaims(details.missingOIDCClaims as string[]);
  if (details.missingResourceScopes && typeof details.missingResourceScopes === 'object') {
    for (const [resource, scopes] of Object.entries(details.missingResourceScopes)) {
      if (Array.isArray(scopes) && scopes.length)
        grant.addResourceScope(resource, scopes.join(' '));
    }
  }
  return grant.save();
}

export function createInteractionHandler(options: InteractionOptions) {
  const { provider, basePath } = options;
  const policy = pageSecurityPolicy(options.appOrigins, false);
  const demo = demoUsers[0]!;

  const showForm = (
    res: ServerResponse,
    uid: string,
    status: number,
    email?: string,
    error?: string,
  ) =>
    sendPage(
      res,
      status,
      signInPage({
        loginAction: `${basePath}/interaction/${uid}/login`,
        cancelAction: `${basePath}/interaction/${uid}/abort`,
        clientName: options.clientName,
        demoEmail: demo.email,
        demoPassword: DEMO_PASSWORD,
        ...(email !== undefined ? { email } : {}),
        ...(error !== undefined ? { error } : {}),
      }),
      policy,
    );

  /**
   * A finished or expired sign-in page, reached again (the Back button after signing in): a
   * page load goes straight back to the app, which knows whether the user is signed in; a form
   * sent again gets the explanation with a link back.
   */
  const expired = (req: IncomingMessage, res: ServerResponse) => {
    const host = String(req.headers[':authority'] ?? req.headers.host ?? '');
    const app =
      options.appOrigins.find((origin) => new URL(origin).host === host) ?? options.appOrigins[0];
    if (app && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(303, { Location: `${app}/`, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    sendPage(
      res,
      400,
      errorPage(
        {
          error: 'invalid_request',
          error_description: 'This sign-in request has expired or was already used.',
        },
        options.appOrigins,
      ),
      policy,
    );
  };

  return async function handleInteraction(
    req: IncomingMessage,
    res: ServerResponse,
    route: { uid: string; action?: 'login' | 'abort' },
  ): Promise<void> {
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return expired(req, res);
    }
    if (details.uid !== route.uid) return expired(req, res);
    const { prompt, params } = details;
    const clientId = String(params.client_id);

    if (!route.action) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return expired(req, res);
      if (prompt.name === 'login') return showForm(res, route.uid, 200);
      // Consent for the first-party app: granted without asking.
      const accountId = details.session?.accountId;
      if (prompt.name === 'consent' && accountId) {
        const grantId = await grantEverythingRequested(
          provider,
          accountId,
          clientId,
          prompt.details,
          details.grantId,
        );
        return provider.interactionFinished(
          req,
          res,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
      }
      return expired(req, res);
    }

    if (req.method !== 'POST') return expired(req, res);
    if (route.action === 'abort') {
      // The app receives `error=access_denied`, which MSAL reports as a server error.
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled signing in.' },
        { mergeWithLastSubmission: false },
      );
    }
    let form: URLSearchParams;
    try {
      form = await readForm(req);
    } catch {
      return showForm(res, route.uid, 413, undefined, 'The form was too large. Try again.');
    }
    const email = form.get('email') ?? '';
    const user = authenticate(email, form.get('password') ?? '');
    if (!user) {
      return showForm(
        res,
        route.uid,
        401,
        email,
        'That email and password do not match a demo user.',
      );
    }
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.id, remember: false } },
      { mergeWithLastSubmission: false },
    );
  };
}
