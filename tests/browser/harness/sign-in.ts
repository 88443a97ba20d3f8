/**
 * A real sign-in through the embedded identity provider: the app's sign-in button, the
 * provider's form, and back. Slower than seeding stored user info, but it gives MSAL a real
 * account and token, which the start-up sequence requires to keep a session.
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers, displayName } from '../../../scripts/local-idp/demo-users.ts';

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
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/idp/'));
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByLabel(/password/i).fill(user.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/idp'));
}
