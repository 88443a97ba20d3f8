/**
 * A real sign-in through the embedded identity provider: the app's sign-in button, the
 * provider's form, and back. Slower than seeding stored user info, but it gives MSAL a real
 * account and token, which the start-up sequence requires to keep a session.
 */
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers, displayName } from '../../../scripts/local-idp/demo-users.ts';
import { readGeneratedManifest } from '../../../scripts/serve/generated-manifest.ts';
import { storageKey } from '../../../src/browser-storage/index.ts';
import { appUrl } from './app-url.ts';

const manifest = readGeneratedManifest();

/** localStorage key of the stored user info (`<deployment id>:user:v1`, see src/auth). */
export const storedUserKey = storageKey(manifest.id, 'user', 1);

export interface DemoCredentials {
  email: string;
  password: string;
  /** The name the app greets the user by. */
  name: string;
}

const first = demoUsers[0];
if (!first) throw new Error('scripts/local-idp/demo-users.ts lists no demo user');

export const demoUser: DemoCredentials = {
  email: first.email,
  password: DEMO_PASSWORD,
  name: displayName(first),
};

/** On the sign-in page: click the sign-in button and wait for the provider's form. */
export async function goToProvider(
  page: Page,
  button: RegExp = /sign in with your work/i,
): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
}

/** At the provider's form: sign in as `user` (the first demo user by default). */
export async function submitDemoCredentials(
  page: Page,
  user: DemoCredentials = demoUser,
): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in from the page at `startPath` (a protected path lands on the sign-in page first and
 * returns there afterwards) and waits until the app is back on its own origin.
 */
export async function signInThroughProvider(
  page: Page,
  startPath = '/page/login',
  user: DemoCredentials = demoUser,
): Promise<void> {
  await page.goto(startPath);
  await goToProvider(page);
  await submitDemoCredentials(page, user);
  await page.waitForURL((url) => !url.pathname.startsWith('/idp'));
  // Back on the app, the start-up sequence still has to redeem the code and write the stored
  // user info; a navigation before then would cut the sign-in short.
  await page.waitForFunction(
    (key) => localStorage.getItem(key) !== null && !/[?#&]code=/.test(location.href),
    storedUserKey,
  );
}

/**
 * Signs in through the provider from the sign-in page and waits for the page the app lands on
 * (the dashboard) to show its heading.
 */
export async function signInToApp(page: Page): Promise<void> {
  const login = manifest.routes.find((r) => r.id === manifest.auth.loginRoute)!;
  await signInThroughProvider(page, login.path);
  await page.waitForURL((url) => url.pathname !== login.path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** The browser state of a real sign-in as the demo user, for tests that start signed in. */
export async function signedInState(browser: Browser): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: appUrl(), ignoreHTTPSErrors: true });
  try {
    await signInToApp(await context.newPage());
    return await context.storageState();
  } finally {
    await context.close();
  }
}
