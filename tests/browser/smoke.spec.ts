import { expect, loginRoute, manifest, test } from './harness/fixtures.ts';

test('a signed-out visitor of / lands on the login page under the security headers', async ({
  page,
}) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  const login = loginRoute();
  await expect(page).toHaveURL(new RegExp(`${login.path}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1, name: login.title })).toBeVisible();
  await expect(page).toHaveTitle(`${login.title} · ${manifest.brand.name}`);
});

test('an inline script is blocked and reported, so a test would fail on it', async ({
  page,
  cspViolations,
}) => {
  await page.goto(loginRoute().path);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  await expect.poll(() => cspViolations.map((v) => v.directive)).toContain('script-src-elem');
  expect(await page.evaluate(() => 'inlineRan' in window || '__inlineRan' in window)).toBe(false);
  cspViolations.length = 0; // provoked on purpose
});
