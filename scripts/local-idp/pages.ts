/**
 * The provider's own pages (sign-in form, sign-out, errors) as plain, self-contained HTML:
 * no web fonts, no external resources, styles and the one script allowed by hash in a
 * strict Content-Security-Policy of their own (the app's headers do not apply under /idp).
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../html/escape.ts';

const STYLE = `
:root{color-scheme:light dark;--bg:#0f1420;--card:#182033;--text:#e8ecf4;--muted:#a3adc2;--accent:#4f8cff;--danger:#ff6b6b;--border:#2a3550}
@media (prefers-color-scheme:light){:root{--bg:#f3f5f9;--card:#fff;--text:#1b2333;--muted:#55607a;--accent:#2563eb;--danger:#c62828;--border:#d5dbe7}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(26rem,calc(100vw - 2rem));background:var(--card);border:1px solid var(--border);border-radius:12px;padding:2rem}
h1{font-size:1.35rem;margin:0 0 .25rem}
p{margin:.5rem 0;color:var(--muted)}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;padding:.6rem .75rem;border-radius:8px;border:1px solid var(--border);background:var(--bg);color:var(--text);font:inherit}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{flex:1;padding:.65rem 1rem;border-radius:8px;border:1px solid var(--accent);font:inherit;font-weight:600;cursor:pointer;background:transparent;color:var(--text)}
button.primary{background:var(--accent);color:#fff}
.error{color:var(--danger);font-weight:600}
.hint{margin-top:1.5rem;padding-top:1rem;border-top:1px solid var(--border);font-size:.875rem}
code{font-size:.875rem}
a{color:var(--accent)}
`;

/** Signs out without a second click when the app identified itself (id_token_hint). */
const AUTO_SIGN_OUT = `document.querySelector('button[name="logout"]').click();`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The policy of every provider page; `formTargets` are the app origins forms may lead to. */
export function pageSecurityPolicy(formTargets: readonly string[], withScript: boolean): string {
  return [
    "default-src 'none'",
    `style-src ${sha256(STYLE)}`,
    `script-src ${withScript ? sha256(AUTO_SIGN_OUT) : "'none'"}`,
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join('; ');
}

function page(title: string, body: string, script = false): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Local sign-in</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>${script ? `\n<script>${AUTO_SIGN_OUT}</script>` : ''}
</body>
</html>
`;
}

export interface SignInFormOptions {
  /** Where the form posts, e.g. "/idp/interaction/abc/login". */
  readonly loginAction: string;
  readonly cancelAction: string;
  readonly clientName: string;
  readonly email?: string;
  readonly error?: string;
  readonly demoEmail: string;
  readonly demoPassword: string;
}

export function signInPage(options: SignInFormOptions): string {
  const error = options.error
    ? `<p class="error" role="alert" id="sign-in-error">${escapeHtml(options.error)}</p>`
    : '';
  const describedBy = options.error ? ' aria-describedby="sign-in-error"' : '';
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>to continue to ${escapeHtml(options.clientName)}</p>
${error}
<form method="post" action="${escapeHtml(options.loginAction)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? '')}"${describedBy}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}>
<div class="actions">
<button type="submit" class="primary">Sign in</button>
<button type="submit" formaction="${escapeHtml(options.cancelAction)}" formnovalidate>Cancel</button>
</div>
</form>
<p class="hint">This is the local demo identity provider. Sign in as <code>${escapeHtml(options.demoEmail)}</code> with the password <code>${escapeHtml(options.demoPassword)}</code>.</p>`,
  );
}

export function signOutPage(form: string, host: string, automatic: boolean): string {
  return page(
    'Sign out',
    `<h1>Sign out</h1>
<p>${automatic ? 'Signing you out of' : 'Do you want to sign out of'} the local identity provider at ${escapeHtml(host)}?</p>
${form}
<div class="actions">
<button type="submit" form="op.logoutForm">Stay signed in</button>
<button type="submit" class="primary" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
</div>`,
    automatic,
  );
}

export function signedOutPage(appOrigins: readonly string[]): string {
  const links = appOrigins
    .map((origin) => `<a href="${escapeHtml(origin)}/">Back to ${escapeHtml(origin)}</a>`)
    .join('<br>');
  return page('Signed out', `<h1>You are signed out</h1><p>${links}</p>`);
}

/** What each OAuth error means for the person who sees it, and what to do. */
const ERROR_EXPLANATIONS: Record<string, string> = {
  invalid_request:
    'The sign-in request was not valid, often because an old sign-in page was opened again (for example with the Back button) after signing in had finished.',
  access_denied: 'Signing in was cancelled.',
  login_required: 'You need to sign in again.',
  invalid_client: 'The application is not known to this identity provider.',
  server_error: 'The identity provider had a problem.',
};

/**
 * The page for a failed sign-in request: what happened in plain words, the provider's own
 * description for support, and a way back into the app, which starts a fresh sign-in.
 */
export function errorPage(
  out: Record<string, unknown>,
  appOrigins: readonly string[] = [],
): string {
  const code = typeof out.error === 'string' ? out.error : 'server_error';
  const explanation = ERROR_EXPLANATIONS[code] ?? 'The sign-in request could not be completed.';
  const detail =
    typeof out.error_description === 'string' && out.error_description !== ''
      ? `<p class="hint">Details for support: ${escapeHtml(out.error_description)} (<code>${escapeHtml(code)}</code>)</p>`
      : `<p class="hint">Error code: <code>${escapeHtml(code)}</code></p>`;
  const links = appOrigins
    .map((origin) => `<a href="${escapeHtml(origin)}/">Back to the app</a>`)
    .join('<br>');
  return page(
    'Sign-in problem',
    `<h1>Signing in did not work</h1>\n<p>${escapeHtml(explanation)}</p>\n<p>Go back to the app and sign in again from there.</p>\n${links ? `<p>${links}</p>\n` : ''}${detail}`,
  );
}

/** Sends an HTML page with the provider pages' headers. */
export function sendPage(res: ServerResponse, status: number, html: string, policy: string): void {
  res.writeHead(status, pageHeaders(policy));
  res.end(html);
}

export function pageHeaders(policy: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}
