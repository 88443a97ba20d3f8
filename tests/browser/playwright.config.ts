/**
 * Browser tests: Chromium (Debian's, see scripts/browser/) against the production build in
 * dist/, served by the app server with its compression and security headers. `npm test` builds
 * first; to run only these: `npm run build:test && npm run test:browser` (the test build's demo
 * corpus ends on the tests' day and is smaller, tests/corpus-day.ts).
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutablePath } from '../../scripts/browser/chromium-path.ts';
import { EXPECT_BUDGET, TEST_BUDGET } from './harness/budgets.ts';

const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results',
  globalSetup: './harness/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // Flaky tests get fixed, not retried.
  retries: 0,
  forbidOnly: ci,
  // Budgets for a busy machine (harness/budgets.ts).
  timeout: TEST_BUDGET,
  expect: { timeout: EXPECT_BUDGET },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    // The local certificate is self-signed.
    ignoreHTTPSErrors: true,
    launchOptions: { executablePath: chromiumExecutablePath(), args: [...CHROMIUM_ARGS] },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
