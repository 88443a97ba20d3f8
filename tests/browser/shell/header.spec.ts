/** The header (spec section 2): search, Quick Search presets, tools grid and user menu. */
import type { Page } from '@playwright/test';
import { test as plainTest } from '../harness/fixtures.ts';
import { goInApp } from '../data/screens.ts';
import {
  chunkPathOf,
  expect,
  manifest,
  signInThroughProvider,
  signedInTest as test,
} from './session.ts';

const routeOf = (id: string) => manifest.routes.find((r) => r.id === id)!;
const searchRoute = routeOf(manifest.header.search.route);
const param = manifest.header.search.param;

/** The query of the current URL as a plain object, decoded. */
const queryOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
/** A press on the sidebar's empty left edge: outside every pop-up, on no control. */
const clickOutside = (page: Page) => page.mouse.click(4, 300);
const expectedQuery = (query: Record<string, unknown> = {}) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));

// Blank first, then a real search: one load for both (issue 34).
test('a blank search does nothing; a search navigates with the typed text encoded, and shows it back as text', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search calls' });
  const before = page.url();
  await box.fill('   ');
  await box.press('Enter');
  // A search navigates from the key's handler; two frames later the address would have moved.
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
  });
  expect(page.url(), 'a blank search stays put').toBe(before);

  const text = '"cancel my" & <img src=x onerror=alert(1)> 100%';
  await box.fill(`  ${text}  `);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(searchRoute.title);
  expect(new URL(page.url()).pathname).toBe(searchRoute.path);
  expect(queryOf(page)).toEqual({ [param]: text });
  // The search screen shows the text back, as text or in its own search field, never as markup.
  const main = page.getByRole('main');
  await expect
    .poll(() =>
      main.evaluate(
        (element, typed) =>
          (element.textContent ?? '').includes(typed) ||
          [...element.querySelectorAll('input')].some((input) => input.value === typed),
        text,
      ),
    )
    .toBe(true);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  // The box keeps the current search.
  await expect(box).toHaveValue(text);
});

// One load for every preset: each is opened from the dashboard, reached again by the router
// (not a reload), so the check is the same and the page and its data load once (issue 34).
test('every Quick Search preset opens its search', async ({ page }) => {
  test.setTimeout(180_000);
  expect(manifest.header.quickSearch.length).toBeGreaterThan(0);
  const dashboard = manifest.routes.find((r) => r.path === '/')!;
  await page.goto('/');
  for (const preset of manifest.header.quickSearch) {
    await test.step(preset.label, async () => {
      await goInApp(page, '/');
      // On the dashboard again before the preset, so its heading below proves the navigation.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(dashboard.title);
      await page.getByRole('button', { name: 'Quick Search' }).click();
      const menu = page.getByRole('menu', { name: 'Quick Search' });
      await menu.getByRole('menuitem', { name: preset.label }).click();
      const target = routeOf(preset.target.route);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title);
      expect(new URL(page.url()).pathname).toBe(target.path);
      expect(queryOf(page)).toEqual(expectedQuery(preset.target.query));
      await expect(menu).toBeHidden();
    });
  }
});

// The menus' entries are a chunk of their own (header-menu-entries.tsx), fetched on first intent:
// a page downloads it only once a menu's button is pointed at, focused or pressed, and the first
// use then opens with every entry, by keyboard or by click, as when they were in the page.
test("a page loads the header menus' entries on first use only, and they open by keyboard and by click", async ({
  page,
}) => {
  const entries = chunkPathOf('runtime/shell/header-menu-entries.tsx');
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByTestId('kpi-grid')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked, 'no menu entries before any menu is used').not.toContain(entries);

  // First use by keyboard: the Tools button focused, then Enter.
  const tools = page.getByRole('button', { name: 'Tools' });
  await tools.focus();
  await page.keyboard.press('Enter');
  const grid = page.getByRole('menu', { name: 'Tools' });
  await expect(grid.getByRole('menuitem')).toHaveText(manifest.header.tools.map((t) => t.label));
  await expect(grid.getByRole('menuitem').first()).toBeFocused();
  expect(asked.filter((path) => path === entries)).toHaveLength(1);
  await page.keyboard.press('Escape');
  await expect(tools).toBeFocused();

  // First use by click, in a fresh page (the chunk comes from the browser's cache or the network).
  await page.reload();
  await page.getByRole('button', { name: /account menu/i }).click();
  const account = page.getByRole('menu', { name: 'Account' });
  await expect(account.getByRole('menuitem')).toHaveText(
    manifest.header.userMenu.map((e) => e.label),
  );
  await expect(account.getByRole('menuitem').first()).toBeFocused();
});

