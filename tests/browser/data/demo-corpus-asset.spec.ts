/**
 * Issue 35: the static demo's corpus is generated when the site is built and shipped as an
 * asset (scripts/build/demo-corpus-plugin.ts); the page's data worker fetches it instead of
 * generating the corpus (src/data/worker/demo-corpus.ts). Checked as what happens, not as a
 * timing: the asset is requested, and the worker marks where its corpus came from.
 */
import type { Page, Worker } from '@playwright/test';
import { expect, test, waitForTiles } from './screens.ts';

const ASSET = /\/assets\/demo-corpus-[0-9a-f]+\.bin$/;

/** Opens / and returns the data worker and the origins of its corpus it marked. */
async function openDashboard(page: Page): Promise<{ worker: Worker; origins: string[] }> {
  const started = page.waitForEvent('worker', (w) => /data\.worker/.test(w.url()));
  await page.goto('/');
  await waitForTiles(page);
  const worker = await started;
  const origins = await worker.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .map((mark) => mark.name)
      .filter((name) => name.startsWith('demo-corpus:')),
  );
  return { worker, origins };
}

test('the dashboard reads the demo corpus from the build asset and never generates it', async ({
  page,
}) => {
  const fetched: number[] = [];
  page.context().on('requestfinished', async (request) => {
    if (ASSET.test(new URL(request.url()).pathname))
      fetched.push((await request.response())!.status());
  });
  const { origins } = await openDashboard(page);
  expect(origins).toEqual(['demo-corpus:asset']);
  expect(fetched).toEqual([200]);
});

test('a damaged asset is not shown: the worker says so and generates the corpus', async ({
  page,
}) => {
  await page.context().route(ASSET, async (route) => {
    const body = Buffer.from(await (await route.fetch()).body());
    body[body.length >> 1]! ^= 0xff;
    await route.fulfill({ body, contentType: 'application/octet-stream' });
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const { origins } = await openDashboard(page);
  expect(origins).toEqual(['demo-corpus:generated']);
  expect(warnings).toContainEqual(expect.stringMatching(/demo data shipped .* could not be read/));
});
