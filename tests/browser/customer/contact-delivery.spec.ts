/**
 * The contact form end to end on the acme build, whose manifest sends messages to
 * /api/v1/contact: the request the browser makes, the confirmation, and a failed delivery that
 * keeps the draft. The endpoint is answered here, as the deployment's mail service would.
 */
import { MIN_FILL_MS } from '../../../src/screens/pages/contact/message.ts';
import { customerTest, expect } from './customer-site.ts';

const test = customerTest('acme');

async function fillIn(page: import('@playwright/test').Page) {
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Work e-mail').fill('grace@navy.example');
  await page.getByLabel('Organisation').fill('Fleet Ops');
  await page.getByLabel('Topic').selectOption('Support');
  await page.getByLabel('Message').fill('The wallboard froze during the outage.');
}

test('a failed delivery keeps the draft; a delivered message clears it', async ({
  page,
  customerSite,
}) => {
  expect(customerSite.manifest.contact?.endpoint).toBe('/api/v1/contact');
  const received: unknown[] = [];
  let status = 503;
  await page.route('**/api/v1/contact', async (route) => {
    received.push(route.request().postDataJSON());
    await route.fulfill({ status, body: '' });
  });

  // The page's clock, moved past the spam guard's typing time instead of waiting it out.
  await page.clock.install();
  await page.goto('/page/contact-us');
  await fillIn(page);
  // The spam guard refuses a send faster than a person types.
  await page.clock.fastForward(MIN_FILL_MS + 100);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert')).toContainText('the server answered 503');
  await expect(page.getByRole('alert')).toContainText('Your message is kept in this browser');
  await page.reload();
  await expect(page.getByLabel('Message')).toHaveValue('The wallboard froze during the outage.');

  status = 202;
  await page.clock.fastForward(MIN_FILL_MS + 100);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you, your message was sent');
  expect(received.at(-1)).toEqual({
    name: 'Grace Hopper',
    email: 'grace@navy.example',
    organisation: 'Fleet Ops',
    topic: 'Support',
    message: 'The wallboard froze during the outage.',
  });
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('');
});

test('a bot that fills the hidden field is not delivered', async ({ page }) => {
  let requests = 0;
  await page.route('**/api/v1/contact', async (route) => {
    requests++;
    await route.fulfill({ status: 202, body: '' });
  });
  // The page's clock, moved past the spam guard's typing time instead of waiting it out.
  await page.clock.install();
  await page.goto('/page/contact-us');
  await fillIn(page);
  await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
  await page.clock.fastForward(MIN_FILL_MS + 100);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert')).toContainText('faster than a person types');
  expect(requests).toBe(0);
});
