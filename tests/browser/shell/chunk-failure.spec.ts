/** Spec section 8: a screen chunk that fails to load never blanks the app. */
import { chunkPathOf, expect, manifest, screenChunkPath, signedInTest as test } from './session.ts';

const publicRoute = manifest.routes.find(
  (r) => r.auth === 'public' && r.path !== '*' && r.id !== manifest.auth.loginRoute,
)!;
const firstSidebarItem = manifest.sidebar.sections[0]!.items.at(-1)!;
const sidebarRoute = manifest.routes.find((r) => r.id === firstSidebarItem.target.route)!;

test('a chunk that fails on first load shows the recovery message, and Retry loads it', async ({
  page,
}) => {
  let blocked = true;
  await page.route(`**${screenChunkPath(publicRoute)}`, (request) =>
    blocked ? request.abort() : request.continue(),
  );

  await page.goto(publicRoute.path);
  // The shell stays: heading, navigation and a clear message with a way forward.
  await expect(page.getByRole('heading', { level: 1, name: publicRoute.title })).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This page could not be loaded');
  await expect(alert.getByRole('button', { name: 'Reload the app' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  blocked = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('.screen-body')).not.toBeEmpty();
});

test('a chunk that fails during navigation leaves the shell usable', async ({ page }) => {
  let blocked = true;
  await page.route(`**${screenChunkPath(sidebarRoute)}`, (request) =>
    blocked ? request.abort() : request.continue(),
  );
  await page.goto(publicRoute.path);
  await expect(page.locator('.screen-body')).not.toBeEmpty();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: firstSidebarItem.label, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: sidebarRoute.title })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This page could not be loaded');

  blocked = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('.screen-body')).not.toBeEmpty();
});

test('a theme drawer that fails to download says so, and opening it again retries', async ({
  page,
}) => {
  let blocked = true;
  await page.route(`**${chunkPathOf('runtime/shell/theme-panel.tsx')}`, (request) =>
    blocked ? request.abort() : request.continue(),
  );
  await page.goto(publicRoute.path);
  const open = page.getByRole('button', { name: 'Theme settings' });
  await open.click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The theme settings could not be loaded');
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  blocked = false;
  await open.click();
  await expect(page.getByRole('dialog', { name: 'Theme' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Light' })).toBeVisible();
});

test('a header menu whose entries fail to download says so, and opening it again retries', async ({
  page,
}) => {
  let blocked = true;
  await page.route(`**${chunkPathOf('runtime/shell/header-menu-entries.tsx')}`, (request) =>
    blocked ? request.abort() : request.continue(),
  );
  await page.goto(publicRoute.path);
  const button = page.getByRole('button', { name: 'Quick Search' });
  await button.click();
  const menu = page.getByRole('menu', { name: 'Quick Search' });
  const notLoaded = menu.getByRole('menuitem');
  await expect(notLoaded).toHaveText(
    'This menu could not be loaded. Check the connection, then open it again.',
  );
  await expect(notLoaded).toBeFocused();
  await notLoaded.click();
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  blocked = false;
  await button.click();
  await expect(menu.getByRole('menuitem')).toContainText(
    manifest.header.quickSearch.map((preset) => preset.label),
  );
});

for (const [what, module] of [
  ["the shell's chunk", 'runtime/app.tsx'],
  ["MSAL's chunk (the identity client)", 'auth/identity-client.ts'],
] as const) {
  test(`when ${what} fails to download, the page says the application could not be loaded`, async ({
    page,
  }) => {
    // Without either there is no app to mount: the page's first paint says so, where it said
    // "Loading…", instead of staying on it.
    await page.route(`**${chunkPathOf(module)}`, (request) => request.abort());
    await page.goto(publicRoute.path);
    await expect(page.getByRole('status')).toContainText(
      'The application could not be loaded. Check your connection, then reload the page.',
    );
    await expect(page.locator('.screen-body')).toHaveCount(0);
  });
}
