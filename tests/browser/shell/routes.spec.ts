/**
 * Every route of the manifest, signed out and signed in (spec sections 2, 4 and 6). The route
 * list is read from the manifest the build was generated from, never written here.
 */
import {
  budgetPageLoads,
  loginRoute,
  manifestRoutes,
  test as signedOutTest,
} from '../harness/fixtures.ts';
import { expect, manifest, signedInTest } from './session.ts';

const login = loginRoute();
const brand = manifest.brand.name;
const notFound = manifest.routes.find((r) => r.path === '*')!;

/** The titles of the route's ancestors, root first (the breadcrumb trail without itself). */
function ancestorTitles(id: string): string[] {
  const titles: string[] = [];
  for (let r = manifest.routes.find((x) => x.id === id); r?.parent;) {
    r = manifest.routes.find((x) => x.id === r!.parent);
    if (r) titles.unshift(r.title);
  }
  return titles;
}

/** Routes in groups: one browser context visits several, and groups run in parallel. */
function inGroups<T>(items: readonly T[], size = 8): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

signedOutTest.describe('signed out', () => {
  for (const group of inGroups(manifestRoutes({ auth: 'public' }))) {
    signedOutTest(
      `public ${group.map((r) => r.path).join(', ')} render their titles`,
      async ({ page }) => {
        budgetPageLoads(group.length);
        for (const route of group) {
          await page.goto(route.path);
          expect(new URL(page.url()).pathname).toBe(route.path);
          await expect(page.getByRole('heading', { level: 1 }), route.path).toHaveText(route.title);
          await expect(page).toHaveTitle(`${route.title} · ${brand}`);
          if (route.description) {
            await expect(page.locator('.screen-description')).toHaveText(route.description);
          }
          await expect(page.locator('.screen-body'), route.path).not.toBeEmpty();
        }
      },
    );
  }

  signedOutTest(
    'every protected route lands on the sign-in page, remembering it',
    async ({ page }) => {
      const routes = manifestRoutes({ auth: 'required' });
      budgetPageLoads(routes.length);
      expect(routes.length).toBeGreaterThan(0);
      for (const route of routes) {
        const requested = `${route.path}?from=test`;
        await page.goto(requested);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(login.title);
        const url = new URL(page.url());
        expect(url.pathname, route.path).toBe(login.path);
        expect(url.searchParams.get('returnTo'), route.path).toBe(requested);
      }
    },
  );

  signedOutTest('a protected link clicked in the app leads to sign-in too', async ({ page }) => {
    const publicPage = manifestRoutes({ auth: 'public' }).find((r) => r.id !== login.id)!;
    const item = manifest.sidebar.sections
      .flatMap((s) => s.items)
      .find((i) => manifest.routes.find((r) => r.id === i.target.route)?.auth === 'required')!;
    await page.goto(publicPage.path);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: item.label, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(login.title);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(
      manifest.routes.find((r) => r.id === item.target.route)!.path,
    );
  });
});

for (const group of inGroups(manifestRoutes({ auth: 'required' }))) {
  const paths = group.map((r) => r.path).join(', ');
  signedInTest(`signed in, ${paths} render their titles and breadcrumbs`, async ({ page }) => {
    budgetPageLoads(group.length);
    for (const route of group) {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 }), route.path).toHaveText(route.title);
      await expect(page).toHaveTitle(`${route.title} · ${brand}`);
      const ancestors = ancestorTitles(route.id);
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
      if (ancestors.length === 0) await expect(crumbs).toHaveCount(0);
      else await expect(crumbs).toHaveText([...ancestors, route.title]);
      await expect(page.locator('.screen-body')).not.toBeEmpty();
    }
  });
}

signedInTest('signed in, the header greets the user by the stored name', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: /account menu/i })).toContainText('Avery Quinn');
});

for (const [label, makeTest] of [
  ['signed out', signedOutTest],
  ['signed in', signedInTest],
] as const) {
  makeTest(
    `${label}, an unknown path shows the error page with the address as text`,
    async ({ page }) => {
      await page.goto('/no/such/page/%3Cimg%20src=x%20onerror=alert(1)%3E');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.title);
      await expect(page).toHaveTitle(`${notFound.title} · ${brand}`);
      await expect(page.getByTestId('not-found-path')).toHaveText(
        '/no/such/page/<img src=x onerror=alert(1)>',
      );
      await expect(page.locator('.screen-body img')).toHaveCount(0);
      await expect(page.getByRole('link', { name: /dashboard/i }).first()).toBeVisible();
    },
  );
}