test('the tools grid opens and closes by keyboard, Escape and outside click', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Tools' });
  const grid = page.getByRole('menu', { name: 'Tools' });
  const tools = manifest.header.tools;

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(grid.getByRole('menuitem')).toHaveText(tools.map((t) => t.label));
  await expect(grid.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(grid.getByRole('menuitem').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(grid).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Space');
  await expect(grid).toBeVisible();
  await clickOutside(page);
  await expect(grid).toBeHidden();

  await button.press('ArrowDown');
  await expect(grid.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  const last = routeOf(tools.at(-1)!.target.route);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(last.title);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('the user menu greets the user and opens and closes by keyboard', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: /account menu/i });
  await expect(button).toContainText('Avery Quinn');
  const menu = page.getByRole('menu', { name: 'Account' });

  await button.press('ArrowDown');
  await expect(menu.getByRole('menuitem')).toHaveText(manifest.header.userMenu.map((e) => e.label));
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem').last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await expect(menu).toBeVisible();
  await clickOutside(page);
  await expect(menu).toBeHidden();

  for (const entry of manifest.header.userMenu) {
    if (!('route' in entry.target)) continue;
    await button.click();
    await menu.getByRole('menuitem', { name: entry.label }).click();
    const target = routeOf(entry.target.route);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title);
    expect(queryOf(page)).toEqual(expectedQuery(entry.target.query));
  }
});

// Its own sign-in: ending the provider session must not sign out the worker's shared session.
plainTest('Logout ends the session and lands on the sign-in page', async ({ page }) => {
  await signInThroughProvider(page);
  const logout = manifest.header.userMenu.find((e) => 'action' in e.target)!;
  const login = routeOf(manifest.auth.postLogoutRoute);
  await page.goto('/');
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: logout.label }).click();
  await page.waitForURL((url) => url.pathname === login.path, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(login.title);
  // Signed out for real: a protected page sends us back to sign in.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(login.title);
});

// A damaged identity cache (what a browser extension or a half-written profile leaves behind).
for (const damage of ['some', 'every'] as const) {
  plainTest(
    `with ${damage} MSAL entry damaged, the app recovers and Logout still signs out`,
    async ({ page }) => {
      await signInThroughProvider(page);
      const login = routeOf(manifest.auth.postLogoutRoute);
      await page.evaluate((all) => {
        const keys = Object.keys(localStorage).filter((k) => all || k.startsWith('msal.'));
        for (const [n, key] of keys.entries())
          if (!key.includes(':user:')) localStorage.setItem(key, n % 2 ? 'null' : '{not json');
      }, damage === 'every');
      await page.goto('/');
      const menu = page.getByRole('button', { name: /account menu/i });
      // The app either recovers the account (its menu shows) or ends the session (sign-in page).
      const signIn = page.getByRole('heading', { level: 1, name: login.title });
      await expect(menu.or(signIn)).toBeVisible();
      if (await menu.isVisible()) {
        const logout = manifest.header.userMenu.find((e) => 'action' in e.target)!;
        await menu.click();
        await page.getByRole('menuitem', { name: logout.label }).click();
      }
      // Either way the session ends here, on the sign-in page, and stays ended.
      await page.waitForURL((url) => url.pathname === login.path, { timeout: 30_000 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(login.title);
      await expect(page.getByRole('button', { name: /Sign in|Try again/ })).toBeEnabled();
    },
  );
}
