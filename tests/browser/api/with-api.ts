/**
 * Browser tests against the app with the API server at /api: the stack starts once per worker
 * (its first start generates and stores the API's corpus) and its URL is every page's base.
 */
import { test as base } from '../harness/fixtures.ts';
import { startAppWithApi, type AppWithApi } from './app-with-api.ts';

export const test = base.extend<object, { app: AppWithApi }>({
  app: [
    async ({}, use) => {
      const app = await startAppWithApi();
      try {
        await use(app);
      } finally {
        await app.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
});
