/**
 * The shared fixtures of every browser test. Import `test` and `expect` from here, never from
 * @playwright/test, so that each test:
 * - runs against the app server of the global setup (`page.goto('/page/login')` just works);
 * - fails when the page breaks the Content-Security-Policy (inline script, eval, a foreign
 *   origin...), caught both from `securitypolicyviolation` events and Chromium's console;
 * - can start signed in (shell/session.ts's `signedInTest`) from the worker's `session`.
 *
 * The worker's sign-in is registered here, on every test, rather than only on the signed-in
 * ones: Playwright runs tests whose worker-scoped fixtures differ in different worker processes,
 * so a signed-out and a signed-in test one after the other cost a new worker, a new browser and
 * a new sign-in. A worker fixture is set up on first use, so a signed-out test never signs in.
 */
import { test as base, expect, type BrowserContext } from '@playwright/test';
import type { Route } from '../../../src/generated/manifest.types.ts';
import { readGeneratedManifest } from '../../../scripts/serve/generated-manifest.ts';
import { appUrl } from './app-url.ts';
import { signedInState, type StorageState } from './sign-in.ts';

export { expect };
export { demoUser, signInThroughProvider } from './sign-in.ts';

/** The manifest the build under test was generated from. */
export const manifest = readGeneratedManifest();

export interface CspViolation {
  /** How it was noticed: the DOM event or Chromium's console message. */
  via: 'event' | 'console';
  /** The directive broken, e.g. "script-src-elem" ("unknown" when the message names none). */
  directive: string;
  /** What was blocked: a URL, "inline" or "eval" (events only). */
  blocked?: string;
  page: string;
  /** Where: file, line and a sample for events; the browser's message for console entries. */
  detail?: string;
}

const REPORT_BINDING = '__saReportCspViolation';

/** Records every CSP violation in the context's pages and frames into `into`. */
export async function watchContentSecurityPolicy(
  context: BrowserContext,
  into: CspViolation[],
): Promise<void> {
  await context.exposeBinding(REPORT_BINDING, (_source, violation: CspViolation) => {
    into.push(violation);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (v: unknown) => void>)[binding];
      report?.({
        via: 'event',
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        page: event.documentURI,
        detail: `${event.sourceFile}:${event.lineNumber} ${event.sample}`.trim(),
      });
    });
  }, REPORT_BINDING);
  context.on('console', (message) => {
    const text = message.text();
    if (!/Content Security Policy/i.test(text)) return;
    const directive = /directive:? "?'?([a-z-]+)/i.exec(text)?.[1] ?? 'unknown';
    into.push({ via: 'console', directive, page: message.page()?.url() ?? '', detail: text });
  });
}

interface Fixtures {
  /** Violations seen so far; a test that provokes one on purpose may inspect and clear it. */
  cspViolations: CspViolation[];
}

interface WorkerFixtures {
  /** The browser state of the worker's one real sign-in as the demo user. */
  session: StorageState;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  baseURL: async ({}, use) => {
    await use(appUrl());
  },
  cspViolations: async ({}, use) => {
    await use([]);
  },
  context: async ({ context, cspViolations }, use) => {
    await watchContentSecurityPolicy(context, cspViolations);
    await use(context);
    expect(cspViolations, 'the page violated the Content-Security-Policy').toEqual([]);
  },
  session: [
    async ({ browser }, use) => use(await signedInState(browser)),
    // Two sign-in round trips through the provider on a busy 2-core machine: more than a
    // minute at load 20-38 (issue 34).
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { storedUserKey } from './sign-in.ts';

/**
 * One full page load, rendered and checked, of a test that loads a list of pages (every route,
 * every content page): at load 25 on two cores one took 6-8 s, against 1-2 s on a quiet machine.
 */
export const PAGE_LOAD_BUDGET = 30_000;

/**
 * Adds `count` page loads to the running test's budget, for a test whose work grows with a
 * list the manifest holds: its budget follows its work, not the machine (issue 34). The
 * signed-in route groups failed at 60 s for 8 routes at load 25.
 */
export function budgetPageLoads(count: number): void {
  const info = test.info();
  info.setTimeout(info.timeout + count * PAGE_LOAD_BUDGET);
}

/** Every linkable route of the manifest (the "*" error route excluded), in manifest order. */
export function manifestRoutes(filter: { auth?: Route['auth'] } = {}): Route[] {
  return manifest.routes.filter(
    (route) => route.path !== '*' && (filter.auth === undefined || route.auth === filter.auth),
  );
}

/** The route a signed-out visitor of a protected route lands on. */
export function loginRoute(): Route {
  const route = manifest.routes.find((r) => r.id === manifest.auth.loginRoute);
  if (!route)
    throw new Error(`the manifest's login route "${manifest.auth.loginRoute}" is missing`);
  return route;
}
