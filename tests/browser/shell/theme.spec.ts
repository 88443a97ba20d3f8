/** The theme panel and stored preferences (spec sections 2 and 9). */
import { test as signedOutTest } from '../harness/fixtures.ts';
import { expect, manifest, preferencesKey, signedInTest as test } from './session.ts';

const { theme } = manifest;
const otherMode = theme.defaultMode === 'dark' ? 'light' : 'dark';
const color = theme.colors.find((c) => c.id !== theme.defaultColor)!;
const cover = theme.covers.find((c) => c.id !== theme.defaultCover)!;
const cssVar = (name: string) =>
  `getComputedStyle(document.documentElement).getPropertyValue('${name}').trim()`;

test('theme choices apply at once and survive a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mode', theme.defaultMode);
  const defaultCover = await page.evaluate(cssVar('--cover'));

  const open = page.getByRole('button', { name: 'Theme settings' });
  await open.click();
  const panel = page.getByRole('dialog', { name: 'Theme' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('radio', { name: /^(Dark|Light)$/ })).toHaveCount(2);
  await expect(panel.getByRole('group', { name: 'Colour' }).getByRole('radio')).toHaveCount(
    theme.colors.length,
  );
  await expect(panel.getByRole('group', { name: 'Cover' }).getByRole('radio')).toHaveCount(
    theme.covers.length,
  );

  await panel.getByText(otherMode === 'light' ? 'Light' : 'Dark', { exact: true }).click();
  await panel.getByRole('radio', { name: color.name }).check({ force: true });
  await panel.getByRole('radio', { name: cover.name }).check({ force: true });
  // The cover is the image its swatch shows.
  const coverImage = await panel
    .locator('label', { has: page.getByRole('radio', { name: cover.name }) })
    .locator('img')
    .getAttribute('src');
  await panel.getByRole('checkbox', { name: /Footer/ }).uncheck({ force: true });
  await panel.getByRole('checkbox', { name: /Boxed layout/ }).check({ force: true });

  const expectApplied = async () => {
    await expect(page.locator('html')).toHaveAttribute('data-mode', otherMode);
    expect(await page.evaluate(cssVar('--accent'))).toBe(color[otherMode]);
    expect(await page.evaluate(cssVar('--bg'))).toBe(theme.modes[otherMode].background);
    const applied = await page.evaluate(cssVar('--cover'));
    expect(applied).not.toBe(defaultCover);
    expect(applied).toContain(coverImage!.slice(0, 200));
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.locator('.app')).toHaveAttribute('data-boxed', 'true');
  };
  await expectApplied();

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(open).toBeFocused();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectApplied();
  await open.click();
  await expect(panel.getByRole('radio', { name: color.name })).toBeChecked();
  await expect(panel.getByRole('radio', { name: cover.name })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: /Footer/ })).not.toBeChecked();

  await panel.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mode', theme.defaultMode);
  await expect(page.getByRole('contentinfo')).toHaveCount(manifest.layout.footer ? 1 : 0);
});

test('hiding the header keeps the theme panel and navigation reachable', async ({ page }) => {
  await page.addInitScript(
    ({ key }) => localStorage.setItem(key, JSON.stringify({ headerHidden: true })),
    { key: preferencesKey },
  );
  await page.goto('/');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.getByRole('button', { name: 'Theme settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Theme' })).toBeVisible();
});

signedOutTest(
  'corrupt or unknown stored values fall back to the defaults without an error',
  async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const login = manifest.routes.find((r) => r.id === manifest.auth.loginRoute)!;
    for (const stored of [
      '{"mode":"li',
      '"dark"',
      JSON.stringify({ mode: 'sepia', color: 'no-such', cover: 7, footer: 'no' }),
    ]) {
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: preferencesKey,
        value: stored,
      });
      await page.goto(login.path);
      await expect(page.getByRole('heading', { level: 1 }), stored).toHaveText(login.title);
      await expect(page.locator('html')).toHaveAttribute('data-mode', theme.defaultMode);
      const defaultColor = theme.colors.find((c) => c.id === theme.defaultColor)!;
      expect(await page.evaluate(cssVar('--accent'))).toBe(defaultColor[theme.defaultMode]);
    }
    // Corrupt stored user info too: treated as signed out, not as a crash.
    await page.addInitScript(({ key }) => localStorage.setItem(key, '{"name":'), {
      key: `${manifest.id}:user:v1`,
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(login.title);
    expect(errors).toEqual([]);
  },
);
