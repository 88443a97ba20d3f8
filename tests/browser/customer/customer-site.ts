/**
 * Harness for white-label customer builds: a second app server, started once per worker on a
 * customer's site in dist/customers/NAME (built by `npm run build:customers`, which `npm test`
 * runs after the product build), with the embedded identity provider mounted at /idp for that
 * customer's client id. Tests get its URL as `baseURL` and keep the CSP check of every test.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { customerTarget, type CustomerTarget } from '../../../scripts/build/customer-target.ts';
import { createLocalIdp } from '../../../scripts/local-idp/index.ts';
import { DEMO_PASSWORD, demoUsers } from '../../../scripts/local-idp/demo-users.ts';
import { startAppServer } from '../../../scripts/serve/app-server.ts';
import { readGeneratedManifest } from '../../../scripts/serve/generated-manifest.ts';
import type { Manifest } from '../../../src/generated/manifest.types.ts';
import { expect, test } from '../harness/fixtures.ts';

export { expect };

export interface CustomerSite {
  target: CustomerTarget;
  /** The manifest the customer build ships (its generated, merged manifest). */
  manifest: Manifest;
  url: string;
}

/** Reads a customer's build; fails with the command to run when it is missing. */
export function customerBuild(name: string): Omit<CustomerSite, 'url'> {
  const target = customerTarget({ SA_CUSTOMER: name })!;
  if (!existsSync(join(target.outDir, 'index.html')) || !existsSync(target.generatedDir)) {
    throw new Error(
      `the ${name} build is missing (${target.outDir}): run npm run build:customer -- ${name}`,
    );
  }
  return { target, manifest: readGeneratedManifest(target.generatedDir) };
}

/** Tests against the site of customer `name` instead of the product's. */
export function customerTest(name: string) {
  return test.extend<object, { customerSite: CustomerSite }>({
    customerSite: [
      async ({}, use) => {
        const build = customerBuild(name);
        const server = await startAppServer({
          root: build.target.outDir,
          port: 0,
          mounts: async (origin) => [
            {
              prefix: '/idp',
              handler: await createLocalIdp({
                issuer: `${origin}/idp`,
                clientId: build.manifest.auth.clientId,
                clientName: build.manifest.brand.name,
              }),
            },
          ],
        });
        await use({ ...build, url: server.url });
        await server.close();
      },
      // A build's server and its provider; minutes only on a machine at load 20-38 (issue 34).
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ customerSite }, use) => use(customerSite.url),
  });
}

/** Signs in through the customer site's sign-in page and the embedded provider. */
export async function signIn(page: Page, manifest: Manifest): Promise<void> {
  const login = manifest.routes.find((r) => r.id === manifest.auth.loginRoute)!;
  const user = demoUsers[0]!;
  await page.goto(login.path);
  await page.getByRole('button', { name: /work or school account/i }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/idp') && url.pathname !== login.path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
