/**
 * Sign-in end to end on the production build against the embedded OpenID Connect provider:
 * MSAL's redirect flow, the return to the page the user wanted, the stored user info, reloads,
 * and sign-out with the guard applying again (also after Back).
 */
import { expect, manifestRoutes, storedUserKey, test } from '../harness/fixtures.ts';
import { demoUser, signInFrom } from './provider-steps.ts';

const target = '/performance/agents?compliant=false';

test('signing in returns to the intended page, greets by name and keeps the session', async ({
  page,
}) => {
  await signInFrom(page, target);

  // No authorization code or token in the address or in the history entries behind it.
  expect(page.url()).not.toMatch(/code=|token=|state=/);
  const stored = await page.evaluate((key) => localStorage.getItem(key), storedUserKey);
  expect(JSON.parse(stored ?? 'null')).toEqual({ name: demoUser.name, username: demoUser.email });

  // MSAL's cache in localStorage is encrypted: no id_token (a JWT) or token field in clear.
  const values = await page.evaluate(() => Object.values(localStorage).join('\n'));
  expect(values).not.toMatch(/eyJ[\w-]+\.eyJ/);
  expect(values).not.toMatch(/"secret"|access_token|refresh_token/);

  // Other protected routes are reachable, through the app's own links and by address.
  for (const route of manifestRoutes({ auth: 'required' }).slice(0, 3)) {
    await page.goto(route.path);
    await expect(page).toHaveURL(route.path);
    await expect(page.getByRole('heading', { level: 1, name: route.title })).toBeVisible();
  }

  await page.reload();
  await expect(page.getByText(`Hi, ${demoUser.name}`)).toBeVisible();
  await expect(page).not.toHaveURL(/\/page\/login/);
});

test('the sign-in redirect leaves no code in the browser history', async ({ page }) => {
  await signInFrom(page, target);
  const seen: string[] = [page.url()];
  for (let step = 0; step < 4; step++) {
    const response = await page.goBack({ waitUntil: 'commit' }).catch(() => null);
    if (!response && seen.at(-1) === page.url()) break;
    seen.push(page.url());
  }
  expect(seen.length).toBeGreaterThan(1);
  for (const url of seen) expect(url, `history entry ${url}`).not.toMatch(/[#?&]code=/);
});

test('signing out lands on the sign-in page and the guard applies again, also after Back', async ({
  page,
}) => {
  await signInFrom(page, '/settings');

  await page.getByRole('button', { name: `Account menu for ${demoUser.name}` }).click();
  await page.getByRole('menuitem', { name: /log ?out|sign out/i }).click();
  await expect(page).toHaveURL(/\/page\/login$/);
  await expect(page.getByRole('button', { name: /sign in with your work/i })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), storedUserKey)).toBeNull();

  // Back through the provider's sign-out page to the protected page we left.
  for (let step = 0; step < 3; step++) {
    await page.goBack().catch(() => null);
    await expect(page.getByText(`Hi, ${demoUser.name}`)).toHaveCount(0);
  }
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/page\/login\?returnTo=%2Fsettings/);
});

test('the sign-in page: one-line button, a subtitle of its own, and signed in a way out', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/page/login');
  const signInButton = page.getByRole('button', {
    name: 'Sign in with your work or school account',
  });
  await expect(signInButton).toBeVisible();
  // The button's label keeps to one line at 1440 px.
  const lines = await signInButton.evaluate((button) => {
    const range = document.createRange();
    range.selectNodeContents(button);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines, 'lines of the sign-in button').toBe(1);
  // The subtitle and the status line under the button say something the button does not.
  const subtitle = (await page.locator('.screen-description').textContent()) ?? '';
  expect(subtitle.length).toBeGreaterThan(0);
  expect(subtitle.toLowerCase()).not.toContain('work or school account');
  // Elsewhere the footer offers Sign In while signed out.
  const footer = page.getByRole('contentinfo');
  await page.goto('/page/contact-us');
  await expect(footer.getByRole('link', { name: 'Sign In' })).toBeVisible();

  await signInFrom(page, '/settings');
  // Signed in, the footer's sign-in link is Sign out.
  await expect(footer.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await page.goto('/page/login');
  await expect(page.getByText(`You are signed in as ${demoUser.name}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue to the dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out or use another account' }).click();
  await expect(page).toHaveURL(/\/page\/login$/);
  await expect(signInButton).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), storedUserKey)).toBeNull();
});
