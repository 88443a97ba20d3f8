/** Sidebar, top navigation and what each navigation does (spec sections 2, 4 and 9). */
import {
  expect,
  manifest,
  preferencesKey,
  screenChunkPath,
  signedInTest as test,
} from './session.ts';

const routeOf = (id: string) => manifest.routes.find((r) => r.id === id)!;
const items = manifest.sidebar.sections.flatMap((s) => s.items);
const hrefOf = (target: { route: string; query?: Record<string, unknown> }) => {
  const query = new URLSearchParams(
    Object.entries(target.query ?? {}).map(([k, v]) => [k, String(v)]),
  ).toString();
  return routeOf(target.route).path + (query ? `?${query}` : '');
};
/** Sidebar entries that share a path, one with a query: the active-entry rule's test case. */
const withQuery = items.find(
  (i) =>
    i.target.query &&
    items.some((j) => j !== i && j.target.route === i.target.route && !j.target.query),
)!;
const plain = items.find((i) => i.target.route === withQuery.target.route && !i.target.query)!;
const breakpoint = manifest.layout.topNavBreakpointPx;

test('the sidebar shows every manifest section and entry, and the call to action', async ({
  page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const section of manifest.sidebar.sections) {
    const list = nav.getByRole('list', { name: section.title });
    await expect(list.getByRole('link')).toHaveText(section.items.map((i) => i.label));
  }
  const cta = manifest.sidebar.callToAction!;
  await page.getByRole('link', { name: cta.label }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(routeOf(cta.target.route).title);
  expect(page.url().endsWith(hrefOf(cta.target))).toBe(true);
});

test('an entry with a query is active only with that query', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.goto(hrefOf(withQuery.target));
  await expect(nav.getByRole('link', { name: withQuery.label, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: plain.label, exact: true })).not.toHaveAttribute(
    'aria-current',
  );
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

  await nav.getByRole('link', { name: plain.label, exact: true }).click();
  await expect(nav.getByRole('link', { name: plain.label, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: withQuery.label, exact: true })).not.toHaveAttribute(
    'aria-current',
  );
});

test('a navigation scrolls to the top, moves focus to the heading and sets the title', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Retried until the screen's content makes the page taller than the window.
  await expect
    .poll(() => page.evaluate(() => (window.scrollTo(0, 1e6), window.scrollY)))
    .toBeGreaterThan(0);
  const item = items[1]!;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: item.label, exact: true })
    .click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(routeOf(item.target.route).title);
  await expect(heading).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveTitle(`${routeOf(item.target.route).title} · ${manifest.brand.name}`);
});

test('a progress bar shows while the next screen loads', async ({ page }) => {
  const item = items[2]!;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${screenChunkPath(routeOf(item.target.route))}`, async (request) => {
    await released;
    await request.continue();
  });
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: item.label, exact: true })
    .click();
  const progress = page.getByRole('progressbar', { name: 'Loading page' });
  await expect(progress).toBeAttached();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    routeOf(item.target.route).title,
  );
  await expect(progress).toHaveCount(0);
});

test('the page transition lasts the manifest time, and none with reduced motion', async ({
  page,
}) => {
  const item = items[1]!;
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: item.label, exact: true })
    .click();
  const screen = page.locator('.screen');
  await expect(screen).toHaveCSS('animation-duration', `${manifest.layout.transitionMs / 1000}s`);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: item.label, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    routeOf(item.target.route).title,
  );
  await expect(screen).toHaveCSS('animation-name', 'none');
});

test('the desktop toggle collapses the sidebar to icons, kept after reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Collapse sidebar' });
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  const link = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: items[0]!.label, exact: true });
  // Icons only, yet every entry keeps its name for assistive technology.
  // Polled: the width animates between the two states.
  const width = async () => (await page.locator('#sidebar').boundingBox())!.width;
  await expect.poll(width).toBeLessThan(100);
  await expect(link).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect.poll(width).toBeGreaterThan(200);
});

test('on a phone the sidebar is a drawer that closes on Escape and on navigation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const open = page.getByRole('button', { name: 'Open navigation' });
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer).toBeHidden();
  await open.click();
  await expect(drawer).toBeVisible();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  const item = items[1]!;
  await drawer.getByRole('link', { name: item.label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    routeOf(item.target.route).title,
  );
  await expect(drawer).toBeHidden();

  await open.click();
  await page.mouse.click(380, 400); // the backdrop
  await expect(drawer).toBeHidden();
});

test(`top navigation replaces the sidebar from ${breakpoint} px and falls back below`, async ({
  page,
}) => {
  await page.addInitScript(
    ({ key }) => localStorage.setItem(key, JSON.stringify({ topNav: true })),
    { key: preferencesKey },
  );
  await page.setViewportSize({ width: breakpoint, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.locator('#sidebar')).toHaveCount(0);
  const section = manifest.sidebar.sections[1]!;
  const menuButton = nav.getByRole('button', { name: section.title });
  await menuButton.press('ArrowDown');
  const menu = page.getByRole('menu', { name: section.title });
  await expect(menu.getByRole('menuitem')).toHaveText(section.items.map((i) => i.label));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    routeOf(section.items[0]!.target.route).title,
  );
  await expect(menuButton).toHaveAttribute('data-active', 'true');

  await page.setViewportSize({ width: breakpoint - 1, height: 800 });
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await expect(page.locator('.top-nav')).toHaveCount(0);
});
