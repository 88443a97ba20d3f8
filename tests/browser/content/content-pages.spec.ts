/**
 * Content pages (routes with `content` in the manifest) and the contact form. The pages are read
 * from the manifest the build was generated from; the contact form's delivery is exercised on
 * the acme build, whose manifest configures an endpoint (see contact-delivery.spec.ts).
 */
import { budgetPageLoads, expect, manifest, test } from '../harness/fixtures.ts';

const contentRoutes = manifest.routes.filter((r) => r.content !== undefined);

test('every content page renders its document, and its route links navigate in the app', async ({
  page,
}) => {
  expect(contentRoutes.length).toBeGreaterThan(5);
  budgetPageLoads(contentRoutes.length);
  for (const route of contentRoutes) {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.title);
    const article = page.locator('article.content-page');
    await expect(article.getByRole('heading', { level: 2 }).first(), route.path).toBeVisible();
    await expect(page.getByText('What this page will show')).toHaveCount(0);
  }
  // A link inside content is a client-side navigation to a route of this deployment.
  await page.goto('/page/legal');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page
    .locator('article.content-page')
    .getByRole('link', { name: 'contact form' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/page\/contact-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  // The table of contents jumps to its heading.
  await page.goto('/page/legal');
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: 'Security' })
    .click();
  await expect(page).toHaveURL(/#security$/);
});

test.describe('contact form without an endpoint (the product)', () => {
  test('checks each field, keeps the draft across a reload, and hands the message to e-mail', async ({
    page,
  }) => {
    // The page's clock is the test's: the spam guard's minimum typing time passes without a sleep.
    await page.clock.install();
    await page.goto('/page/contact-us');
    await expect(page.getByRole('note')).toContainText(manifest.contact!.email!);
    await page.getByRole('button', { name: 'Write it in my e-mail app' }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('4 fields need your attention');
    await expect(summary).toBeFocused();
    await expect(page.getByLabel('Work e-mail')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Work e-mail').fill('ada@example');
    await page.getByLabel('Work e-mail').blur();
    await expect(page.getByText('Enter an e-mail address like name@example.com.')).toHaveCount(2);
    await page.getByLabel('Work e-mail').fill('ada@example.com');
    await page.getByLabel('Topic').selectOption('Sales');
    await page.getByLabel('Message').fill('We run forty seats in two sites.');
    await page.clock.fastForward(5_000);

    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');
    await expect(page.getByLabel('Topic')).toHaveValue('Sales');
    await expect(page.getByLabel('Message')).toHaveValue('We run forty seats in two sites.');

    // Typed 5 s ago, before the reload: the restored draft is sent at once (the guard's timer
    // runs from the first keystroke, not from the reload).
    // Chromium cannot open an e-mail app headless: the page says what happened and keeps the text.
    await page.getByRole('button', { name: 'Write it in my e-mail app' }).click();
    await expect(page.getByText('faster than a person types')).toHaveCount(0);
    await expect(page.getByRole('status')).toContainText('Your e-mail app should have opened');
    await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('');
  });
});

test('Developer Assist: the BI guide, the API reference and the connectors, each at its address', async ({
  page,
  request,
}) => {
  await page.goto('/page/dev-assist?topic=bi-setup');
  await expect(page.getByRole('heading', { name: 'Tables and fields' })).toBeVisible();
  await page.getByText('Call', { exact: true }).first().click();
  await expect(page.getByRole('rowheader', { name: 'analysis.churnRisk.level' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Metric definitions' })).toBeVisible();

  await page.getByRole('link', { name: /API reference/ }).click();
  await expect(page).toHaveURL(/topic=api$/);
  const endpoints = page.getByRole('region', { name: 'Endpoints' });
  await expect(endpoints.locator('[data-operation="kpis"]')).toContainText('POST /v1/kpis');
  // The page and the served file are one document: as many endpoints as the file has operations.
  const file = (await (await request.get('/api/openapi.json')).json()) as {
    paths: Record<string, object>;
  };
  const operations = Object.values(file.paths).reduce(
    (n, verbs) => n + Object.keys(verbs).length,
    0,
  );
  await expect(endpoints.locator('tbody tr')).toHaveCount(operations);

  await page.getByRole('link', { name: /Connectors/ }).click();
  await expect(page.getByRole('heading', { name: 'Call metadata' })).toBeVisible();
});
