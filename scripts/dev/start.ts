/**
 * `npm start`: the app on Vite's dev server over https (127.0.0.1:5173, or the next free port)
 * with the embedded identity provider at /idp, so a newcomer can sign in with a demo user on a
 * fresh machine. MSAL accepts only https authorities, hence the local certificate.
 */
import { resolve } from 'node:path';
import { createServer } from 'vite';
import { DEMO_PASSWORD, demoUsers } from '../local-idp/demo-users.ts';
import { LOCAL_API_SCOPES } from '../local-idp/index.ts';
import { getLocalCertificate, localCertificateCacheDir } from '../serve/certificate.ts';
import { readGeneratedManifest } from '../serve/generated-manifest.ts';
import { customerTarget } from '../build/customer-target.ts';
import { localIdpPlugin } from './local-idp-plugin.ts';
import { apiPlugin } from './api-plugin.ts';
import { deploymentMetaPlugin } from './deployment-meta-plugin.ts';
import {
  anchorNotice,
  loadApiConfig,
  openApiService,
  startDeploymentJobs,
  terminalProgress,
} from '../../server/index.ts';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const PREFERRED_PORT = 5173;

// SA_CUSTOMER=NAME npm start runs a white-label customer (vite.config.ts generates it into
// .cache/generated/NAME); the provider then serves that customer's client id.
const customer = customerTarget();

function appSettings() {
  const manifest = readGeneratedManifest(customer?.generatedDir);
  const postLogout = manifest.routes.find((route) => route.id === manifest.auth.postLogoutRoute);
  return {
    clientId: manifest.auth.clientId,
    clientName: manifest.brand.name,
    authority: manifest.auth.authority,
    postLogoutPath: postLogout?.path ?? '/',
  };
}

/**
 * The API (server/) in this process, mounted at /api; the app uses it (the page names it in
 * its meta tags) unless SA_API=off (then the embedded engine in a Web Worker, as a static build).
 */
async function startApi(certificate: { cert: string }) {
  if (process.env.SA_API === 'off') return null;
  const { authority } = appSettings();
  const localIdpPrefix = authority.startsWith('/') ? authority.replace(/\/+$/, '') : null;
  // The local provider's issuer depends on the origin the browser uses; the plugin sets it.
  const config = loadApiConfig({
    ...process.env,
    SA_API_AUTHORITY:
      process.env.SA_API_AUTHORITY ??
      (localIdpPrefix ? `https://127.0.0.1${localIdpPrefix}` : authority),
    // The local provider's demo users carry the product roles: the API checks them as the app does.
    ...(localIdpPrefix ? { SA_API_PRODUCT_ROLES: process.env.SA_API_PRODUCT_ROLES ?? 'on' } : {}),
  });
  const service = await openApiService(config, { onProgress: terminalProgress() });
  // The inbox folder and retention, when SA_API_INBOX / SA_API_RETENTION_DAYS set them.
  const jobs = startDeploymentJobs(config, service);
  // The page names the API it uses (deployment meta tags, as a deployment's server does),
  // unless VITE_API_URL / VITE_API_SCOPES say otherwise; at sign-in the app asks for the API's
  // permissions (the local provider's names).
  const deployment = {
    ...(process.env.VITE_API_URL ? {} : { apiUrl: '/api' }),
    ...(process.env.VITE_API_SCOPES || !localIdpPrefix
      ? {}
      : { apiScopes: LOCAL_API_SCOPES.split(' ') }),
  };
  const localCa = localIdpPrefix ? certificate.cert : null;
  return {
    config,
    service,
    jobs,
    plugins: [
      apiPlugin({ config, service, localCa, localIdpPrefix }),
      deploymentMetaPlugin(deployment),
    ],
  };
}

try {
  // Kept in .cache/ between runs so the browser's one-time certificate exception stays valid.
  const certificate = await getLocalCertificate({ cacheDir: localCertificateCacheDir });
  const api = await startApi(certificate);
  const server = await createServer({
    configFile: resolve(repoRoot, 'vite.config.ts'),
    server: { host: '127.0.0.1', port: PREFERRED_PORT, strictPort: false, https: certificate },
    plugins: [localIdpPlugin({ app: appSettings }), ...(api?.plugins ?? [])],
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0] ?? `https://127.0.0.1:${PREFERRED_PORT}/`;
  const { authority } = appSettings();
  const local = authority.startsWith('/idp');
  const [first, ...others] = demoUsers;
  console.log(`
  Callscope is running at ${url}
${
  local
    ? `
  Sign in with the local identity provider (${url.replace(/\/$/, '')}/idp):
    user      ${first?.email}${others.length ? `  (also ${others.map((u) => u.email).join(', ')})` : ''}
    password  ${DEMO_PASSWORD}
`
    : `
  Sign-in goes to ${authority} (set by SA_AUTH_AUTHORITY).
`
}
${
  api
    ? `  Data comes from the API at ${url}api/v1 (${api.config.corpus.calls} calls, kept in ${api.config.dataDir}).\n  ${anchorNotice(api.service.anchor, api.config.dataDir)}\n`
    : ''
}
  The certificate is self-signed for 127.0.0.1 and localhost, so the browser warns once
  ("Your connection is not private"): choose Advanced, then Proceed. It is a local
  certificate made on this machine (kept in .cache/certificate), not a sign of an attack.

  Press Ctrl+C to stop.
`);
  const stop = () =>
    void server
      .close()
      .then(() => api?.jobs.stop())
      .then(() => api?.service.close())
      .then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`npm start: ${(error as Error).message}`);
  process.exit(1);
}
