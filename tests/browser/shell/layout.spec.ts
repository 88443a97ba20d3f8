/**
 * The layout choices of the theme panel (spec section 9) keep the app usable: sign-out in every
 * layout, KPI tiles in balanced rows, an opaque sticky header and a full-height sidebar.
 */
import type { Page } from '@playwright/test';
import { DATA_TIMEOUT } from '../data/screens.ts';
import { expect, preferencesKey, signedInTest as test } from './session.ts';

const withPreferences = (page: Page, prefs: Record<string, unknown>) =>
  page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: preferencesKey,
    value: JSON.stringify(prefs),
  });

/** Tiles per row of the dashboard's KPI grid, top to bottom. */
async function tilesPerRow(page: Page): Promise<number[]> {
  const tops = await page
    .getByTestId('kpi-grid')
    .locator(':scope > *')
    .evaluateAll((tiles) => tiles.map((t) => Math.round(t.getBoundingClientRect().top)));
  const rows = new Map<number, number>();
  for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
  return [...rows.keys()].sort((a, b) => a - b).map((top) => rows.get(top)!);
}

test('without the header, search and the account menu with Logout stay reachable', async ({
  page,
}) => {
  await withPreferences(page, { headerHidden: true });
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(page.getByRole('banner')).toHaveCount(0);
    const controls = page.getByRole('complementary', { name: 'Display controls' });
    await expect(controls.getByRole('link', { name: 'Search calls' })).toBeVisible();
    await controls.getByRole('button', { name: /^Account menu for / }).click();
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await expect(logout).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    await expect(logout).toBeHidden();
  }
});

test('KPI tiles fill balanced rows at every width, with top navigation or the sidebar', async ({
  page,
}) => {
  for (const prefs of [{ topNav: true }, {}]) {
    await withPreferences(page, prefs);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await expect(page.getByTestId('kpi-grid').locator(':scope > *').first()).toBeVisible({
      timeout: DATA_TIMEOUT,
    });
    for (const width of [1920, 1440, 1280, 1100, 900, 700, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(
          async () => {
            const rows = await tilesPerRow(page);
            return rows.every((n) => n === rows[0]) ? 'balanced' : rows.join(' + ');
          },
          { message: `${JSON.stringify(prefs)} at ${width} px` },
        )
        .toBe('balanced');
    }
  }
});

test('the sticky header is opaque in both modes', async ({ page }) => {
  for (const mode of ['dark', 'light']) {
    await withPreferences(page, { mode });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mode', mode);
    const background = await page
      .getByRole('banner')
      .evaluate((header) => getComputedStyle(header).backgroundColor);
    // rgb(...) is opaque; rgba(..., a) or color(... / a) with a < 1 lets content show through.
    expect(background, `${mode} header background`).toMatch(/^rgb\(/);
  }
});

test('the sidebar runs the full height of the window, however far the page scrolls', async ({
  page,
}) => {
  for (const [prefs, size] of [
    [{}, { width: 1440, height: 1400 }],
    [{ sidebarCollapsed: true }, { width: 1280, height: 700 }],
  ] as const) {
    await withPreferences(page, prefs);
    await page.setViewportSize(size);
    await page.goto('/');
    await page.mouse.wheel(0, 2000);
    const box = await page.locator('#sidebar').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBe(0);
    expect(box!.height).toBe(size.height);
  }
});
