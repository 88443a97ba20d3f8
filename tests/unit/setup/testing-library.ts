/**
 * Testing Library's `waitFor` and `findBy*` give up after 1 s by default: on a busy 2-core
 * machine a screen reading the demo corpus takes longer than that to show its rows, and the
 * Recordings tests failed there (issue 34). They wait as long as a test may run instead; a
 * screen that never shows what a test waits for still fails, at the test's own budget.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 50_000 });
