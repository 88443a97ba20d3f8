/**
 * `npm start [-- --explain]`: the app on Vite's dev server over https (127.0.0.1:5173, or the next free port)
 * with the embedded identity provider at /idp, so a newcomer can sign in with a demo user on a
 * fresh machine. MSAL accepts only https authorities, hence the local certificate. Its settings
 * come from the deployment configuration (server/deployment-config); `--explain` prints them,
 * each with where its value came from, and exits.
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
  apiConfigOf,
  appDeploymentOf,
  explainConfig,
  loadDeploymentConfig,
  openApiService,
  startDeploymentJobs,
  terminalProgress,
} from '../../server/index.ts';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const PREFERRED_PORT = 5173;

/** Ends `npm start` with the one line that says what is wrong (a located problem), no trace. */
function fail(error: unknown): never {
  console.error(`npm start: ${(error as Error).message}`);
  process.exit(1);
}

// SA_CUSTOMER=NAME npm start runs a white-label customer (vite.config.ts generates it into
// .cache/generated/NAME); the provider then serves that customer's client id. An unknown name
// is refused by the deployment configuration.
const customer = (() => {
  try {
    return customerTarget();
  } catch (error) {
    return fail(error);
  }
})();

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
 * The deployment configuration `npm start` runs with: the schema's defaults, then its own
 * starting values (the local provider as the API's issuer, whose demo users carry the product
 * roles the API then checks as the app does; the app pointed at the API at /api with the local
 * provider's scopes), then SA_CONFIG's file and the environment, which win.
 */
function startConfig() {
  const { authority } = appSettings();
  const localIdpPrefix = authority.startsWith('/') ? authority.replace(/\/+$/, '') : null;
  const values: Record<string, unknown> = {
    // The local provider's issuer depends on the origin the browser uses; the plugin sets it.
    'api.authority': localIdpPrefix ? `https://127.0.0.1${localIdpPrefix}` : authority,
    ...(localIdpPrefix ? { 'api.productRoles': true } : {}),
  };
  // The app is pointed at the API only when the API runs (SA_API=off: the embedded engine).
  if (loadDeploymentConfig({ preset: { label: 'npm start', values } }).value('start.api')) {
    values['app.apiUrl'] = '/api';
    if (localIdpPrefix) values['app.apiScopes'] = LOCAL_API_SCOPES.split(' ');
  }
  return {
    config: loadDeploymentConfig({ preset: { label: 'npm start', values } }),
    localIdpPrefix,
  };
}

/**
 * The API (server/) in this process, mounted at /api; the app uses it (the page names it in
 * its meta tags, from the configuration's app.apiUrl and app.apiScopes) unless start.api is off
 * (SA_API=off: then the embedded engine in a Web Worker, as a static build).
 */
async function startApi(certificate: { cert: string }) {
  const { config: deployment, localIdpPrefix } = startConfig();
  if (!deployment.value('start.api')) return null;
  const config = apiConfigOf(deployment);
  const service = await openApiService(config, { onProgress: terminalProgress() });
  // The inbox folder and retention, when api.inbox.dir / api.retentionDays set them.
  const jobs = startDeploymentJobs(config, service);
  const localCa = localIdpPrefix ? certificate.cert : null;
  return {
    config,
    service,
    jobs,
    plugins: [
      apiPlugin({ config, service, localCa, localIdpPrefix }),
      deploymentMetaPlugin(appDeploymentOf(deployment)),
    ],
  };
}

if (process.argv.includes('--explain')) {
  try {
    console.log(explainConfig(startConfig().config));
    process.exit(0);
  } catch (error) {
    fail(error);
  }
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
  fail(error);
}
