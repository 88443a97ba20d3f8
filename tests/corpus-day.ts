/**
 * The one day every test anchors the demo corpus on (see src/data/corpus/anchor.ts): vitest
 * sets SA_CORPUS_DAY from it (vite.config.ts), and the test build (`npm test`, CI) sets
 * VITE_DEMO_DAY from it, so no test result depends on the day it runs. The corpus then covers
 * the 90 days to 31 March 2026, the period the tests' fixed dates were written against.
 */
export const TEST_CORPUS_DAY = '2026-03-31';
