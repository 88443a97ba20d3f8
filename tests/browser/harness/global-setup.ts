/**
 * Starts the app server on the production build (dist/, built by `npm test` beforehand) on a
 * free port for the whole run, with the identity provider mounted; workers read its URL from
 * the environment. The returned function is Playwright's teardown.
 */
import { startAppServer } from '../../../scripts/serve/app-server.ts';
import { APP_URL_ENV } from './app-url.ts';
import { identityProviderMounts } from './identity-provider.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startAppServer({ port: 0, mounts: identityProviderMounts });
  process.env[APP_URL_ENV] = server.url;
  return () => server.close();
}
