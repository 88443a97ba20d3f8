/**
 * The one day every test anchors the demo corpus on (see src/data/corpus/anchor.ts): vitest
 * sets SA_CORPUS_DAY from it (vite.config.ts), and the test build (`npm test`, CI) sets
 * VITE_DEMO_DAY from it, so no test result depends on the day it runs. The corpus then covers
 * the 90 days to 31 March 2026, the period the tests' fixed dates were written against.
 */
export const TEST_CORPUS_DAY = '2026-03-31';

/**
 * Calls in the demo corpus of the browser tests' build. The build ships the corpus as an asset
 * the data worker decodes (scripts/build/demo-corpus-plugin.ts), so a new browser context no
 * longer generates it; the size still sets every query's cost and the asset's bytes (8,000 calls:
 * 0.9 MB gzip against 2.2 MB at the users' 20,000). The tests assert identities between
 * screens, never fixed numbers, so they hold at any size; the speed at the users' size is
 * measured by `npm run bench` and `bench:shell`.
 */
export const TEST_CORPUS_CALLS = 8_000;

/** The environment of the browser tests' build: `npm test` sets it, and so must a build by hand. */
export const TEST_BUILD_ENV = {
  VITE_DEMO_DAY: TEST_CORPUS_DAY,
  VITE_DEMO_CALLS: String(TEST_CORPUS_CALLS),
};
