/** How the global setup tells test workers where the app server listens. */
export const APP_URL_ENV = 'SA_TEST_APP_URL';

export function appUrl(): string {
  const url = process.env[APP_URL_ENV];
  if (!url) {
    throw new Error(
      `${APP_URL_ENV} is not set: run the browser tests through tests/browser/playwright.config.ts`,
    );
  }
  return url;
}
