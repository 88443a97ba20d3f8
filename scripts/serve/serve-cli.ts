/**
 * `npm run serve [-- --port N] [--api-url URL] [--api-scopes "A B"] [-- DIR]`: serves the
 * production build (dist/) over https on 127.0.0.1 with the same compression and security
 * headers a deployment gets, and the embedded identity provider at /idp when the build signs in
 * there. The page is pointed at an API at run time (deployment-meta.ts) by the deployment
 * configuration's app.apiUrl and app.apiScopes (server/deployment-config: the SA_CONFIG file,
 * VITE_API_URL, VITE_API_SCOPES), or by `--api-url` and `--api-scopes`, which win.
 * Build first with `npm run build`. Stop with Ctrl+C.
 */
import { parseArgs } from 'node:util';
import { getLocalCertificate, localCertificateCacheDir } from './certificate.ts';
import { defaultRoot, startAppServer } from './app-server.ts';
import { LOCAL_IDP_PREFIX, localIdpMounts } from './local-idp-mount.ts';
import { customerServedFrom } from '../build/customer-target.ts';
import { appDeploymentOf, loadDeploymentConfig } from '../../server/deployment-config/index.ts';

const DEFAULT_PORT = 4173;

const { values, positionals } = parseArgs({
  options: {
    port: { type: 'string', short: 'p' },
    'api-url': { type: 'string' },
    'api-scopes': { type: 'string' },
  },
  allowPositionals: true,
});
const port = Number(values.port ?? process.env.PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`serve: --port must be a whole number from 0 to 65535, got "${values.port}"`);
  process.exit(2);
}

let idp: string | undefined;
const root = positionals[0] ?? defaultRoot;
try {
  // A customer site (dist/customers/NAME) signs in with that customer's client id.
  const customer = customerServedFrom(root);
  const deployment = {
    ...appDeploymentOf(loadDeploymentConfig()),
    ...(values['api-url'] ? { apiUrl: values['api-url'] } : {}),
    ...(values['api-scopes']
      ? { apiScopes: values['api-scopes'].split(/\s+/).filter(Boolean) }
      : {}),
  };
  const server = await startAppServer({
    root,
    port,
    // Kept between runs so the browser's one-time certificate exception stays valid.
    certificate: await getLocalCertificate({ cacheDir: localCertificateCacheDir }),
    deployment,
    // The product build signs in at /idp on its own origin: serve the embedded provider there.
    mounts: async (origin) => {
      const mounts = await localIdpMounts(origin, customer?.generatedDir);
      idp = mounts.length > 0 ? `${origin}${LOCAL_IDP_PREFIX}` : undefined;
      return mounts;
    },
  });
  console.log(`Serving ${positionals[0] ?? 'dist/'} at ${server.url}/`);
  if (idp) console.log(`Embedded identity provider at ${idp} (demo users: see README).`);
  if (deployment.apiUrl) console.log(`The app uses the API at ${deployment.apiUrl}.`);
  console.log('The certificate is self-signed for local use: accept the browser warning once.');
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const reason =
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? `port ${port} is in use; pass another with --port`
      : (error as Error).message;
  console.error(`serve: ${reason}`);
  process.exit(1);
}
