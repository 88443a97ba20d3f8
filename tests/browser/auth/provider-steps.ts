/**
 * Sign-in as the auth tests take it, on top of the harness's provider steps: from a protected
 * route, through the provider, back to that route and greeted by name.
 */
import type { Page } from '@playwright/test';
import { expect } from '../harness/fixtures.ts';
import { demoUser, goToProvider, submitDemoCredentials } from '../harness/sign-in.ts';

export { demoUser, goToProvider, submitDemoCredentials };

/** Signs in from `path` (a protected route) and waits to be back there, greeted by name. */
export async function signInFrom(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/page\/login\?returnTo=/);
  await goToProvider(page);
  await submitDemoCredentials(page);
  await expect(page).toHaveURL(path);
  await expect(page.getByText(`Hi, ${demoUser.name}`)).toBeVisible();
}
