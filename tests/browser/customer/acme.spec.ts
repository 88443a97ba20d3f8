/**
 * The acme example customer (manifest/customers/acme.manifest.json) as its own deployed site:
 * its brand, its colours and light default mode, its presets and sidebar, and the error page
 * where the product has the Brand Report it hides.
 */
import { customerTest, expect, signIn } from './customer-site.ts';

const test = customerTest('acme');
const cssVar = (name: string) =>
  `getComputedStyle(document.documentElement).getPropertyValue('${name}').trim()`;

test('the sign-in page wears the Acme brand, light mode and orange accent', async ({
  page,
  customerSite,
}) => {
  const { manifest } = customerSite;
  await page.goto('/page/login');
  await expect(page).toHaveTitle('Sign In · Acme Telecom');
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'light');
  // Orange in light mode (#c2410c), as acme's defaultColor says; the product's is indigo.
  expect(await page.evaluate(cssVar('--accent'))).toBe('#c2410c');
  expect(await page.evaluate(cssVar('--bg'))).toBe(manifest.theme.modes.light.background);
  await expect(
    page.getByText('Acme Telecom plc. Speech analytics powered by Callscope.'),
  ).toBeVisible();
  await expect(page.getByText('Callscope Analytics Ltd.')).toHaveCount(0);
});

test('a hidden route shows the error page, where a kept one asks to sign in', async ({
  page,
  customerSite,
}) => {
  const notFound = customerSite.manifest.routes.find((r) => r.path === '*')!;
  for (const hidden of ['/chart/reportbrand', '/customer/voc', '/customer/trend-analysis']) {
    await page.goto(hidden);
    await expect(page.getByRole('heading', { level: 1 }), hidden).toHaveText(notFound.title);
    expect(new URL(page.url()).pathname).toBe(hidden);
  }
  // The Churn Report is kept: it exists and needs a signed-in user.
  await page.goto('/chart/reportchurn');
  await expect(page).toHaveURL(/\/page\/login\?/);
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page, customerSite }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, customerSite.manifest);
  });

  test('the sidebar has no Brand Analysis and no "The Story Behind the Calls"', async ({
    page,
  }) => {
    const nav = page.getByRole('navigation', { name: /main|sidebar/i }).first();
    await expect(nav.getByRole('link', { name: 'Advisors' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Non-Compliant Calls' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Brand Analysis' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'VOC', exact: true })).toHaveCount(0);
    await expect(nav.getByText('The Story Behind the Calls')).toHaveCount(0);
    await expect(nav.getByText('Performance Metrics')).toBeVisible();
  });

  test('Quick Search offers exactly the Acme presets, in order', async ({ page, customerSite }) => {
    await page.getByRole('button', { name: 'Quick Search' }).click();
    const menu = page.getByRole('menu', { name: 'Quick Search' });
    await expect(menu.getByRole('menuitem')).toHaveText(
      customerSite.manifest.header.quickSearch.map((p) => new RegExp(p.label)),
    );
    await expect(menu.getByRole('menuitem').first()).toContainText('Network Outage Reports');
    await menu.getByRole('menuitem', { name: /Port-Out Requests/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keyword Search');
    expect(new URL(page.url()).searchParams.get('key')).toContain('porting code');
  });

  test('the theme panel offers exactly the Acme colours and covers', async ({
    page,
    customerSite,
  }) => {
    const { theme } = customerSite.manifest;
    await page.getByRole('button', { name: 'Theme settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Theme' });
    const colours = panel.getByRole('group', { name: 'Colour' }).getByRole('radio');
    await expect(colours).toHaveCount(8);
    for (const [i, color] of theme.colors.entries()) {
      await expect(colours.nth(i)).toHaveAccessibleName(color.name);
    }
    await expect(panel.getByRole('radio', { name: 'Purple' })).toHaveCount(0);
    await expect(panel.getByRole('radio', { name: 'Orange' })).toBeChecked();
    const covers = panel.getByRole('group', { name: 'Cover' }).getByRole('radio');
    await expect(covers).toHaveCount(5);
    await expect(panel.getByRole('radio', { name: 'Waves' })).toBeChecked();
    await expect(panel.getByRole('radio', { name: 'Light' })).toBeChecked();
  });

  test('the hidden Brand Report is the error page for a signed-in user too, and its chunk is never asked for', async ({
    page,
    customerSite,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/chart/reportbrand');
    const notFound = customerSite.manifest.routes.find((r) => r.path === '*')!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.title);
    expect(requested.filter((path) => /brand-report/.test(path))).toEqual([]);
  });
});
