/**
 * `npm run build:test`: the production build the browser tests run against, its demo corpus
 * pinned to the tests' day and size (tests/corpus-day.ts). `npm test` runs it before the browser
 * tests; run it by hand before `npm run test:browser`.
 */
import { spawnSync } from 'node:child_process';
import { TEST_BUILD_ENV } from '../../tests/corpus-day.ts';

const result = spawnSync('npm', ['run', '--silent', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, ...TEST_BUILD_ENV },
});
process.exit(result.status ?? 1);
