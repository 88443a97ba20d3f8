/**
 * Steps at the embedded identity provider's own pages, as a user takes them.
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers, displayName } from '../../../scripts/local-idp/demo-users.ts';
import { expect } from '../harness/fixtures.ts';

export const demoUser = {
  email: demoUsers[0]!.email,
  name: displayName(demoUsers[0]!),
  password: DEMO_PASSWORD,
};

/** On the sign-in page: click the sign-in button and wait for the provider's form. */
export async function goToProvider(
  page: Page,
  button: RegExp = /sign in with your work/i,
): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
}

/** At the provider's form: sign in as the demo user. */
export async function submitDemoCredentials(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(demoUser.email);
  await page.getByLabel('Password').fill(demoUser.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in from `path` (a protected route) and waits to be back there, greeted by name. */
export async function signInFrom(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/page\/login\?returnTo=/);
  await goToProvider(page);
  await submitDemoCredentials(page);
  await expect(page).toHaveURL(path);
  await expect(page.getByText(`Hi, ${demoUser.name}`)).toBeVisible();
}
